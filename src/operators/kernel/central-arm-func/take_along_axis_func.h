// Portable take_along_axis: a plain index loop, its own reference.
#pragma once

#include <cstring>
#include <vector>

#include "operators/take_along_axis_op.h"

namespace ember {

inline Status TakeAlongAxisCompute(const TakeAlongAxisParam& p) {
  const DDim& d = p.input->dims();
  const DDim& id = p.index->dims();
  const int rank = d.size();
  const size_t esz = SizeOf(p.input->dtype());
  const char* x = static_cast<const char*>(p.input->raw_data());
  char* y = static_cast<char*>(p.result->mutable_data(p.input->dtype()));
  std::vector<int64_t> stride(static_cast<size_t>(rank), 1);
  for (int k = rank - 2; k >= 0; --k) stride[static_cast<size_t>(k)] = stride[static_cast<size_t>(k) + 1] * d[k + 1];
  const int64_t n = id.numel(), len = d[p.axis];
  for (int64_t i = 0; i < n; ++i) {
    int64_t j = p.index->dtype() == DataType::kInt32 ? p.index->data<int32_t>()[i] : p.index->data<int64_t>()[i];
    if (j < 0) j += len;
    if (j < 0 || j >= len) return InvalidArgument("Index value ", j, " is out of range for a dim of size ", len);
    int64_t rem = i, off = 0;
    for (int k = rank - 1; k >= 0; --k) {
      int64_t c = rem % id[k];
      rem /= id[k];
      off += (k == p.axis ? j : c) * stride[static_cast<size_t>(k)];
    }
    std::memcpy(y + i * esz, x + off * esz, esz);
  }
  return Status::OK();
}

}  // namespace ember
