#include "operators/resize_op.h"
#include "operators/kernel/central-arm-func/resize_func.h"

namespace ember {

template <>
Status ResizeKernel<CPU, float>::Init(ResizeParam*) {
  return Status::OK();
}

template <>
Status ResizeKernel<CPU, float>::Compute(const ResizeParam& p) {
  return ResizeCompute(p);
}

}  // namespace ember
