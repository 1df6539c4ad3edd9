// Portable cumsum: a plain running sum (double accumulation for float32), its own reference.
#pragma once

#include <type_traits>

#include "operators/cumsum_op.h"

namespace ember {

// The accumulator: double for floats; integers in their unsigned type, so they wrap instead of overflowing.
template <typename T, bool = std::is_floating_point<T>::value> struct CumAcc { using type = double; };
template <typename T> struct CumAcc<T, false> { using type = std::make_unsigned_t<T>; };

// The running sum or product.
template <typename T>
inline void CumsumTyped(const CumsumParam& p) {
  using Acc = typename CumAcc<T>::type;
  const T* x = p.x->data<T>();
  T* y = p.out->mutable_data<T>();
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t in = 0; in < p.inner; ++in) {
      Acc acc = p.product ? 1 : 0;
      for (int64_t k = 0; k < p.n; ++k) {
        const int64_t j = p.reverse ? p.n - 1 - k : k;
        const int64_t at = (o * p.n + j) * p.inner + in;
        if (p.exclusive) y[at] = static_cast<T>(acc);
        const Acc v = static_cast<Acc>(x[at]);
        acc = p.product ? static_cast<Acc>(acc * v) : static_cast<Acc>(acc + v);
        if (!p.exclusive) y[at] = static_cast<T>(acc);
      }
    }
}

inline Status CumsumCompute(const CumsumParam& p) {
  switch (p.x->dtype()) {
    case DataType::kFloat32: CumsumTyped<float>(p); break;
    case DataType::kInt32: CumsumTyped<int32_t>(p); break;
    case DataType::kInt64: CumsumTyped<int64_t>(p); break;
    default: return InvalidArgument("cumsum: unsupported dtype");
  }
  return Status::OK();
}

}  // namespace ember
