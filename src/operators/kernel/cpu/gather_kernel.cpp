#include "operators/gather_op.h"
#include "operators/kernel/central-arm-func/gather_func.h"

namespace ember {

template <>
Status GatherKernel<CPU, float>::Init(GatherParam*) {
  return Status::OK();
}

template <>
Status GatherKernel<CPU, float>::Compute(const GatherParam& p) {
  return GatherCompute(p);
}

}  // namespace ember
