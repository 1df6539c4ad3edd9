// Renders a line of text into an image with a TrueType font (stb_truetype), black on white.
#pragma once

#include <string>

#include "framework/status.h"
#include "ocr_image.h"

namespace ember {
namespace ocr {

// $EMBER_OCR_FONT, else Debian's DejaVuSans (fonts-dejavu-core).
std::string DefaultFontPath();

// Draws UTF-8 `text` at `em_pixels` pixels per em (PIL's font size: DejaVuSans capitals are then about
// 0.73 em tall), with `margin` white pixels on every side. Output: RGB, black text on white.
Status RenderTextLine(const std::string& text, const std::string& font_path, float em_pixels, int margin,
                      Image* out);

}  // namespace ocr
}  // namespace ember
