// Portable fill_constant, shared by every device: a plain loop, so it is its own reference.
#pragma once

#include <cstdint>
#include <type_traits>

#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

// The fill value as T: an exact integer converts like an integer cast, anything else like a float cast.
template <typename T>
inline T FillValue(double number, int64_t integer, bool is_integer) {
  if (is_integer && std::is_integral<T>::value) return ConvertValue<T>(integer);
  return ConvertValue<T>(number);
}

template <typename T>
inline void FillCompute(T* y, int64_t n, T v) {
  for (int64_t i = 0; i < n; ++i) y[i] = v;
}

}  // namespace ember
