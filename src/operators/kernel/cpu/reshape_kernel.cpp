#include "operators/reshape_op.h"
#include "operators/kernel/central-arm-func/reshape_func.h"

namespace ember {

template <>
Status ReshapeKernel<CPU, float>::Init(ReshapeParam*) {
  return Status::OK();
}

template <>
Status ReshapeKernel<CPU, float>::Compute(const ReshapeParam& p) {
  CopyTensorBytes(*p.x, p.out);
  return Status::OK();
}

}  // namespace ember
