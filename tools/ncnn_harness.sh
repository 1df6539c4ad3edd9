# Shared by the benchmark scripts that run ncnn's own harness (../shared/bench/ncnn/README) beside Ember;
# source it.
# input_whc PARAM: the W H C of a graph's Input layer (0=w 1=h 2=c), as ncnn's benchncnn sizes it.
input_whc() {
  awk '$1 == "Input" {for (i = 1; i <= NF; ++i) {split($i, kv, "="); a[kv[1]] = kv[2]} print a["0"], a["1"], a["2"]; exit}' "$1"
}
# ncnn_median_ms HARNESS PARAM THREADS WARMUP LOOPS: the harness's median ms in float32 (empty when it fails).
ncnn_median_ms() {
  local w h c
  read -r w h c < <(input_whc "$2")
  NCNN_FP32=1 "$1" "$2" "$w" "$h" "$c" "$3" "$4" "$5" 2>&1 | awk '$1 == "median_ms" { print $2 }'
}
