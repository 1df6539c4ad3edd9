#include "operators/take_along_axis_op.h"
#include "operators/kernel/central-arm-func/take_along_axis_func.h"

namespace ember {

template <>
Status TakeAlongAxisKernel<CPU, float>::Init(TakeAlongAxisParam*) {
  return Status::OK();
}

template <>
Status TakeAlongAxisKernel<CPU, float>::Compute(const TakeAlongAxisParam& p) {
  return TakeAlongAxisCompute(p);
}

}  // namespace ember
