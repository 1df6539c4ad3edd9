// Portable activation code, shared by every device. Each formula is written once (Activate<T>), so
// ApplyActivation (per value, used by fused conv/fc epilogues) and the array loops agree by construction;
// the tests check both against plain formulas of their own.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "framework/parallel.h"
#include "operators/activation_op.h"
#include "operators/kernel/simd/vmath.h"
#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

template <ActivationType kType>
inline float Activate(const ActivationSpec& a, float v) {
  using T = ActivationType;
  if constexpr (kType == T::kNone) {
    return v;
  } else if constexpr (kType == T::kRelu) {
    return v > 0.f ? v : 0.f;
  } else if constexpr (kType == T::kRelu6) {
    return std::min(std::max(v, 0.f), a.a);
  } else if constexpr (kType == T::kLeakyRelu) {
    return v > 0.f ? v : a.a * v;
  } else if constexpr (kType == T::kSigmoid) {
    return 1.f / (1.f + std::exp(-v));
  } else if constexpr (kType == T::kTanh) {
    return std::tanh(v);
  } else if constexpr (kType == T::kSwish) {
    return v / (1.f + std::exp(-a.a * v));
  } else if constexpr (kType == T::kHardSwish) {
    return v * std::min(std::max(v + a.c, 0.f), a.a) / a.b;
  } else if constexpr (kType == T::kHardSigmoid) {
    return std::min(std::max(a.a * v + a.b, 0.f), 1.f);
  } else if constexpr (kType == T::kGelu) {
    return 0.5f * v * (1.f + std::erf(v * 0.70710678118654752f));
  } else if constexpr (kType == T::kGeluTanh) {
    return 0.5f * v * (1.f + std::tanh(0.79788456080286536f * (v + 0.044715f * v * v * v)));
  } else if constexpr (kType == T::kExp) {
    return std::exp(v);
  } else if constexpr (kType == T::kLog) {
    return std::log(v);
  } else if constexpr (kType == T::kSqrt) {
    return std::sqrt(v);
  } else if constexpr (kType == T::kAbs) {
    return std::fabs(v);
  } else if constexpr (kType == T::kPow) {
    return std::pow(v, a.a);
  } else if constexpr (kType == T::kScale) {
    return a.a * v + a.b;
  } else if constexpr (kType == T::kScaleBiasFirst) {
    return a.a * (v + a.b);
  } else if constexpr (kType == T::kErf) {
    return std::erf(v);
  } else if constexpr (kType == T::kElu) {
    return v > 0.f ? v : a.a * std::expm1(v);
  } else if constexpr (kType == T::kSelu) {
    return a.b * (v > 0.f ? v : a.a * std::expm1(v));
  } else if constexpr (kType == T::kSoftplus) {
    return a.a * v > a.b ? v : std::log1p(std::exp(a.a * v)) / a.a;
  } else if constexpr (kType == T::kSoftsign) {
    return v / (1.f + std::fabs(v));
  } else if constexpr (kType == T::kCelu) {
    return std::max(v, 0.f) + std::min(a.a * std::expm1(v / a.a), 0.f);
  } else if constexpr (kType == T::kThresholdedRelu) {
    return v > a.a ? v : 0.f;
  } else {
    static_assert(kType == T::kClip, "every ActivationType needs a formula");
    return std::min(std::max(v, a.a), a.b);
  }
}

// Calls f(std::integral_constant<ActivationType, type>{}) so that loops are compiled once per type with
// the switch outside. A type this build leaves out (simd::VActBuilt) never gets here: ParseActivation refuses it.
template <typename F>
inline decltype(auto) DispatchActivation(ActivationType type, F&& f) {
  using T = ActivationType;
#define EMBER_ACT_CASE(k)                                    \
  case T::k:                                                 \
    if constexpr (simd::VActBuilt(static_cast<int>(T::k)))  \
      return f(std::integral_constant<T, T::k>{});           \
    break;
  switch (type) {
    EMBER_ACT_CASE(kRelu) EMBER_ACT_CASE(kRelu6) EMBER_ACT_CASE(kLeakyRelu) EMBER_ACT_CASE(kSigmoid)
    EMBER_ACT_CASE(kTanh) EMBER_ACT_CASE(kSwish) EMBER_ACT_CASE(kHardSwish) EMBER_ACT_CASE(kHardSigmoid)
    EMBER_ACT_CASE(kGelu) EMBER_ACT_CASE(kGeluTanh) EMBER_ACT_CASE(kExp) EMBER_ACT_CASE(kLog)
    EMBER_ACT_CASE(kSqrt) EMBER_ACT_CASE(kAbs) EMBER_ACT_CASE(kPow) EMBER_ACT_CASE(kScale)
    EMBER_ACT_CASE(kScaleBiasFirst) EMBER_ACT_CASE(kClip) EMBER_ACT_CASE(kErf)
    EMBER_ACT_CASE(kElu) EMBER_ACT_CASE(kSelu) EMBER_ACT_CASE(kSoftplus) EMBER_ACT_CASE(kSoftsign) EMBER_ACT_CASE(kCelu)
    EMBER_ACT_CASE(kThresholdedRelu)
    case T::kNone: break;
  }
#undef EMBER_ACT_CASE
  return f(std::integral_constant<T, T::kNone>{});
}

// One value through an activation: used by standalone activations and by fused conv/fc epilogues.
inline float ApplyActivation(const ActivationSpec& a, float v) {
  return DispatchActivation(a.type, [&](auto k) { return Activate<decltype(k)::value>(a, v); });
}

// n values in place on the calling thread, the type switched once per call rather than per value (kernels'
// epilogues, inside their own parallel loops).
inline void ActivateRow(const ActivationSpec& a, float* data, int64_t n) {
  if (a.type == ActivationType::kNone) return;
  DispatchActivation(a.type, [&](auto k) {
    for (int64_t i = 0; i < n; ++i) data[i] = Activate<decltype(k)::value>(a, data[i]);
  });
}

inline void ActivationCompute(const ActivationSpec& a, const float* x, float* y, int64_t n) {
  if (a.type == ActivationType::kNone && x == y) return;
  DispatchActivation(a.type, [&](auto k) {
    constexpr ActivationType kType = decltype(k)::value;
    ParallelRanges(n, 16384, n > 65536 ? MaxThreads() : 1, [&](int64_t i0, int64_t i1) {
      for (int64_t i = i0; i < i1; ++i) y[i] = Activate<kType>(a, x[i]);
    });
  });
}

inline void ActivationInPlace(const ActivationSpec& a, float* data, int64_t n) {
  ActivationCompute(a, data, data, n);
}

// scale on an integer tensor: scale and bias are converted to T first, as Paddle does; the arithmetic
// wraps instead of overflowing.
template <typename T>
inline void ScaleInteger(const ActivationSpec& a, const T* x, T* y, int64_t n) {
  using U = std::make_unsigned_t<T>;
  const U s = static_cast<U>(SaturateCast<T>(a.a));
  const U b = static_cast<U>(SaturateCast<T>(a.b));
  const bool bias_after_scale = a.type == ActivationType::kScale;
  ParallelFor(n, (n > 65536) ? MaxThreads() : 1, [&](int64_t i) {
    U v = static_cast<U>(x[i]);
    y[i] = static_cast<T>(bias_after_scale ? s * v + b : s * (v + b));
  });
}

}  // namespace ember
