// The unary_op family: one loop per function (portable; the same code is the reference, ref::UnaryValue
// being the scalar formula the tests compare against).
#pragma once

#include <cmath>
#include <cstdint>

#include "operators/unary_op.h"

namespace ember {

namespace ref {
inline float UnaryValue(UnaryType t, float x) {
  switch (t) {
    case UnaryType::kFloor: return std::floor(x);
    case UnaryType::kCeil: return std::ceil(x);
    case UnaryType::kRound: return std::nearbyint(x);
    case UnaryType::kTrunc: return std::trunc(x);
    case UnaryType::kSquare: return x * x;
    case UnaryType::kRsqrt: return 1.f / std::sqrt(x);
    case UnaryType::kReciprocal: return 1.f / x;
    case UnaryType::kSin: return std::sin(x);
    case UnaryType::kCos: return std::cos(x);
    case UnaryType::kTan: return std::tan(x);
    case UnaryType::kAsin: return std::asin(x);
    case UnaryType::kAcos: return std::acos(x);
    case UnaryType::kAtan: return std::atan(x);
    case UnaryType::kLog10: return std::log10(x);
    case UnaryType::kSinh: return std::sinh(x);
    case UnaryType::kCosh: return std::cosh(x);
    case UnaryType::kAsinh: return std::asinh(x);
    case UnaryType::kAcosh: return std::acosh(x);
    case UnaryType::kAtanh: return std::atanh(x);
    case UnaryType::kSign: return x > 0 ? 1.f : x < 0 ? -1.f : x;  // 0 -> 0, NaN -> NaN
  }
  return x;
}
}  // namespace ref

template <typename F>
inline void UnaryLoop(const float* x, float* y, int64_t n, F f) {
  for (int64_t i = 0; i < n; ++i) y[i] = f(x[i]);
}

inline void Unary(UnaryType t, const float* x, float* y, int64_t n) {
  switch (t) {
    case UnaryType::kFloor: UnaryLoop(x, y, n, [](float v) { return std::floor(v); }); break;
    case UnaryType::kCeil: UnaryLoop(x, y, n, [](float v) { return std::ceil(v); }); break;
    case UnaryType::kRound: UnaryLoop(x, y, n, [](float v) { return std::nearbyint(v); }); break;
    case UnaryType::kTrunc: UnaryLoop(x, y, n, [](float v) { return std::trunc(v); }); break;
    case UnaryType::kSquare: UnaryLoop(x, y, n, [](float v) { return v * v; }); break;
    case UnaryType::kRsqrt: UnaryLoop(x, y, n, [](float v) { return 1.f / std::sqrt(v); }); break;
    case UnaryType::kReciprocal: UnaryLoop(x, y, n, [](float v) { return 1.f / v; }); break;
    default: UnaryLoop(x, y, n, [t](float v) { return ref::UnaryValue(t, v); }); break;
  }
}

}  // namespace ember
