#include "operators/softmax_op.h"
#include "operators/kernel/central-arm-func/softmax_func.h"

namespace ember {

template <>
Status SoftmaxKernel<CPU, float>::Init(SoftmaxParam*) {
  return Status::OK();
}

template <>
Status SoftmaxKernel<CPU, float>::Compute(const SoftmaxParam& p) {
  SoftmaxCompute(p.x->data<float>(), p.out->mutable_data<float>(), p.outer, p.axis_size, p.inner, p.log);
  return Status::OK();
}

}  // namespace ember
