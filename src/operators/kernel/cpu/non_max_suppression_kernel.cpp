#include <algorithm>

#include "operators/non_max_suppression_op.h"

namespace ember {

template <>
Status NonMaxSuppressionKernel<CPU, float>::Init(NonMaxSuppressionParam*) {
  return Status::OK();
}

// The selection itself ran in InferShape (Out's size depends on it).
template <>
Status NonMaxSuppressionKernel<CPU, float>::Compute(const NonMaxSuppressionParam& p) {
  std::copy(p.selected.begin(), p.selected.end(), p.out->mutable_data<int64_t>());
  return Status::OK();
}

}  // namespace ember
