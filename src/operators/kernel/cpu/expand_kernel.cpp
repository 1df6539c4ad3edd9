#include "operators/expand_op.h"
#include "operators/kernel/central-arm-func/expand_func.h"

namespace ember {

template <>
Status ExpandKernel<CPU, float>::Init(ExpandParam*) {
  return Status::OK();
}

template <>
Status ExpandKernel<CPU, float>::Compute(const ExpandParam& p) {
  return ExpandCompute(p);
}

}  // namespace ember
