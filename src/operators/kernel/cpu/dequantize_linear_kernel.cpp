#include "operators/dequantize_linear_op.h"
#include "operators/kernel/central-arm-func/quantize_linear_func.h"

#include <algorithm>

namespace ember {

template <>
Status DequantizeLinearKernel<CPU, float>::Init(DequantizeLinearParam*) {
  return Status::OK();
}

template <>
Status DequantizeLinearKernel<CPU, float>::Compute(const DequantizeLinearParam& p) {
  if (p.only_observer) {  // Paddle: the op only observed the scale in training
    std::copy(p.x->data<float>(), p.x->data<float>() + p.x->numel(), p.y->mutable_data<float>());
    return Status::OK();
  }
  const std::vector<float> zp = ZeroPointsAsFloat(p.zero_point, p.scale->numel());
  const float range = p.range;
  float* y = p.y->mutable_data<float>();
  VisitDataType(p.x->dtype(), [&](auto tag) {
    using T = decltype(tag);
    DequantizeLinearLoop(p.x->data<T>(), p.scale->data<float>(), zp.data(), p.layout, p.step_scale, range, y);
  });
  return Status::OK();
}

}  // namespace ember
