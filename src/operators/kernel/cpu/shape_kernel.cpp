#include "operators/shape_op.h"
#include "operators/kernel/central-arm-func/shape_func.h"

namespace ember {

template <>
Status ShapeKernel<CPU, float>::Init(ShapeParam*) {
  return Status::OK();
}

template <>
Status ShapeKernel<CPU, float>::Compute(const ShapeParam& p) {
  ShapeCompute(p.input->dims(), p.out->mutable_data<int32_t>());
  return Status::OK();
}

}  // namespace ember
