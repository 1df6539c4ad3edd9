// Portable range: a plain loop (start + i * step), its own reference.
#pragma once

#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/range_op.h"

namespace ember {

inline Status RangeCompute(const RangeParam& p) {
  const int64_t n = p.out->numel();
  VisitDataType(p.start->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T s = *p.start->data<T>(), st = *p.step->data<T>();
    T* out = p.out->mutable_data<T>();
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(s + static_cast<T>(i) * st);
  });
  return Status::OK();
}

}  // namespace ember
