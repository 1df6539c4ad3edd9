#!/usr/bin/python3
"""Writes a receipt photo stand-in: four lines in four DejaVu faces, rotated 2 degrees, Gaussian noise, JPEG
quality 70 (Debian's python3-pil and numpy, which python3-torchvision depends on).
usage: make_receipt.py OUT.jpg   (prints the four lines, one per line)"""
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
LINES = [("Corner Cafe", "DejaVuSerif-Bold.ttf"), ("Latte 2x 7.80", "DejaVuSans.ttf"),
         ("Bagel 3.25", "DejaVuSansMono.ttf"), ("Total 11.05", "DejaVuSans-Bold.ttf")]

img = Image.new("L", (640, 360), 255)
draw = ImageDraw.Draw(img)
for i, (text, face) in enumerate(LINES):
    draw.text((60, 40 + i * 75), text, font=ImageFont.truetype(FONTS + face, 34), fill=0)
img = img.rotate(2, resample=Image.BICUBIC, fillcolor=255)
noisy = np.asarray(img, np.float32) + np.random.default_rng(0).normal(0, 12, (360, 640))
Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8)).convert("RGB").save(sys.argv[1], quality=70)
print("\n".join(text for text, _ in LINES))
