// Portable strided slice: one output row (the innermost dim) at a time, its start found from the row's
// outer indices; a unit step copies the row with one memcpy. The test checks it against numpy-style index
// lists built by plain loops.
#pragma once

#include <algorithm>
#include <cstring>

#include "framework/parallel.h"
#include "operators/strided_slice_op.h"

namespace ember {

inline Status StridedSliceCompute(const StridedSliceParam& p) {
  const DDim& in = p.input->dims();
  const DDim& od = p.out->dims();
  const int rank = in.size();
  const int64_t esz = static_cast<int64_t>(SizeOf(p.input->dtype()));
  const char* x = static_cast<const char*>(p.input->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.input->dtype()));
  const int64_t n = od.numel();
  if (n == 0) return Status::OK();
  if (rank == 0) {
    std::memcpy(y, x, static_cast<size_t>(esz));
    return Status::OK();
  }
  if (std::all_of(p.step.begin(), p.step.end(), [](int64_t s) { return s == 1; })) {
    const std::vector<StorageView> view = BoxView(p.out, p.input, p.begin, od.vec());
    if (!view.empty() && y == x + view[0].offset) return Status::OK();  // the arena placed Out there (Views)
  }
  std::vector<int64_t> stride(static_cast<size_t>(rank), esz);  // input bytes per step of each dim
  for (int d = rank - 2; d >= 0; --d) stride[static_cast<size_t>(d)] = stride[static_cast<size_t>(d) + 1] * in[d + 1];
  const size_t last = static_cast<size_t>(rank - 1);
  const int64_t row = od[rank - 1], rows = n / row;
  const int64_t step_bytes = p.step[last] * stride[last];
  const int64_t row_bytes = row * esz;
  ParallelFor(rows, (n * esz > (1 << 20)) ? MaxThreads() : 1, [&](int64_t r) {
    int64_t rem = r, off = p.begin[last] * stride[last];
    for (int d = rank - 2; d >= 0; --d) {
      const size_t ud = static_cast<size_t>(d);
      off += (p.begin[ud] + (rem % od[d]) * p.step[ud]) * stride[ud];
      rem /= od[d];
    }
    const char* src = x + off;
    char* dst = y + r * row_bytes;
    if (step_bytes == esz) {
      if (dst != src) std::memcpy(dst, src, static_cast<size_t>(row_bytes));  // else placed there (Views)
    } else {
      for (int64_t i = 0; i < row; ++i) std::memcpy(dst + i * esz, src + i * step_bytes, static_cast<size_t>(esz));
    }
  });
  return Status::OK();
}

}  // namespace ember
