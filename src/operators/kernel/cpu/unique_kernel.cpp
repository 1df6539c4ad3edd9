#include <algorithm>
#include <cstring>

#include "operators/unique_op.h"

namespace ember {

template <>
Status UniqueKernel<CPU, float>::Init(UniqueParam*) {
  return Status::OK();
}

// The grouping ran in InferShape; here the chosen slices are copied out.
template <>
Status UniqueKernel<CPU, float>::Compute(const UniqueParam& p) {
  const size_t esz = SizeOf(p.x->dtype()), run = static_cast<size_t>(p.inner) * esz;
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  const int64_t groups = static_cast<int64_t>(p.first.size());
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t g = 0; g < groups; ++g)
      std::memcpy(y + (o * groups + g) * run, x + (o * p.n + p.first[static_cast<size_t>(g)]) * run, run);
  if (p.indices) std::copy(p.first.begin(), p.first.end(), p.indices->mutable_data<int64_t>());
  if (p.inverse) std::copy(p.inverse_of.begin(), p.inverse_of.end(), p.inverse->mutable_data<int64_t>());
  if (p.counts) std::copy(p.count.begin(), p.count.end(), p.counts->mutable_data<int64_t>());
  return Status::OK();
}

}  // namespace ember
