// Element type conversion shared by cast, scale on integers and fill_constant: the portable code is the
// plain loop, so it is its own reference.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "framework/parallel.h"
#include "framework/data_type.h"

namespace ember {

// float -> integer without undefined behaviour: NaN becomes 0, out-of-range values saturate, the rest
// truncate toward zero like static_cast.
template <typename T, typename F>
inline T SaturateCast(F v) {
  static_assert(std::is_integral<T>::value && std::is_floating_point<F>::value, "float to integer only");
  if (std::isnan(v)) return 0;
  if (v <= static_cast<F>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
  if (v >= static_cast<F>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  return static_cast<T>(v);
}

// One value from In to Out as Paddle's cast does: to bool is `!= 0`; float to integer truncates
// (saturating where C++ leaves it undefined); integer to integer wraps.
template <typename Out, typename In>
inline Out ConvertValue(In v) {
  if constexpr (std::is_same<Out, bool>::value) {
    return v != In(0);
  } else if constexpr (std::is_floating_point<In>::value && std::is_integral<Out>::value) {
    return SaturateCast<Out>(v);
  } else {
    return static_cast<Out>(v);
  }
}

// Calls f(T{}) with the C++ type of t, for the types cast and fill_constant support; false otherwise.
template <typename F>
inline bool VisitDataType(DataType t, F&& f) {
  switch (t) {
    case DataType::kFloat32: f(float{}); return true;
    case DataType::kInt32: f(int32_t{}); return true;
    case DataType::kInt64: f(int64_t{}); return true;
    case DataType::kBool: f(bool{}); return true;
    case DataType::kUInt8: f(uint8_t{}); return true;
    case DataType::kInt8: f(int8_t{}); return true;
    default: return false;
  }
}

template <typename Out, typename In>
inline void ConvertArray(const In* x, Out* y, int64_t n) {
  ParallelRanges(n, 16384, n > 65536 ? MaxThreads() : 1, [&](int64_t i0, int64_t i1) {
    for (int64_t i = i0; i < i1; ++i) y[i] = ConvertValue<Out>(x[i]);
  });
}

}  // namespace ember
