#include "operators/softmax_op.h"
#include "operators/kernel/central-arm-func/softmax_func.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

template <>
Status SoftmaxKernel<CPU, float>::Init(SoftmaxParam*) {
  return Status::OK();
}

template <>
Status SoftmaxKernel<CPU, float>::Compute(const SoftmaxParam& p) {
  const SoftmaxAccel* a = CpuAccel().softmax;
  if (a && a->supports()) {
    a->run(p.x->data<float>(), p.out->mutable_data<float>(), p.outer, p.axis_size, p.inner, p.log);
    return Status::OK();
  }
  SoftmaxCompute(p.x->data<float>(), p.out->mutable_data<float>(), p.outer, p.axis_size, p.inner, p.log);
  return Status::OK();
}

}  // namespace ember

namespace ember {
template <>
const char* SoftmaxKernel<CPU, float>::Name(const SoftmaxParam&) const {
  const SoftmaxAccel* a = CpuAccel().softmax;
  return a ? a->name() : "portable";
}
}  // namespace ember
