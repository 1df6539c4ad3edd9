// Portable gather: a plain copy loop, its own reference.
#pragma once

#include <cstring>

#include "operators/gather_op.h"

namespace ember {

inline Status GatherCompute(const GatherParam& p) {
  const size_t esz = SizeOf(p.x->dtype());
  const int64_t m = p.index->numel();
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  const size_t row = static_cast<size_t>(p.inner) * esz;
  for (int64_t j = 0; j < m; ++j) {
    int64_t k = p.index->dtype() == DataType::kInt32 ? p.index->data<int32_t>()[j] : p.index->data<int64_t>()[j];
    if (k < 0) k += p.n;
    if (k < 0 || k >= p.n)
      return InvalidArgument("Index value ", k, " is out of range for a dim of size ", p.n);
    for (int64_t o = 0; o < p.outer; ++o)
      std::memcpy(y + (static_cast<size_t>(o * m + j)) * row, x + static_cast<size_t>(o * p.n + k) * row, row);
  }
  return Status::OK();
}

}  // namespace ember
