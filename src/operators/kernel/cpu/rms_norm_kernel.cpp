#include "operators/kernel/central-arm-func/rms_norm_func.h"
#include "operators/rms_norm_op.h"

namespace ember {

template <>
Status RmsNormKernel<CPU, float>::Init(RmsNormParam*) {
  return Status::OK();
}

template <>
Status RmsNormKernel<CPU, float>::Compute(const RmsNormParam& p) {
  const float* scale = !p.scale_row.empty() ? p.scale_row.data() : p.scale ? p.scale->data<float>() : nullptr;
  RmsNorm(p.x->data<float>(), scale, p.epsilon, p.left, p.right, p.y->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
