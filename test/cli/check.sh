# Sourced by the CLI test scripts: a temporary folder ($tmp, removed on exit), counters and
#   check NAME EXPECTED_RC REGEX -- command...
# which runs the command and counts a pass when it exits EXPECTED_RC and its output (stdout + stderr) matches.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
  local name=$1 want_rc=$2 regex=$3
  shift 4
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -eq "$want_rc" ] && grep -Eq -- "$regex" <<<"$out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAILED: $name (exit $rc, wanted $want_rc; output must match /$regex/)"
    echo "$out" | head -20
  fi
}
