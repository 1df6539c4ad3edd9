#include <cmath>

#include "operators/isinf_op.h"

namespace ember {

template <>
Status IsInfKernel<CPU, float>::Init(IsInfParam*) {
  return Status::OK();
}

template <>
Status IsInfKernel<CPU, float>::Compute(const IsInfParam& p) {
  const float* x = p.x->data<float>();
  bool* y = p.out->mutable_data<bool>();
  for (int64_t i = 0; i < p.x->numel(); ++i)
    y[i] = p.nan ? std::isnan(x[i]) : std::isinf(x[i]) && (x[i] > 0 ? p.positive : p.negative);
  return Status::OK();
}

}  // namespace ember
