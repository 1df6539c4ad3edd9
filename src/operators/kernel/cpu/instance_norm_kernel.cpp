#include "operators/instance_norm_op.h"
#include "operators/kernel/central-arm-func/instance_norm_func.h"

namespace ember {

template <>
Status InstanceNormKernel<CPU, float>::Init(InstanceNormParam*) {
  return Status::OK();
}

template <>
Status InstanceNormKernel<CPU, float>::Compute(const InstanceNormParam& p) {
  const DDim& d = p.x->dims();
  InstanceNorm(p.x->data<float>(), p.scale ? p.scale->data<float>() : nullptr,
               p.bias ? p.bias->data<float>() : nullptr, p.epsilon, d[0], d[1], d.Product(2, d.size()),
               p.y->mutable_data<float>(), p.saved_mean ? p.saved_mean->mutable_data<float>() : nullptr,
               p.saved_variance ? p.saved_variance->mutable_data<float>() : nullptr);
  return Status::OK();
}

}  // namespace ember
