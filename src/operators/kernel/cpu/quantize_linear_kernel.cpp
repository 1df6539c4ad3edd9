#include "operators/kernel/central-arm-func/quantize_linear_func.h"
#include "operators/quantize_linear_op.h"

#include <algorithm>

namespace ember {

template <>
Status QuantizeLinearKernel<CPU, float>::Init(QuantizeLinearParam*) {
  return Status::OK();
}

template <>
Status QuantizeLinearKernel<CPU, float>::Compute(const QuantizeLinearParam& p) {
  if (p.only_observer) {  // Paddle: the op only observed the scale in training
    std::copy(p.x->data<float>(), p.x->data<float>() + p.x->numel(), p.y->mutable_data<float>());
    return Status::OK();
  }
  const std::vector<float> zp = ZeroPointsAsFloat(p.zero_point, p.scale->numel());
  const float bin = p.bin;
  const bool away = p.round_type == 1;
  const float* x = p.x->data<float>();
  const float* s = p.scale->data<float>();
  switch (p.out_type) {
    case DataType::kInt8:
      QuantizeLinearLoop(x, s, zp, p.layout, p.step_scale, bin, away, p.lo, p.hi, p.y->mutable_data<int8_t>());
      break;
    case DataType::kUInt8:
      QuantizeLinearLoop(x, s, zp, p.layout, p.step_scale, bin, away, p.lo, p.hi,
                         p.y->mutable_data<uint8_t>());
      break;
    default:
      QuantizeLinearLoop(x, s, zp, p.layout, p.step_scale, bin, away, p.lo, p.hi, p.y->mutable_data<float>());
  }
  return Status::OK();
}

}  // namespace ember
