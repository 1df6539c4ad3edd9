// Portable activation code, shared by every device, and the plain reference the tests compare against.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "operators/activation_op.h"

namespace ember {

// One value through an activation: used by standalone activations and by fused conv/fc epilogues.
inline float ApplyActivation(const ActivationSpec& a, float v) {
  switch (a.type) {
    case ActivationType::kNone: return v;
    case ActivationType::kRelu: return v > 0.f ? v : 0.f;
  }
  return v;
}

inline void ActivationInPlace(const ActivationSpec& a, float* data, int64_t n) {
#pragma omp parallel for if (n > 65536)
  for (int64_t i = 0; i < n; ++i) data[i] = ApplyActivation(a, data[i]);
}

inline void ActivationCompute(const ActivationSpec& a, const float* x, float* y, int64_t n) {
#pragma omp parallel for if (n > 65536)
  for (int64_t i = 0; i < n; ++i) y[i] = ApplyActivation(a, x[i]);
}

}  // namespace ember
