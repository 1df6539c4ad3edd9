// `ember ocr --draw`: the input image with each detected line's box outlined and its recognized text rendered
// beside it, so a result can be looked at.
#pragma once

#include <string>
#include <vector>

#include "../ocr/ocr_image.h"
#include "../ocr/ocr_pipeline.h"

namespace ember {
namespace ocr {

// RGB copy of `image` with every line's box (in `image`'s pixel coordinates) outlined and its text on a
// label above the box (below it when there is no room). A font that does not load leaves the labels out
// and says so in *warning.
Image DrawOcrLines(const Image& image, const std::vector<OcrLine>& lines, const std::string& font_path,
                   std::string* warning);

}  // namespace ocr
}  // namespace ember
