#include "operators/flatten_op.h"
#include "operators/kernel/central-arm-func/flatten_func.h"

namespace ember {

template <>
Status FlattenKernel<CPU, float>::Init(FlattenParam*) {
  return Status::OK();
}

template <>
Status FlattenKernel<CPU, float>::Compute(const FlattenParam& p) {
  CopyTensorBytes(*p.x, p.out);
  return Status::OK();
}

}  // namespace ember
