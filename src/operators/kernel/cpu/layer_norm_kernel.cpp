#include "operators/layer_norm_op.h"
#include "operators/kernel/central-arm-func/layer_norm_func.h"

namespace ember {

template <>
Status LayerNormKernel<CPU, float>::Init(LayerNormParam*) {
  return Status::OK();
}

template <>
Status LayerNormKernel<CPU, float>::Compute(const LayerNormParam& p) {
  const DDim& d = p.x->dims();
  const int axis = static_cast<int>(p.axis);
  LayerNorm(p.x->data<float>(), p.scale ? p.scale->data<float>() : nullptr,
            p.bias ? p.bias->data<float>() : nullptr, p.epsilon, d.Product(0, axis), d.Product(axis, d.size()),
            p.y->mutable_data<float>(), p.mean ? p.mean->mutable_data<float>() : nullptr,
            p.variance ? p.variance->mutable_data<float>() : nullptr);
  return Status::OK();
}

}  // namespace ember
