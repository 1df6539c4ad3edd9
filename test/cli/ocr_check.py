#!/usr/bin/env python3
"""PNG helpers for test_cli_ocr.sh, with the standard library only (zlib; no numpy or PIL).

  ocr_check.py compose OUT.png W H X Y IN.png [X Y IN.png]...
      pastes each IN at (X, Y) on a white W x H canvas; prints the ink box [x0, y0, x1, y1] (pixels darker than
      128, inclusive) of each pasted image in OUT's coordinates, as JSON.
  ocr_check.py json OCR.json INK.json TEXT...
      checks `ember ocr --json`: the image size, one line per TEXT in order with that text, each box's corners
      inside the image and the box enclosing its ink box (at most SLACK pixels more on any side).
  ocr_check.py draw IN.png DRAWN.png OCR.json
      checks `ember ocr --draw`: DRAWN has IN's size, pixels inside every line's box differ from IN, and the
      pixels far from every box and its label are IN's.
Exits 1 with a message naming the failed check.
"""
import json
import struct
import sys
import zlib

SLACK = 24  # DB's unclip expands a box around its text by about half the text height


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace:
                raise SystemExit(f"{path}: only 8-bit non-interlaced PNGs")
            ch = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
        elif kind == b"IDAT":
            idat += body
    raw, stride = zlib.decompress(idat), w * ch
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - ch] if i >= ch else 0
            b, c = prev[i], prev[i - ch] if i >= ch else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    rgb = [[tuple(r[x * ch + (k if ch >= 3 else 0)] for k in range(3)) for x in range(w)] for r in rows]
    return w, h, rgb


def write_png(path, w, h, rgb):
    raw = b"".join(b"\0" + bytes(v for px in row for v in px) for row in rgb)
    chunk = lambda k, b: struct.pack(">I", len(b)) + k + b + struct.pack(">I", zlib.crc32(k + b))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def fail(msg):
    print("ocr_check: " + msg)
    sys.exit(1)


def compose(out, w, h, pastes):
    canvas = [[(255, 255, 255)] * w for _ in range(h)]
    inks = []
    for x0, y0, path in pastes:
        pw, ph, px = read_png(path)
        ink = [w, h, -1, -1]
        for y in range(ph):
            for x in range(pw):
                canvas[y0 + y][x0 + x] = px[y][x]
                if sum(px[y][x]) < 3 * 128:
                    ink = [min(ink[0], x0 + x), min(ink[1], y0 + y), max(ink[2], x0 + x), max(ink[3], y0 + y)]
        inks.append(ink)
    write_png(out, w, h, canvas)
    print(json.dumps(inks))


def check_json(ocr_path, ink_path, texts):
    r, inks = json.load(open(ocr_path)), json.load(open(ink_path))
    w, h = r["image"]["width"], r["image"]["height"]
    got = [line["text"] for line in r["lines"]]
    if got != texts:
        fail(f"lines {got}, wanted {texts}")
    for line, ink in zip(r["lines"], inks):
        box = line["box"]
        if len(box) != 4 or any(not (0 <= x <= w and 0 <= y <= h) for x, y in box):
            fail(f"'{line['text']}': box {box} not four corners inside the {w} x {h} image")
        xs, ys = [p[0] for p in box], [p[1] for p in box]
        lo, hi = [min(xs), min(ys)], [max(xs), max(ys)]
        for k in range(2):
            if not (ink[k] - SLACK <= lo[k] <= ink[k] + 1 and ink[k + 2] - 1 <= hi[k] <= ink[k + 2] + SLACK):
                fail(f"'{line['text']}': box {box} does not fit its ink box {ink}")
        if not 0.5 < line["score"] <= 1:
            fail(f"'{line['text']}': score {line['score']}")
    t = r["timings_ms"]
    if not all(t[k] >= 0 for k in ("load", "detection", "recognition", "total")) or t["total"] <= 0:
        fail(f"timings {t}")
    print(f"ok: {len(got)} lines, boxes fit their text")


def check_draw(in_path, drawn_path, ocr_path):
    w, h, src = read_png(in_path)
    dw, dh, out = read_png(drawn_path)
    if (dw, dh) != (w, h):
        fail(f"drawn image is {dw} x {dh}, the input {w} x {h}")
    near = set()  # pixels of a box, its label (above or below it) or the line around it
    for line in json.load(open(ocr_path))["lines"]:
        xs, ys = [p[0] for p in line["box"]], [p[1] for p in line["box"]]
        x0, y0, x1, y1 = int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1
        changed = sum(src[y][x] != out[y][x] for y in range(max(0, y0), min(h, y1 + 1))
                      for x in range(max(0, x0), min(w, x1 + 1)))
        if changed < 2 * (x1 - x0):  # at least the box's top and bottom edges
            fail(f"'{line['text']}': {changed} pixels changed inside box {line['box']}")
        lh = y1 - y0 + 60
        near |= {(x, y) for y in range(y0 - lh, y1 + lh) for x in range(x0 - 10, w)}
    far = [(x, y) for y in range(h) for x in range(w) if (x, y) not in near]
    moved = sum(src[y][x] != out[y][x] for x, y in far)
    if not far or moved:
        fail(f"{moved} of {len(far)} pixels away from the boxes changed")
    print(f"ok: boxes drawn, {len(far)} pixels elsewhere unchanged")


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "compose":
        pastes = [(int(args[i]), int(args[i + 1]), args[i + 2]) for i in range(3, len(args), 3)]
        compose(args[0], int(args[1]), int(args[2]), pastes)
    elif cmd == "json":
        check_json(args[0], args[1], args[2:])
    elif cmd == "draw":
        check_draw(*args)
    else:
        fail(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
