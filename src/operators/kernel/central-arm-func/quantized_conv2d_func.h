// Portable quantized_conv2d: the input quantized as quantize_linear does, the exact integer conv
// (conv2d_integer_func.h), and the float epilogue every path shares.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/conv2d_integer_func.h"
#include "operators/kernel/central-arm-func/quantize_linear_func.h"
#include "operators/quantized_conv2d_op.h"

namespace ember {

// q = saturate(round(mul * x) + zp, lo, hi): quantize_linear's loop, so both agree bit for bit.
template <typename Out>
inline void QuantizeConvInput(const QuantizedConv2dParam& p, const float* x, int64_t n, float zp, Out* q) {
  const float lo = static_cast<float>(p.quant_min) + zp, hi = static_cast<float>(p.quant_max) + zp;
  if (p.ties_away) QuantizeRun<false, true>(x, n, 0.f, p.input_mul, zp, lo, hi, q);
  else QuantizeRun<false, false>(x, n, 0.f, p.input_mul, zp, lo, hi, q);
}

// Output = acc * input_step * FilterScale[o] + Bias[o], then the activation unless `activate` is false (the
// caller applies it); `acc` (NCHW int32) may be the output's own memory: read in chunks before they are
// overwritten.
inline void QuantizedConvEpilogue(const QuantizedConv2dParam& p, const int32_t* acc, float* y, bool activate = true) {
  const ConvGeometry& g = p.geo;
  const int64_t plane = g.out_h * g.out_w;
  const float* fs = p.filter_scale->data<float>();
  const float* bias = p.bias ? p.bias->data<float>() : nullptr;
  constexpr int64_t kChunk = 256;
  ParallelFor(g.batch * g.out_c, [&](int64_t no) {  // one output plane a claim
    const int64_t o = no % g.out_c, base = no * plane;
    int32_t t[kChunk];
    const float s = p.input_step * fs[o], b = bias ? bias[o] : 0.f;
    for (int64_t i = 0; i < plane; i += kChunk) {
      const int64_t k = std::min(kChunk, plane - i);
      std::memcpy(t, acc + base + i, static_cast<size_t>(k) * sizeof(int32_t));
      for (int64_t j = 0; j < k; ++j) y[base + i + j] = static_cast<float>(t[j]) * s + b;
    }
    if (activate) ActivateRow(p.act, y + base, plane);
  });
}

inline void QuantizedConv2dPortable(const QuantizedConv2dParam& p) {
  std::vector<int32_t> x(static_cast<size_t>(p.input->numel())), acc(static_cast<size_t>(p.output->numel()));
  QuantizeConvInput(p, p.input->data<float>(), p.input->numel(), 0.f, x.data());
  const int8_t* wq = p.filter->data<int8_t>();
  const std::vector<int32_t> w(wq, wq + p.filter->numel());
  Conv2dInteger(x.data(), w.data(), p.geo, acc.data());
  QuantizedConvEpilogue(p, acc.data(), p.output->mutable_data<float>());
}

}  // namespace ember
