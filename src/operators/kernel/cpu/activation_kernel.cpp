#include "operators/activation_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/cpu_accel.h"

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
      if (const ActivationAccel* a = CpuAccel().activation)
        a->run(p.act, p.x->data<float>(), p.out->mutable_data<float>(), n);
      else
        ActivationCompute(p.act, p.x->data<float>(), p.out->mutable_data<float>(), n);
      break;
  }
  return Status::OK();
}

}  // namespace ember

namespace ember {
template <>
const char* ActivationKernel<CPU, float>::Name(const ActivationParam& p) const {
  const ActivationAccel* a = CpuAccel().activation;
  return a && p.x->dtype() == DataType::kFloat32 ? a->name(p.act) : "portable";
}
}  // namespace ember
