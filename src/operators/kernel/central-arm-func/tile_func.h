// Portable tile: each output element reads X at (index mod X's dim) per dim; its own reference.
#pragma once

#include <cstring>

#include "operators/tile_op.h"

namespace ember {

inline Status TileCompute(const TileParam& p) {
  const DDim& od = p.out->dims();
  const DDim& xd = p.in_dims;
  const int rank = od.size();
  const size_t esz = SizeOf(p.x->dtype());
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* out = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  std::vector<int64_t> xstride(static_cast<size_t>(rank), 1);
  for (int d = rank - 2; d >= 0; --d) xstride[static_cast<size_t>(d)] = xstride[static_cast<size_t>(d) + 1] * xd[d + 1];
  const int64_t n = od.numel();
  for (int64_t i = 0; i < n; ++i) {
    int64_t rem = i, off = 0;
    for (int d = rank - 1; d >= 0; --d) {
      int64_t c = rem % od[d];
      rem /= od[d];
      off += (c % xd[d]) * xstride[static_cast<size_t>(d)];
    }
    std::memcpy(out + i * esz, x + off * esz, esz);
  }
  return Status::OK();
}

}  // namespace ember
