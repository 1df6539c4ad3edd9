// Portable where: a plain broadcast loop, its own reference.
#pragma once

#include <cstring>

#include "operators/kernel/central-arm-func/broadcast_func.h"
#include "operators/where_op.h"

namespace ember {

inline Status WhereCompute(const WhereParam& p) {
  const DDim& od = p.out->dims();
  const std::vector<int64_t> strides[3] = {BroadcastStrides(p.condition->dims(), od),
                                           BroadcastStrides(p.x->dims(), od), BroadcastStrides(p.y->dims(), od)};
  const size_t esz = SizeOf(p.x->dtype());
  const bool* c = p.condition->data<bool>();
  const char* x = static_cast<const char*>(p.x->raw_data());
  const char* y = static_cast<const char*>(p.y->raw_data());
  char* out = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  ForEachBroadcast(od, strides, [&](int64_t i, const int64_t* off) {
    std::memcpy(out + i * esz, c[off[0]] ? x + off[1] * esz : y + off[2] * esz, esz);
  });
  return Status::OK();
}

}  // namespace ember
