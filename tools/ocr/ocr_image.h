// 8-bit images for the OCR pipeline: bilinear resize and the perspective crop of a detected text line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ember {
namespace ocr {

// Interleaved 8-bit pixels, `channels` per pixel (1 = gray, 3 = RGB), rows top to bottom.
struct Image {
  int width = 0, height = 0, channels = 0;
  std::vector<uint8_t> pixels;
  uint8_t at(int x, int y, int c) const { return pixels[(static_cast<size_t>(y) * width + x) * channels + c]; }
};

struct Point {
  float x = 0, y = 0;
};

// Bilinear resize with OpenCV's INTER_LINEAR pixel-centre convention (edge pixels replicated).
Image ResizeBilinear(const Image& src, int width, int height);

// Samples the quadrilateral q (top-left, top-right, bottom-right, bottom-left in src) into a
// width x height image: the perspective transform mapping the output's corners (0,0), (width,0),
// (width,height), (0,height) onto q, as OpenCV's getPerspectiveTransform + warpPerspective
// (bilinear, border replicated). Returns false when the corners are degenerate.
bool WarpQuad(const Image& src, const Point q[4], int width, int height, Image* out);

// The image turned 90 degrees counter-clockwise (numpy's rot90).
Image Rotate90(const Image& src);

}  // namespace ocr
}  // namespace ember
