#include <cmath>
#include <cstring>

#include "operators/one_hot_op.h"

namespace ember {

template <>
Status OneHotKernel<CPU, float>::Init(OneHotParam*) {
  return Status::OK();
}

// Every element is `off`, then the one chosen position per index is `on` (an index out of range sets none).
template <>
Status OneHotKernel<CPU, float>::Compute(const OneHotParam& p) {
  const size_t esz = SizeOf(p.values->dtype());
  const char* off = static_cast<const char*>(p.values->raw_data());
  const char* on = off + esz;
  char* y = static_cast<char*>(p.out->mutable_data(p.values->dtype()));
  const int64_t n = p.out->numel();
  for (int64_t i = 0; i < n; ++i) std::memcpy(y + i * esz, off, esz);
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t in = 0; in < p.inner; ++in) {
      const int64_t i = o * p.inner + in;
      int64_t j = -1 - p.depth;  // out of range: no position set
      if (p.indices->dtype() == DataType::kInt32) j = p.indices->data<int32_t>()[i];
      else if (p.indices->dtype() == DataType::kInt64) j = p.indices->data<int64_t>()[i];
      else if (std::fabs(p.indices->data<float>()[i]) < 9.2e18f) j = static_cast<int64_t>(p.indices->data<float>()[i]);
      if (j < 0) j += p.depth;
      if (j >= 0 && j < p.depth) std::memcpy(y + ((o * p.depth + j) * p.inner + in) * esz, on, esz);
    }
  return Status::OK();
}

}  // namespace ember
