#include "operators/multiclass_nms_op.h"
#include "operators/kernel/central-arm-func/multiclass_nms_func.h"

namespace ember {

template <>
Status MultiClassNmsKernel<CPU, float>::Init(MultiClassNmsParam*) {
  return Status::OK();
}

// Out's row count depends on the scores: the portable code resizes Out (and Index) before writing.
template <>
Status MultiClassNmsKernel<CPU, float>::Compute(const MultiClassNmsParam& p) {
  MultiClassNmsCompute(p);
  return Status::OK();
}

}  // namespace ember
