// Portable quantize_linear / dequantize_linear: plain loops, their own reference (fast int8 kernels come later).
// The tests compare against an independent loop.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "framework/tensor.h"
#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/quantize_linear_op.h"

namespace ember {

// Round to nearest, ties to even, independent of the floating-point environment's rounding mode.
inline float RoundHalfEven(float v) {
  if (std::fabs(v - std::trunc(v)) == 0.5f) return 2.0f * std::round(v * 0.5f);
  return std::round(v);
}

// Calls fn(i, s) for every element i of X with the index s of its scale and zero point.
template <typename Fn>
inline void ForEachQuantIndex(const QuantLayout& L, Fn&& fn) {
  if (L.per_tensor) {
    for (int64_t i = 0; i < L.outer * L.axis_len * L.inner; ++i) fn(i, int64_t{0});
    return;
  }
  const int64_t nb = L.block > 0 ? (L.axis_len + L.block - 1) / L.block : 0;
  for (int64_t o = 0; o < L.outer; ++o)
    for (int64_t c = 0; c < L.axis_len; ++c) {
      const int64_t base = (o * L.axis_len + c) * L.inner;
      const int64_t sbase = L.block > 0 ? (o * nb + c / L.block) * L.inner : c;
      for (int64_t k = 0; k < L.inner; ++k) fn(base + k, L.block > 0 ? sbase + k : sbase);
    }
}

// The zero points as floats (zeros when absent): `n` values.
inline std::vector<float> ZeroPointsAsFloat(const Tensor* zp, int64_t n) {
  std::vector<float> v(static_cast<size_t>(n), 0.f);
  if (!zp) return v;
  VisitDataType(zp->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* d = zp->data<T>();
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<float>(d[i]);
  });
  return v;
}

// y = saturate(round(x / step) + zp) into Out. step_scale: step = scale (ONNX); else Paddle's
// bin * (1 / scale) * x, bin = 2^(bit_length-1) - 1. NaN quantizes to the zero point.
template <typename Out>
inline void QuantizeLinearLoop(const float* x, const float* scale, const float* zp, const QuantLayout& L,
                               bool step_scale, float bin, bool ties_away, float lo, float hi, Out* y) {
  ForEachQuantIndex(L, [&](int64_t i, int64_t s) {
    float q = step_scale ? x[i] / scale[s] : bin * (1.0f / scale[s]) * x[i];
    q = (ties_away ? std::round(q) : RoundHalfEven(q)) + zp[s];
    if (std::isnan(q)) q = zp[s];
    y[i] = static_cast<Out>(q < lo ? lo : q > hi ? hi : q);
  });
}

// y = (x - zp) * scale (step_scale, ONNX) or (x - zp) * scale / range (Paddle: range = 2^(bit_length-1) - 1).
template <typename In>
inline void DequantizeLinearLoop(const In* x, const float* scale, const float* zp, const QuantLayout& L,
                                 bool step_scale, float range, float* y) {
  ForEachQuantIndex(L, [&](int64_t i, int64_t s) {
    const float v = (static_cast<float>(x[i]) - zp[s]) * scale[s];
    y[i] = step_scale ? v : v / range;
  });
}

}  // namespace ember
