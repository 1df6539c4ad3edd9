// Portable expand: a plain broadcast copy, its own reference.
#pragma once

#include <cstring>

#include "operators/expand_op.h"
#include "operators/kernel/central-arm-func/broadcast_func.h"

namespace ember {

inline Status ExpandCompute(const ExpandParam& p) {
  const DDim& od = p.out->dims();
  const std::vector<int64_t> strides[1] = {BroadcastStrides(p.x->dims(), od)};
  const size_t esz = SizeOf(p.x->dtype());
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* out = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  ForEachBroadcast(od, strides, [&](int64_t i, const int64_t* off) { std::memcpy(out + i * esz, x + off[0] * esz, esz); });
  return Status::OK();
}

}  // namespace ember
