#include "operators/compare_op.h"
#include "operators/kernel/central-arm-func/compare_func.h"

namespace ember {

template <>
Status CompareKernel<CPU, float>::Init(CompareParam*) {
  return Status::OK();
}

template <>
Status CompareKernel<CPU, float>::Compute(const CompareParam& p) {
  return CompareCompute(p);
}

}  // namespace ember
