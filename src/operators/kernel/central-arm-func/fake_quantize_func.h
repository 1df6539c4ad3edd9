// Portable fake_quantize / fake_dequantize family (fake_quantize_op.h): the rounding is quantize_linear's
// (QuantizeRun), so both families round alike. The tests compare against loops of their own.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "operators/fake_quantize_op.h"
#include "operators/kernel/central-arm-func/quantize_linear_func.h"

namespace ember {

// The scale of each channel: InScale, the stored scales, or the channel's max |X|.
inline std::vector<float> FakeQuantScales(const FakeQuantizeParam& p) {
  const ChannelLayout& L = p.layout;
  if (p.in_scale) return {p.in_scale->data<float>()[0]};
  if (p.stored_scales) return {p.stored_scales->data<float>(), p.stored_scales->data<float>() + L.channels};
  std::vector<float> s(static_cast<size_t>(L.channels), 0.f);
  const float* x = p.x->data<float>();
  for (int64_t o = 0; o < L.outer; ++o)
    for (int64_t c = 0; c < L.channels; ++c) {
      float& m = s[static_cast<size_t>(c)];
      const float* r = x + (o * L.channels + c) * L.inner;
      for (int64_t i = 0; i < L.inner; ++i) m = std::max(m, std::fabs(r[i]));
    }
  return s;
}

// n values sharing `scale`: the integers (or integer * scale / bin with dequantize) into y.
inline void FakeQuantizeRun(const FakeQuantizeParam& p, const float* x, int64_t n, float scale, float* y) {
  const float bin = static_cast<float>((1 << (p.bit_length - 1)) - 1);
  const float mul = bin * (scale <= 1e-30f ? 1.0f / (scale + 1e-6f) : 1.0f / scale);  // Paddle's guarded inverse
  if (p.round_type == 1 && scale <= 1e-30f) {
    std::fill(y, y + n, 0.f);  // X clipped to [-scale, scale]: every product rounds to 0
  } else if (p.round_type == 1) {
    // Clipping X to +-scale first or the result to +-bin after rounding is the same here: m * scale rounds to bin.
    QuantizeRun<false, true>(x, n, 0.f, mul, 0.f, -bin, bin, y);
  } else {
    QuantizeRun<false, false>(x, n, 0.f, mul, 0.f, -bin - 1, bin, y);
  }
  if (p.dequantize)
    for (int64_t i = 0; i < n; ++i) y[i] = y[i] * scale / bin;
}

inline void FakeQuantize(const FakeQuantizeParam& p) {
  const ChannelLayout& L = p.layout;
  const std::vector<float> s = FakeQuantScales(p);
  const float* x = p.x->data<float>();
  float* y = p.out->mutable_data<float>();
  if (!p.per_channel) {
    FakeQuantizeRun(p, x, p.x->numel(), s[0], y);
  } else {
    for (int64_t o = 0; o < L.outer; ++o)
      for (int64_t c = 0; c < L.channels; ++c) {
        const int64_t at = (o * L.channels + c) * L.inner;
        FakeQuantizeRun(p, x + at, L.inner, s[static_cast<size_t>(c)], y + at);
      }
  }
  if (p.out_scale) std::copy(s.begin(), s.end(), p.out_scale->mutable_data<float>());
}

inline void FakeDequantize(const FakeDequantizeParam& p) {
  const ChannelLayout& L = p.layout;
  const float* x = p.x->data<float>();
  const float* s0 = p.scales[0]->data<float>();
  const float s1 = p.scales.size() == 2 ? p.scales[1]->data<float>()[0] : 1.f;
  float* y = p.out->mutable_data<float>();
  for (int64_t o = 0; o < L.outer; ++o)
    for (int64_t c = 0; c < L.channels; ++c) {
      const int64_t at = (o * L.channels + c) * L.inner;
      for (int64_t i = 0; i < L.inner; ++i) y[at + i] = x[at + i] * s0[c] * s1 / p.divisor;  // Paddle's order
    }
}

}  // namespace ember
