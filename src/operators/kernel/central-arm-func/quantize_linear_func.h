// Portable quantize_linear / dequantize_linear: loops the compiler vectorizes.
// The tests compare against an independent loop.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "framework/tensor.h"
#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/quantize_linear_op.h"

namespace ember {

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

// One run of n elements sharing a scale and zero point: q = x * mul (Paddle) or x / step (ONNX), rounded,
// plus zp, saturated to [lo, hi]; NaN quantizes to the zero point. The rounding is integer arithmetic on the
// truncation t and twice the exact fraction, with no branch for GCC to if-convert, so the loop vectorizes on
// x86 and aarch64 (with -fno-trapping-math, CMakeLists.txt; selects on an early bool or a fabs kept it
// scalar on aarch64): the libm round per element, branching on each value, ran at 20-40 ns an element, 4-9
// ms per conv input of a quantized ResNet stage, 5-10x the int8 conv itself. q is clamped to +-2^22 so the
// conversions are exact; that is past every bit length's range. A Paddle qmax or a zero point past 2^21 would
// make the clamp cut real results: QuantizeLinearLoop takes QuantizeRunWide for those.
template <bool kStepScale, bool kTiesAway, typename Out>
inline void QuantizeRun(const float* x, int64_t n, float step, float mul, float zp, float lo, float hi, Out* y) {
  constexpr float kBound = 4194304.f;
  for (int64_t i = 0; i < n; ++i) {
    float q = kStepScale ? x[i] / step : mul * x[i];
    q = q == q ? q : 0.f;  // NaN: rounds to 0, so y = zp
    q = std::min(std::max(q, -kBound), kBound);
    const int32_t t = static_cast<int32_t>(q);
    const float f2 = 2.f * (q - static_cast<float>(t));  // exact, in (-2, 2)
    const int32_t half = static_cast<int32_t>(f2);       // -1, 0 or 1: |fraction| >= 0.5 rounds outward
    int32_t r = t + half;
    if (!kTiesAway) {  // a tie (|fraction| == 0.5) rounded outward to an odd r goes back to the even t
      const int32_t tie = static_cast<float>(half) == f2;
      r -= half & -(tie & r);
    }
    const float v = static_cast<float>(r) + zp;
    y[i] = static_cast<Out>(std::min(std::max(v, lo), hi));
  }
}

// The same result without the clamp, one libm rounding per element: for ranges or zero points past 2^21.
template <bool kStepScale, bool kTiesAway, typename Out>
inline void QuantizeRunWide(const float* x, int64_t n, float step, float mul, float zp, float lo, float hi, Out* y) {
  for (int64_t i = 0; i < n; ++i) {
    const float q = kStepScale ? x[i] / step : mul * x[i];
    const float v = q == q ? (kTiesAway ? std::round(q) : std::nearbyint(q)) + zp : zp;
    y[i] = static_cast<Out>(std::min(std::max(v, lo), hi));
  }
}

template <bool kStepScale, bool kTiesAway, typename Out>
inline void QuantizeLinearRuns(const float* x, const float* scale, const float* zp, const QuantLayout& L, float bin,
                               float lo, float hi, bool wide, Out* y) {
  auto run = [&](int64_t i0, int64_t n, int64_t s) {
    const float mul = bin * (1.0f / scale[s]);
    if (wide) QuantizeRunWide<kStepScale, kTiesAway>(x + i0, n, scale[s], mul, zp[s], lo, hi, y + i0);
    else QuantizeRun<kStepScale, kTiesAway>(x + i0, n, scale[s], mul, zp[s], lo, hi, y + i0);
  };
  if (L.per_tensor) {
    run(0, L.outer * L.axis_len * L.inner, 0);
  } else if (L.block == 0) {  // per axis: runs of `inner` elements
    for (int64_t o = 0; o < L.outer; ++o)
      for (int64_t c = 0; c < L.axis_len; ++c) run((o * L.axis_len + c) * L.inner, L.inner, c);
  } else {
    ForEachQuantIndex(L, [&](int64_t i, int64_t s) { run(i, 1, s); });
  }
}

// y = saturate(round(x / step) + zp) into Out. step_scale: step = scale (ONNX); else Paddle's
// bin * (1 / scale) * x, bin = 2^(bit_length-1) - 1. NaN quantizes to the zero point.
template <typename Out>
inline void QuantizeLinearLoop(const float* x, const float* scale, const std::vector<float>& zps, const QuantLayout& L,
                               bool step_scale, float bin, bool ties_away, float lo, float hi, Out* y) {
  constexpr float kWide = 2097152.f;  // 2^21: past it QuantizeRun's +-2^22 clamp could cut a result
  bool wide = std::fabs(lo) > kWide || std::fabs(hi) > kWide;
  for (float z : zps) wide = wide || std::fabs(z) > kWide;
  const float* zp = zps.data();
  if (step_scale && ties_away) QuantizeLinearRuns<true, true>(x, scale, zp, L, bin, lo, hi, wide, y);
  else if (step_scale) QuantizeLinearRuns<true, false>(x, scale, zp, L, bin, lo, hi, wide, y);
  else if (ties_away) QuantizeLinearRuns<false, true>(x, scale, zp, L, bin, lo, hi, wide, y);
  else QuantizeLinearRuns<false, false>(x, scale, zp, L, bin, lo, hi, wide, y);
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
