#include "ocr_draw.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "../ocr/text_render.h"

namespace ember {
namespace ocr {

namespace {

struct Rgb {
  uint8_t r, g, b;
};

// Colours that stand out on scans and photos, one per line in turn.
const Rgb kColors[] = {{230, 25, 75}, {0, 130, 200}, {60, 180, 75}, {245, 130, 48}, {145, 30, 180}};

void Put(Image* im, int x, int y, Rgb c) {
  if (x < 0 || y < 0 || x >= im->width || y >= im->height) return;
  uint8_t* p = &im->pixels[(static_cast<size_t>(y) * im->width + x) * 3];
  p[0] = c.r, p[1] = c.g, p[2] = c.b;
}

// A line `thickness` pixels wide: squares stamped along it, one per pixel step.
void DrawLine(Image* im, Point a, Point b, int thickness, Rgb c) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const int steps = std::max(1, static_cast<int>(std::ceil(std::max(std::fabs(dx), std::fabs(dy)))));
  const int r0 = -(thickness / 2), r1 = r0 + thickness;
  for (int i = 0; i <= steps; ++i) {
    const int x = static_cast<int>(std::lround(a.x + dx * i / steps));
    const int y = static_cast<int>(std::lround(a.y + dy * i / steps));
    for (int oy = r0; oy < r1; ++oy)
      for (int ox = r0; ox < r1; ++ox) Put(im, x + ox, y + oy, c);
  }
}

// The black-on-white `label` pasted with its top-left at (x, y): the text in colour c on white.
void PasteLabel(Image* im, const Image& label, int x, int y, Rgb c) {
  for (int ly = 0; ly < label.height; ++ly)
    for (int lx = 0; lx < label.width; ++lx) {
      const float ink = 1.f - label.at(lx, ly, 0) / 255.f;
      auto mix = [ink](uint8_t v) { return static_cast<uint8_t>(std::lround(v * ink + 255 * (1 - ink))); };
      Put(im, x + lx, y + ly, {mix(c.r), mix(c.g), mix(c.b)});
    }
}

Image ToRgb(const Image& src) {
  if (src.channels == 3) return src;
  Image out;
  out.width = src.width, out.height = src.height, out.channels = 3;
  out.pixels.resize(static_cast<size_t>(src.width) * src.height * 3);
  for (int y = 0; y < src.height; ++y)
    for (int x = 0; x < src.width; ++x)
      for (int c = 0; c < 3; ++c)
        out.pixels[(static_cast<size_t>(y) * src.width + x) * 3 + c] = src.at(x, y, src.channels == 1 ? 0 : c);
  return out;
}

}  // namespace

Image DrawOcrLines(const Image& image, const std::vector<OcrLine>& lines, const std::string& font_path,
                   std::string* warning) {
  Image out = ToRgb(image);
  const int thickness = std::max(1, std::min(out.width, out.height) / 300 + 1);
  for (size_t i = 0; i < lines.size(); ++i) {
    const Rgb c = kColors[i % (sizeof(kColors) / sizeof(kColors[0]))];
    const Point* q = lines[i].box.p;
    for (int k = 0; k < 4; ++k) DrawLine(&out, q[k], q[(k + 1) % 4], thickness, c);
    if (lines[i].text.empty() || !warning->empty()) continue;
    // The label's text about as tall as the line's, within what stays legible and fits.
    const float box_h = std::hypot(q[3].x - q[0].x, q[3].y - q[0].y);
    const float em = std::min(48.f, std::max(12.f, 0.8f * box_h));
    Image label;
    Status s = RenderTextLine(lines[i].text, font_path, em, 1, &label);
    if (!s.ok()) {
      *warning = "labels left out: " + s.message();
      continue;
    }
    const float top = std::min(q[0].y, q[1].y), bottom = std::max(q[2].y, q[3].y);
    const int x = static_cast<int>(std::lround(std::min(q[0].x, q[3].x)));
    int y = static_cast<int>(std::lround(top)) - thickness - label.height;
    if (y < 0) y = static_cast<int>(std::lround(bottom)) + thickness;  // no room above: below the box
    PasteLabel(&out, label, x, y, c);
  }
  return out;
}

}  // namespace ocr
}  // namespace ember
