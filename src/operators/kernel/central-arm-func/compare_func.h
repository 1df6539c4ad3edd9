// Portable comparisons: a plain broadcast loop, its own reference.
#pragma once

#include "operators/compare_op.h"
#include "operators/kernel/central-arm-func/broadcast_func.h"
#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

template <typename T>
inline bool CompareValues(CompareType t, T a, T b) {
  switch (t) {
    case CompareType::kEqual: return a == b;
    case CompareType::kNotEqual: return a != b;
    case CompareType::kLess: return a < b;
    case CompareType::kLessEqual: return a <= b;
    case CompareType::kGreater: return a > b;
    case CompareType::kGreaterEqual: return a >= b;
    case CompareType::kAnd: return a != T(0) && b != T(0);
    case CompareType::kOr: return a != T(0) || b != T(0);
    case CompareType::kXor: return (a != T(0)) != (b != T(0));
  }
  return false;
}

inline Status CompareCompute(const CompareParam& p) {
  const DDim& od = p.out->dims();
  const std::vector<int64_t> strides[2] = {BroadcastStrides(p.x->dims(), od), BroadcastStrides(p.y->dims(), od)};
  bool* out = p.out->mutable_data<bool>();
  VisitDataType(p.x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* x = p.x->data<T>();
    const T* y = p.y->data<T>();
    ForEachBroadcast(od, strides, [&](int64_t i, const int64_t* off) { out[i] = CompareValues(p.type, x[off[0]], y[off[1]]); });
  });
  return Status::OK();
}

}  // namespace ember
