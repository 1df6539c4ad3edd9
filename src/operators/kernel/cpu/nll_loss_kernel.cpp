#include "operators/kernel/central-arm-func/nll_loss_func.h"
#include "operators/nll_loss_op.h"

namespace ember {

template <>
Status NllLossKernel<CPU, float>::Init(NllLossParam*) {
  return Status::OK();
}

template <>
Status NllLossKernel<CPU, float>::Compute(const NllLossParam& p) {
  if (p.label->dtype() == DataType::kInt32) return NllLossCompute(p, p.label->data<int32_t>());
  return NllLossCompute(p, p.label->data<int64_t>());
}

}  // namespace ember
