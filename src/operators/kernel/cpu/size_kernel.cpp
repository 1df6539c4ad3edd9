#include "operators/size_op.h"
#include "operators/kernel/central-arm-func/size_func.h"

namespace ember {

template <>
Status SizeKernel<CPU, float>::Init(SizeParam*) {
  return Status::OK();
}

template <>
Status SizeKernel<CPU, float>::Compute(const SizeParam& p) {
  return SizeCompute(p);
}

}  // namespace ember
