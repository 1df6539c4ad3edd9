#!/usr/bin/env python3
"""What each part of a linked binary costs, from its GNU ld link map (-Wl,-Map=FILE).

usage: link_map_sizes.py [--files N] MAP [MAP...]
--files N prints the N largest input files (objects, archive members) instead of the parts.
Prints, per map, one "part<TAB>bytes" line per part: the sizes of the input sections the linker kept in
allocated output sections (what stays after strip; .bss and debug sections excluded), attributed to
  framework, io, passes, ops, kernels (Ember's src/ folders), protobuf-lite (runtime and the generated schema
  code), libstdc++, libgcc, libgomp, libc/crt, app (the program's own code), padding, linker tables (relocations, dynamic symbols,
  .eh_frame_hdr: made by the linker for position-independent code), and "lto (ember and app, merged)": a
  link-time-optimized link's code (GCC's ltrans objects no longer say which source file a function came from).
"""
import re
import sys

NOT_IN_FILE = re.compile(r"^\.(bss|tbss|debug|comment|note\.gnu\.gold|gnu\.build\.attributes|stab)")
INPUT_LINE = re.compile(r"^ (\S+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
CONTINUATION = re.compile(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
LINKER_MADE = re.compile(r"^\.(rela?\.|eh_frame_hdr|dyn|got|plt|gnu\.version|gnu\.hash|hash|interp|relr)")
FILL = re.compile(r"^ \*fill\*\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)")


def part_of_source(path):
    """Part of an object compiled from src/... (the path CMake gives objects keeps the source path)."""
    for folder, part in (("/src/framework/", "framework"), ("/src/passes/", "passes"), ("/src/io/", "io"),
                         ("/src/operators/kernel/", "kernels")):
        if folder in path:
            return part
    if "/src/operators/" in path:
        return "ops"
    return None


def part_of(file, members):
    archive = re.match(r"^(.*/)?([^/(]+)\((.+)\)$", file)
    if archive:
        lib, member = archive.group(2), archive.group(3)
        if lib.startswith("libprotobuf") or lib == "libember_proto_objs.a":
            return "protobuf-lite"
        if lib.startswith("libstdc++") or lib.startswith("libsupc++"):
            return "libstdc++"
        if lib.startswith("libgcc"):
            return "libgcc"
        if lib.startswith("libgomp"):
            return "libgomp"
        if lib == "libember.a":
            if ".pb.cc" in member:  # the schemas' objects, in libember.a too (an installed one stands alone)
                return "protobuf-lite"
            return members.get(member, "framework" if member.startswith("op_registry_table") else "ember (other)")
        return "libc/crt"
    if ".pb.cc" in file:
        return "protobuf-lite"
    if "op_registry_table" in file:
        return "framework"
    part = part_of_source(file)
    if part:
        return part
    if "/tools/" in file:
        return "app"
    if re.search(r"\.ltrans\d*\.ltrans\.o$", file):
        return "lto (ember and app, merged)"
    return "libc/crt"


def source_members(src_root):
    """Archive member name (tensor.cpp.o) -> part, from the source tree (ar keeps base names only)."""
    import os
    members = {}
    for root, _, files in os.walk(src_root):
        for f in files:
            if f.endswith((".cpp", ".cc", ".c")):
                members[f + ".o"] = part_of_source(os.path.join(root, f) + "") or "ember (other)"
    return members


def sizes(map_path, members, by_file=False):
    totals = {}
    in_map = False
    out_section = None
    pending = None
    with open(map_path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not in_map:
                in_map = line.startswith("Linker script and memory map")
                continue
            if line.startswith("."):
                out_section = line.split()[0]
                continue
            if out_section is None or NOT_IN_FILE.match(out_section):
                pending = None
                continue
            m = FILL.match(line)
            if m:
                totals["padding"] = totals.get("padding", 0) + int(m.group(2), 16)
                continue
            m = INPUT_LINE.match(line)
            if m:
                size, file = int(m.group(3), 16), m.group(4)
            elif pending and CONTINUATION.match(line):
                c = CONTINUATION.match(line)
                size, file = int(c.group(2), 16), c.group(3)
            else:
                pending = line.startswith(" .") and len(line.split()) == 1
                continue
            pending = None
            if size:
                part = "linker tables" if LINKER_MADE.match(out_section) else part_of(file, members)
                if by_file and part != "linker tables":
                    part = file.split(".dir/")[-1].split("/")[-1]
                totals[part] = totals.get(part, 0) + size
    return totals


def main():
    import os
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src")
    members = source_members(src)
    args = sys.argv[1:]
    top = 0
    if args[:1] == ["--files"]:
        top, args = int(args[1]), args[2:]
    for path in args:
        rows = sorted(sizes(path, members, by_file=top > 0).items(), key=lambda kv: -kv[1])
        for part, size in rows[:top] if top else rows:
            print(f"{part}\t{size}")


if __name__ == "__main__":
    main()
