#include "text_render.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

// stb is third-party code: its warnings are not ours.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <stb/stb_truetype.h>
#pragma GCC diagnostic pop

namespace ember {
namespace ocr {

namespace {

// UTF-8 to code points; an invalid byte becomes U+FFFD.
std::vector<int> DecodeUtf8(const std::string& s) {
  std::vector<int> cps;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) {
      cps.push_back(0xFFFD);
      ++i;
      continue;
    }
    int cp = len == 1 ? c : c & (0x7F >> len);
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    cps.push_back(cp);
    i += len;
  }
  return cps;
}

}  // namespace

std::string DefaultFontPath() {
  const char* env = std::getenv("EMBER_OCR_FONT");
  if (env && *env) return env;
  return "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
}

Status RenderTextLine(const std::string& text, const std::string& font_path, float em_pixels, int margin,
                      Image* out) {
  if (text.empty()) return InvalidArgument("render text: the text is empty");
  if (!(em_pixels >= 4 && em_pixels <= 1000)) return InvalidArgument("render text: font size ", em_pixels, " px");
  if (margin < 0 || margin > 10000) return InvalidArgument("render text: margin ", margin);
  std::ifstream f(font_path, std::ios::binary);
  if (!f) return NotFound("font ", font_path, " not found (install fonts-dejavu-core or set EMBER_OCR_FONT)");
  std::vector<unsigned char> ttf((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  stbtt_fontinfo font;
  int offset = stbtt_GetFontOffsetForIndex(ttf.data(), 0);
  if (ttf.size() < 12 || offset < 0 || !stbtt_InitFont(&font, ttf.data(), offset))
    return ParseError("font ", font_path, ": not a TrueType font");
  float scale = stbtt_ScaleForMappingEmToPixels(&font, em_pixels);
  int ascent, descent, line_gap;
  stbtt_GetFontVMetrics(&font, &ascent, &descent, &line_gap);
  std::vector<int> cps = DecodeUtf8(text);

  // Pen positions (with kerning) and the line's width.
  std::vector<float> pen(cps.size());
  float x = 0;
  for (size_t i = 0; i < cps.size(); ++i) {
    pen[i] = x;
    int advance, lsb;
    stbtt_GetCodepointHMetrics(&font, cps[i], &advance, &lsb);
    x += advance * scale;
    if (i + 1 < cps.size()) x += scale * stbtt_GetCodepointKernAdvance(&font, cps[i], cps[i + 1]);
  }
  int text_w = static_cast<int>(std::ceil(x));
  int baseline = static_cast<int>(std::ceil(ascent * scale));
  int text_h = baseline + static_cast<int>(std::ceil(-descent * scale));
  int width = text_w + 2 * margin, height = text_h + 2 * margin;

  // Coverage (0..255) of the glyphs, combined with max where they overlap.
  std::vector<uint8_t> cover(static_cast<size_t>(width) * height, 0);
  std::vector<uint8_t> glyph;
  for (size_t i = 0; i < cps.size(); ++i) {
    float shift_x = pen[i] - std::floor(pen[i]);
    int x0, y0, x1, y1;
    stbtt_GetCodepointBitmapBoxSubpixel(&font, cps[i], scale, scale, shift_x, 0, &x0, &y0, &x1, &y1);
    int gw = x1 - x0, gh = y1 - y0;
    if (gw <= 0 || gh <= 0) continue;
    glyph.assign(static_cast<size_t>(gw) * gh, 0);
    stbtt_MakeCodepointBitmapSubpixel(&font, glyph.data(), gw, gh, gw, scale, scale, shift_x, 0, cps[i]);
    int ox = margin + static_cast<int>(std::floor(pen[i])) + x0, oy = margin + baseline + y0;
    for (int gy = 0; gy < gh; ++gy)
      for (int gx = 0; gx < gw; ++gx) {
        int px = ox + gx, py = oy + gy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        uint8_t& c = cover[static_cast<size_t>(py) * width + px];
        c = std::max(c, glyph[static_cast<size_t>(gy) * gw + gx]);
      }
  }
  out->width = width;
  out->height = height;
  out->channels = 3;
  out->pixels.resize(cover.size() * 3);
  for (size_t i = 0; i < cover.size(); ++i)
    out->pixels[3 * i] = out->pixels[3 * i + 1] = out->pixels[3 * i + 2] = static_cast<uint8_t>(255 - cover[i]);
  return Status::OK();
}

}  // namespace ocr
}  // namespace ember
