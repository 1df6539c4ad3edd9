#include "operators/activation_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"

namespace ember {

template <>
Status ActivationKernel<CPU, float>::Init(ActivationParam*) {
  return Status::OK();
}

template <>
Status ActivationKernel<CPU, float>::Compute(const ActivationParam& p) {
  ActivationCompute(p.act, p.x->data<float>(), p.out->mutable_data<float>(), p.x->numel());
  return Status::OK();
}

}  // namespace ember
