#include "operators/lrn_op.h"
#include "operators/kernel/central-arm-func/lrn_func.h"

namespace ember {

template <>
Status LrnKernel<CPU, float>::Init(LrnParam*) {
  return Status::OK();
}

template <>
Status LrnKernel<CPU, float>::Compute(const LrnParam& p) {
  const DDim& d = p.x->dims();
  float* mid = nullptr;
  if (p.mid_out) {
    mid = p.mid_out->mutable_data<float>();
  } else {
    mid_.resize(static_cast<size_t>(p.x->numel()));
    mid = mid_.data();
  }
  Lrn(p.x->data<float>(), d[0], d[1], d[2] * d[3], p.n, p.k, p.alpha, p.beta, p.out->mutable_data<float>(), mid);
  return Status::OK();
}

}  // namespace ember
