#include "operators/prior_box_op.h"
#include "operators/kernel/central-arm-func/prior_box_func.h"

namespace ember {

template <>
Status PriorBoxKernel<CPU, float>::Init(PriorBoxParam*) {
  return Status::OK();
}

template <>
Status PriorBoxKernel<CPU, float>::Compute(const PriorBoxParam& p) {
  PriorBoxCompute(p, p.boxes->mutable_data<float>(), p.variances->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
