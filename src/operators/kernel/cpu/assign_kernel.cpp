#include "operators/assign_op.h"
#include "operators/kernel/central-arm-func/assign_func.h"

namespace ember {

template <>
Status AssignKernel<CPU, float>::Init(AssignParam*) {
  return Status::OK();
}

template <>
Status AssignKernel<CPU, float>::Compute(const AssignParam& p) {
  AssignCompute(p.x->raw_data(), p.out->mutable_data(p.x->dtype()), p.x->nbytes());
  return Status::OK();
}

}  // namespace ember
