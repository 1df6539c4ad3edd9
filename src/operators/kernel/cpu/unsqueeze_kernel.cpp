#include "operators/unsqueeze_op.h"
#include "operators/kernel/central-arm-func/unsqueeze_func.h"

namespace ember {

template <>
Status UnsqueezeKernel<CPU, float>::Init(UnsqueezeParam*) {
  return Status::OK();
}

template <>
Status UnsqueezeKernel<CPU, float>::Compute(const UnsqueezeParam& p) {
  CopyTensorBytes(*p.x, p.out);
  return Status::OK();
}

}  // namespace ember
