// Portable tril_triu: a plain loop over matrices, its own reference.
#pragma once

#include <cstring>

#include "operators/tril_triu_op.h"

namespace ember {

inline Status TrilTriuCompute(const TrilTriuParam& p) {
  const DDim& d = p.x->dims();
  const int rank = d.size();
  const int64_t rows = d[rank - 2], cols = d[rank - 1], mats = d.Product(0, rank - 2);
  const size_t esz = SizeOf(p.x->dtype());
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  for (int64_t m = 0; m < mats; ++m)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) {
        const int64_t at = (m * rows + i) * cols + j;
        const bool keep = p.lower ? j - i <= p.diagonal : j - i >= p.diagonal;
        if (keep) std::memcpy(y + at * esz, x + at * esz, esz);
        else std::memset(y + at * esz, 0, esz);
      }
  return Status::OK();
}

}  // namespace ember
