// Portable strided slice: each output element reads begin + index * step per dim; its own reference.
#pragma once

#include <cstring>

#include "operators/strided_slice_op.h"

namespace ember {

inline Status StridedSliceCompute(const StridedSliceParam& p) {
  const DDim& in = p.input->dims();
  const DDim& od = p.out->dims();
  const int rank = in.size();
  const size_t esz = SizeOf(p.input->dtype());
  const char* x = static_cast<const char*>(p.input->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.input->dtype()));
  std::vector<int64_t> stride(static_cast<size_t>(rank), 1);
  for (int d = rank - 2; d >= 0; --d) stride[static_cast<size_t>(d)] = stride[static_cast<size_t>(d) + 1] * in[d + 1];
  const int64_t n = od.numel();
  for (int64_t i = 0; i < n; ++i) {
    int64_t rem = i, off = 0;
    for (int d = rank - 1; d >= 0; --d) {
      const size_t ud = static_cast<size_t>(d);
      int64_t c = rem % od[d];
      rem /= od[d];
      off += (p.begin[ud] + c * p.step[ud]) * stride[ud];
    }
    std::memcpy(y + i * esz, x + off * esz, esz);
  }
  return Status::OK();
}

}  // namespace ember
