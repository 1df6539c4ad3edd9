#include "operators/activation_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"

namespace ember {

template <>
Status ActivationKernel<CPU, float>::Init(ActivationParam*) {
  return Status::OK();
}

template <>
Status ActivationKernel<CPU, float>::Compute(const ActivationParam& p) {
  const int64_t n = p.x->numel();
  switch (p.x->dtype()) {
    case DataType::kInt32:
      ScaleInteger(p.act, p.x->data<int32_t>(), p.out->mutable_data<int32_t>(), n);
      break;
    case DataType::kInt64:
      ScaleInteger(p.act, p.x->data<int64_t>(), p.out->mutable_data<int64_t>(), n);
      break;
    default:  // InferShape admits only float32 otherwise
      ActivationCompute(p.act, p.x->data<float>(), p.out->mutable_data<float>(), n);
      break;
  }
  return Status::OK();
}

}  // namespace ember
