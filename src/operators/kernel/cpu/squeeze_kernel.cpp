#include "operators/squeeze_op.h"
#include "operators/kernel/central-arm-func/squeeze_func.h"

namespace ember {

template <>
Status SqueezeKernel<CPU, float>::Init(SqueezeParam*) {
  return Status::OK();
}

template <>
Status SqueezeKernel<CPU, float>::Compute(const SqueezeParam& p) {
  CopyTensorBytes(*p.x, p.out);
  return Status::OK();
}

}  // namespace ember
