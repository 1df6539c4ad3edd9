#include "operators/onnx_dropout_op.h"
#include "operators/kernel/central-arm-func/onnx_dropout_func.h"

namespace ember {

template <>
Status OnnxDropoutKernel<CPU, float>::Init(OnnxDropoutParam*) {
  return Status::OK();
}

template <>
Status OnnxDropoutKernel<CPU, float>::Compute(const OnnxDropoutParam& p) {
  OnnxDropout(p.x->data<float>(), p.x->numel(), p.random, p.ratio, p.seed, runs_++, p.out->mutable_data<float>(),
              p.mask ? p.mask->mutable_data<bool>() : nullptr);
  return Status::OK();
}

}  // namespace ember
