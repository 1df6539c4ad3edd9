// Portable ONNX resize: per output coordinate, the source coordinate and its taps (index, weight) are
// computed once per axis; the output is the separable weighted sum. Written after the ONNX reference
// (edge values beyond the border; exclude_outside drops and renormalizes them). ResizeReference sums every
// output in double and is the tests' reference; ResizeCompute copies rows for nearest and runs linear / cubic
// as two float passes (rows, then columns).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "framework/parallel.h"
#include "operators/resize_op.h"

namespace ember {

struct ResizeTap {
  int64_t index;  // -1: outside the roi (tf_crop_and_resize), the output is extrapolation_value
  float weight;
};

// out_len: the output length as the transforms see it (in * scale, unrounded, when scales are given);
// out_int: the output's size.
inline double ResizeSourceCoord(const ResizeParam& p, int64_t x, int64_t in_len, double out_len, int64_t out_int,
                                double scale, float roi0, float roi1) {
  switch (p.coord) {
    case ResizeCoord::kHalfPixelSymmetric: {  // half_pixel about the centre of the rounded output
      const double offset = in_len / 2.0 * (1 - static_cast<double>(out_int) / out_len);
      return offset + (x + 0.5) / scale - 0.5;
    }
    case ResizeCoord::kTfCropAndResize:
      return out_len > 1 ? roi0 * (in_len - 1) + x * (roi1 - roi0) * (in_len - 1) / (out_len - 1)
                         : 0.5 * (roi0 + roi1) * (in_len - 1);
    case ResizeCoord::kHalfPixel: return (x + 0.5) / scale - 0.5;
    case ResizeCoord::kPytorchHalfPixel: return out_len > 1 ? (x + 0.5) / scale - 0.5 : 0.0;
    case ResizeCoord::kAlignCorners:
      return out_len == 1 ? 0.0 : static_cast<double>(x) * (in_len - 1) / (out_len - 1);
    case ResizeCoord::kAsymmetric: return x / scale;
    case ResizeCoord::kTfHalfPixelForNn: return (x + 0.5) / scale;
  }
  return 0.0;
}

// The Keys cubic kernel with coefficient a at distance d.
inline double CubicWeight(double a, double d) {
  d = std::fabs(d);
  if (d <= 1) return ((a + 2) * d - (a + 3)) * d * d + 1;
  if (d < 2) return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a;
  return 0.0;
}

// The (index, weight) taps of a source coordinate x0 + r: the linear or cubic filter, stretched by 1 / scale
// when antialiasing a downscale (ONNX 18), its weights summing to 1.
inline std::vector<std::pair<int64_t, double>> FilterTaps(const ResizeParam& p, int64_t x0, double r, double scale) {
  const bool linear = p.mode == ResizeMode::kLinear;
  const double s = p.antialias ? std::min(scale, 1.0) : 1.0;
  const double radius = linear ? 1 : 2;
  const int64_t start = static_cast<int64_t>(std::floor(-radius / s)) + 1;  // taps x0 + [start, 2 - start)
  std::vector<std::pair<int64_t, double>> raw;
  double sum = 0;
  for (int64_t k = start; k < 2 - start; ++k) {
    const double d = (static_cast<double>(k) - r) * s;
    const double w = linear ? std::max(0.0, 1 - std::fabs(d)) : CubicWeight(p.cubic_a, d);
    raw.push_back({x0 + k, w});
    sum += w;
  }
  if (p.antialias && sum != 0)
    for (auto& pr : raw) pr.second /= sum;
  return raw;
}

inline std::vector<std::vector<ResizeTap>> ResizeTaps(const ResizeParam& p, int64_t in_len, int64_t out_len,
                                                      double len, double scale, float roi0, float roi1) {
  std::vector<std::vector<ResizeTap>> taps(static_cast<size_t>(out_len));
  auto clamp = [&](int64_t i) { return std::min(std::max<int64_t>(i, 0), in_len - 1); };
  for (int64_t x = 0; x < out_len; ++x) {
    double s = ResizeSourceCoord(p, x, in_len, len, out_len, scale, roi0, roi1);
    auto& t = taps[static_cast<size_t>(x)];
    if (p.coord == ResizeCoord::kTfCropAndResize && (s < 0 || s > in_len - 1)) {
      t.push_back({-1, 0.f});
      continue;
    }
    if (p.mode == ResizeMode::kNearest) {
      double f = std::floor(s), frac = s - f;
      int64_t i;
      switch (p.nearest) {
        case ResizeNearest::kRoundPreferFloor: i = static_cast<int64_t>(frac <= 0.5 ? f : f + 1); break;
        case ResizeNearest::kRoundPreferCeil: i = static_cast<int64_t>(frac < 0.5 ? f : f + 1); break;
        case ResizeNearest::kFloor: i = static_cast<int64_t>(f); break;
        default: i = static_cast<int64_t>(std::ceil(s)); break;
      }
      t.push_back({clamp(i), 1.f});
      continue;
    }
    const int64_t x0 = static_cast<int64_t>(std::floor(s));
    const double r = s - static_cast<double>(x0);
    std::vector<std::pair<int64_t, double>> raw = FilterTaps(p, x0, r, scale);
    double sum = 0;
    if (p.exclude_outside) {
      for (auto& pr : raw)
        if (pr.first < 0 || pr.first >= in_len) pr.second = 0;
      for (auto& pr : raw) sum += pr.second;
    }
    for (auto& pr : raw) {
      double wt = p.exclude_outside ? (sum != 0 ? pr.second / sum : 0) : pr.second;
      t.push_back({clamp(pr.first), static_cast<float>(wt)});
    }
  }
  return taps;
}

inline Status ResizeReference(const ResizeParam& p) {
  const auto ty = ResizeTaps(p, p.in_h, p.out_h, p.len_h, p.scale_h, p.roi_h0, p.roi_h1);
  const auto tx = ResizeTaps(p, p.in_w, p.out_w, p.len_w, p.scale_w, p.roi_w0, p.roi_w1);
  const float* x = p.x->data<float>();
  float* y = p.out->mutable_data<float>();
  ParallelFor(p.planes, (p.planes * p.out_h * p.out_w > 65536) ? MaxThreads() : 1, [&](int64_t pl) {
    const float* src = x + pl * p.in_h * p.in_w;
    float* dst = y + pl * p.out_h * p.out_w;
    for (int64_t i = 0; i < p.out_h; ++i)
      for (int64_t j = 0; j < p.out_w; ++j) {
        const auto& ra = ty[static_cast<size_t>(i)];
        const auto& rb = tx[static_cast<size_t>(j)];
        if (ra[0].index < 0 || rb[0].index < 0) {
          dst[i * p.out_w + j] = p.extrapolation_value;
          continue;
        }
        double acc = 0;
        for (const auto& a : ty[static_cast<size_t>(i)])
          for (const auto& b : tx[static_cast<size_t>(j)])
            acc += static_cast<double>(a.weight) * b.weight * src[a.index * p.in_w + b.index];
        dst[i * p.out_w + j] = static_cast<float>(acc);
      }
  });
  return Status::OK();
}

// Nearest: every output is one input value; an output row that reads the same source row as the one above
// it is a copy of that row.
inline void ResizeNearestRows(const ResizeParam& p, const std::vector<std::vector<ResizeTap>>& ty,
                          const std::vector<std::vector<ResizeTap>>& tx) {
  std::vector<int64_t> col(static_cast<size_t>(p.out_w));
  for (size_t j = 0; j < col.size(); ++j) col[j] = tx[j][0].index;
  const float* x = p.x->data<float>();
  float* y = p.out->mutable_data<float>();
  const size_t row_bytes = static_cast<size_t>(p.out_w) * sizeof(float);
  ParallelFor(p.planes, (p.planes * p.out_h * p.out_w > 65536) ? MaxThreads() : 1, [&](int64_t pl) {
    const float* src = x + pl * p.in_h * p.in_w;
    float* dst = y + pl * p.out_h * p.out_w;
    for (int64_t i = 0; i < p.out_h; ++i) {
      float* out = dst + i * p.out_w;
      const int64_t r = ty[static_cast<size_t>(i)][0].index;
      if (i > 0 && r == ty[static_cast<size_t>(i - 1)][0].index) {
        std::memcpy(out, out - p.out_w, row_bytes);
        continue;
      }
      const float* in = src + r * p.in_w;
      for (int64_t j = 0; j < p.out_w; ++j) out[j] = in[col[static_cast<size_t>(j)]];
    }
  });
}

// Linear and cubic: each source row a tap reads is first resized along W (into a per-thread buffer), then the
// output row is the weighted sum of those rows.
inline void ResizeSeparable(const ResizeParam& p, const std::vector<std::vector<ResizeTap>>& ty,
                            const std::vector<std::vector<ResizeTap>>& tx) {
  const float* x = p.x->data<float>();
  float* y = p.out->mutable_data<float>();
  const size_t w = static_cast<size_t>(p.out_w);
  ParallelFor(p.planes, p.planes * p.out_h * p.out_w > 65536 ? MaxThreads() : 1, [&](int64_t pl) {
    thread_local std::vector<float> row;
    row.resize(w);
    {
      const float* src = x + pl * p.in_h * p.in_w;
      float* dst = y + pl * p.out_h * p.out_w;
      for (int64_t i = 0; i < p.out_h; ++i) {
        float* out = dst + i * p.out_w;
        std::fill(out, out + w, 0.f);
        for (const ResizeTap& a : ty[static_cast<size_t>(i)]) {
          const float* in = src + a.index * p.in_w;
          for (size_t j = 0; j < w; ++j) {
            float s = 0.f;
            for (const ResizeTap& b : tx[j]) s += b.weight * in[b.index];
            row[j] = s;
          }
          for (size_t j = 0; j < w; ++j) out[j] += a.weight * row[j];
        }
      }
    }
  });
}

inline Status ResizeCompute(const ResizeParam& p) {
  if (p.coord == ResizeCoord::kTfCropAndResize) return ResizeReference(p);  // extrapolated outputs
  const auto ty = ResizeTaps(p, p.in_h, p.out_h, p.len_h, p.scale_h, p.roi_h0, p.roi_h1);
  const auto tx = ResizeTaps(p, p.in_w, p.out_w, p.len_w, p.scale_w, p.roi_w0, p.roi_w1);
  if (p.mode == ResizeMode::kNearest) ResizeNearestRows(p, ty, tx);
  else ResizeSeparable(p, ty, tx);
  return Status::OK();
}

}  // namespace ember
