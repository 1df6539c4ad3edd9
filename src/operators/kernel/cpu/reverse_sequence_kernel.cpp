#include <cstring>

#include "operators/reverse_sequence_op.h"

namespace ember {

template <>
Status ReverseSequenceKernel<CPU, float>::Init(ReverseSequenceParam*) {
  return Status::OK();
}

// Rows of the trailing dims move whole: element (t, b) of the first two dims takes (len[b] - 1 - t, b).
template <>
Status ReverseSequenceKernel<CPU, float>::Compute(const ReverseSequenceParam& p) {
  const DDim& d = p.x->dims();
  const size_t row = static_cast<size_t>(d.Product(2, d.size())) * SizeOf(p.x->dtype());
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  const int64_t* lens = p.lens->data<int64_t>();
  for (int64_t i = 0; i < d[0]; ++i)
    for (int64_t j = 0; j < d[1]; ++j) {
      const int64_t t = p.time_axis == 0 ? i : j, b = p.time_axis == 0 ? j : i;
      const int64_t src_t = t < lens[b] ? lens[b] - 1 - t : t;
      const int64_t src = p.time_axis == 0 ? src_t * d[1] + j : i * d[1] + src_t;
      std::memcpy(y + (i * d[1] + j) * row, x + src * row, row);
    }
  return Status::OK();
}

}  // namespace ember
