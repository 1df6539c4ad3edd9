#include "operators/top_k_op.h"
#include "operators/kernel/central-arm-func/top_k_func.h"

namespace ember {

template <>
Status TopKKernel<CPU, float>::Init(TopKParam*) {
  return Status::OK();
}

template <>
Status TopKKernel<CPU, float>::Compute(const TopKParam& p) {
  return TopKCompute(p);
}

}  // namespace ember
