#include "operators/activation_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"

#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/activation_x86.h"
#endif

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
#ifdef EMBER_HAVE_X86_KERNELS
      x86::ActivationArray(p.act, p.x->data<float>(), p.out->mutable_data<float>(), n, x86::ActiveIsa());
#else
      ActivationCompute(p.act, p.x->data<float>(), p.out->mutable_data<float>(), n);
#endif
      break;
  }
  return Status::OK();
}

}  // namespace ember

namespace ember {
template <>
const char* ActivationKernel<CPU, float>::Name(const ActivationParam& p) const {
  if (p.x->dtype() != DataType::kFloat32) return "portable";
#ifdef EMBER_HAVE_X86_KERNELS
  return x86::ActivationKernelName(p.act, x86::ActiveIsa());
#else
  return "portable";
#endif
}
}  // namespace ember
