#include "operators/pad_nd_op.h"
#include "operators/kernel/central-arm-func/pad_nd_func.h"

namespace ember {

template <>
Status PadNdKernel<CPU, float>::Init(PadNdParam*) {
  return Status::OK();
}

template <>
Status PadNdKernel<CPU, float>::Compute(const PadNdParam& p) {
  return PadNdCompute(p);
}

}  // namespace ember
