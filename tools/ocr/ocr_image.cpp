#include "ocr_image.h"

#include <algorithm>
#include <cmath>

namespace ember {
namespace ocr {

namespace {

// Bilinear sample at (x, y) in pixel coordinates (pixel centres at integers), border replicated.
inline void Sample(const Image& src, float x, float y, uint8_t* out) {
  x = std::min(std::max(x, 0.f), static_cast<float>(src.width - 1));
  y = std::min(std::max(y, 0.f), static_cast<float>(src.height - 1));
  int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  int x1 = std::min(x0 + 1, src.width - 1), y1 = std::min(y0 + 1, src.height - 1);
  float fx = x - x0, fy = y - y0;
  for (int c = 0; c < src.channels; ++c) {
    float top = src.at(x0, y0, c) * (1 - fx) + src.at(x1, y0, c) * fx;
    float bottom = src.at(x0, y1, c) * (1 - fx) + src.at(x1, y1, c) * fx;
    float v = top * (1 - fy) + bottom * fy;
    out[c] = static_cast<uint8_t>(std::min(255.f, std::max(0.f, std::round(v))));
  }
}

// Solves the n x n system a x = b (row-major, partial pivoting). False when singular.
bool Solve(std::vector<double> a, std::vector<double> b, int n, std::vector<double>* x) {
  for (int col = 0; col < n; ++col) {
    int piv = col;
    for (int r = col + 1; r < n; ++r)
      if (std::fabs(a[r * n + col]) > std::fabs(a[piv * n + col])) piv = r;
    if (std::fabs(a[piv * n + col]) < 1e-12) return false;
    if (piv != col) {
      for (int k = 0; k < n; ++k) std::swap(a[col * n + k], a[piv * n + k]);
      std::swap(b[col], b[piv]);
    }
    for (int r = col + 1; r < n; ++r) {
      double f = a[r * n + col] / a[col * n + col];
      for (int k = col; k < n; ++k) a[r * n + k] -= f * a[col * n + k];
      b[r] -= f * b[col];
    }
  }
  x->assign(n, 0.0);
  for (int r = n - 1; r >= 0; --r) {
    double s = b[r];
    for (int k = r + 1; k < n; ++k) s -= a[r * n + k] * (*x)[k];
    (*x)[r] = s / a[r * n + r];
  }
  return true;
}

}  // namespace

Image ResizeBilinear(const Image& src, int width, int height) {
  Image dst;
  dst.width = width;
  dst.height = height;
  dst.channels = src.channels;
  dst.pixels.resize(static_cast<size_t>(width) * height * src.channels);
  float sx = static_cast<float>(src.width) / width, sy = static_cast<float>(src.height) / height;
  for (int y = 0; y < height; ++y) {
    float fy = (y + 0.5f) * sy - 0.5f;
    for (int x = 0; x < width; ++x) {
      float fx = (x + 0.5f) * sx - 0.5f;
      Sample(src, fx, fy, &dst.pixels[(static_cast<size_t>(y) * width + x) * src.channels]);
    }
  }
  return dst;
}

bool WarpQuad(const Image& src, const Point q[4], int width, int height, Image* out) {
  if (width <= 0 || height <= 0 || src.width <= 0 || src.height <= 0) return false;
  // Homography h (h33 = 1) taking output corners to q: u = (h0 x + h1 y + h2) / (h6 x + h7 y + 1), v likewise.
  const double dx[4] = {0, static_cast<double>(width), static_cast<double>(width), 0};
  const double dy[4] = {0, 0, static_cast<double>(height), static_cast<double>(height)};
  std::vector<double> a(64, 0.0), b(8, 0.0), h;
  for (int i = 0; i < 4; ++i) {
    double u = q[i].x, v = q[i].y;
    double* r0 = &a[(2 * i) * 8];
    double* r1 = &a[(2 * i + 1) * 8];
    r0[0] = dx[i]; r0[1] = dy[i]; r0[2] = 1; r0[6] = -dx[i] * u; r0[7] = -dy[i] * u;
    r1[3] = dx[i]; r1[4] = dy[i]; r1[5] = 1; r1[6] = -dx[i] * v; r1[7] = -dy[i] * v;
    b[2 * i] = u;
    b[2 * i + 1] = v;
  }
  if (!Solve(a, b, 8, &h)) return false;
  out->width = width;
  out->height = height;
  out->channels = src.channels;
  out->pixels.assign(static_cast<size_t>(width) * height * src.channels, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      double w = h[6] * x + h[7] * y + 1.0;
      if (std::fabs(w) < 1e-12) continue;
      double u = (h[0] * x + h[1] * y + h[2]) / w, v = (h[3] * x + h[4] * y + h[5]) / w;
      Sample(src, static_cast<float>(u), static_cast<float>(v),
             &out->pixels[(static_cast<size_t>(y) * width + x) * src.channels]);
    }
  return true;
}

Image Rotate90(const Image& src) {
  Image dst;
  dst.width = src.height;
  dst.height = src.width;
  dst.channels = src.channels;
  dst.pixels.resize(src.pixels.size());
  // numpy.rot90 (counter-clockwise): dst(y, x) = src(x, W - 1 - y).
  for (int y = 0; y < dst.height; ++y)
    for (int x = 0; x < dst.width; ++x)
      for (int c = 0; c < src.channels; ++c)
        dst.pixels[(static_cast<size_t>(y) * dst.width + x) * src.channels + c] = src.at(src.width - 1 - y, x, c);
  return dst;
}

}  // namespace ocr
}  // namespace ember
