#!/usr/bin/env python3
"""Per-function guest instructions of one inference, from two runs of insn_count's tbs= output.

  functions.py BINARY TBS_1 TBS_3 [--top N]

TBS_1 and TBS_3 are the block files of a run with 1 and with 3 timed loops (tools/arm_bench.sh --functions
writes them): a function's count in the second minus the first, halved, is its share of one inference, so
loading and set-up cancel. Addresses map to BINARY's symbols (aarch64 nm); a position-independent binary is
loaded by qemu-aarch64 at 0x5500000000, and the base is checked against the text section's range.
"""
import bisect
import collections
import subprocess
import sys

PIE_BASE = 0x5500000000


def symbols(binary):
    out = subprocess.run(["aarch64-linux-gnu-nm", "-C", "-n", "--defined-only", binary], check=True,
                         capture_output=True, text=True).stdout
    addrs, names = [], []
    for line in out.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            addrs.append(int(parts[0], 16))
            names.append(parts[2])
    return addrs, names


OUTSIDE = "(outside the binary: the C library's memcpy / memset / malloc, libgomp, libstdc++, the loader)"


def text_end(binary):
    """End address of the binary's executable sections: blocks past it run in shared libraries."""
    out = subprocess.run(["aarch64-linux-gnu-readelf", "-SW", binary], check=True, capture_output=True,
                         text=True).stdout
    end = 0
    for line in out.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 7 and parts[0].startswith("[") and "X" in parts[7]:
            end = max(end, int(parts[3], 16) + int(parts[5], 16))
    return end


def per_function(tbs, addrs, names, base, end):
    counts = collections.Counter()
    with open(tbs) as f:
        for line in f:
            vaddr, n, execs = line.split()
            a = int(vaddr, 16) - base
            i = bisect.bisect_right(addrs, a) - 1
            name = OUTSIDE if a >= end or a < 0 else names[i] if i >= 0 else "?"
            counts[name] += int(n) * int(execs)
    return counts


def main():
    args = sys.argv[1:]
    top = 30
    if "--top" in args:
        i = args.index("--top")
        top = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    binary, tbs1, tbs3 = args
    addrs, names = symbols(binary)
    is_pie = b"DYN" in subprocess.run(["file", "-L", binary], capture_output=True).stdout or \
        subprocess.run(["aarch64-linux-gnu-readelf", "-h", binary], capture_output=True, text=True).stdout.find(
            "DYN (") >= 0
    base = PIE_BASE if is_pie else 0
    end = text_end(binary)
    one = per_function(tbs1, addrs, names, base, end)
    three = per_function(tbs3, addrs, names, base, end)
    diff = {k: (three[k] - one.get(k, 0)) / 2 for k in three}
    total = sum(v for v in diff.values() if v > 0)
    print(f"{'M insns':>9} {'share':>6}  function (one inference; total {total / 1e6:.1f}M)")
    for name, v in sorted(diff.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{v / 1e6:9.2f} {100 * v / total:5.1f}%  {name[:150]}")


if __name__ == "__main__":
    main()
