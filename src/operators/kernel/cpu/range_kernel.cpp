#include "operators/range_op.h"
#include "operators/kernel/central-arm-func/range_func.h"

namespace ember {

template <>
Status RangeKernel<CPU, float>::Init(RangeParam*) {
  return Status::OK();
}

template <>
Status RangeKernel<CPU, float>::Compute(const RangeParam& p) {
  return RangeCompute(p);
}

}  // namespace ember
