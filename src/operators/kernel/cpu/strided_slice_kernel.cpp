#include "operators/strided_slice_op.h"
#include "operators/kernel/central-arm-func/strided_slice_func.h"

namespace ember {

template <>
Status StridedSliceKernel<CPU, float>::Init(StridedSliceParam*) {
  return Status::OK();
}

template <>
Status StridedSliceKernel<CPU, float>::Compute(const StridedSliceParam& p) {
  return StridedSliceCompute(p);
}

}  // namespace ember
