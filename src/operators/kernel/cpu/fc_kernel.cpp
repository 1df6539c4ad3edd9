#include "operators/fc_op.h"
#include "operators/kernel/central-arm-func/fc_func.h"

namespace ember {

template <>
Status FcKernel<CPU, float>::Init(FcParam*) {
  return Status::OK();
}

template <>
Status FcKernel<CPU, float>::Compute(const FcParam& p) {
  FcCompute(p.input->data<float>(), p.w->data<float>(), p.bias ? p.bias->data<float>() : nullptr,
            p.out->mutable_data<float>(), p.m, p.k, p.n, p.act);
  return Status::OK();
}

}  // namespace ember
