#include "operators/elementwise_op.h"
#include "operators/kernel/central-arm-func/elementwise_func.h"

#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/eltwise_x86.h"
#endif

namespace ember {

namespace {
template <typename T>
Status RunTyped(const ElementwiseParam& p) {
  const T* y = p.y->data<T>();
  if constexpr (std::is_integral<T>::value) {
    if (p.type == ElementwiseType::kDiv) {
      const int64_t n = p.y->numel();
      for (int64_t i = 0; i < n; ++i)
        if (y[i] == 0) return InvalidArgument("integer division by zero: Y[", i, "] is 0");
    }
  }
#ifdef EMBER_HAVE_X86_KERNELS
  if constexpr (std::is_same<T, float>::value) {
    const x86::Isa isa = x86::ActiveIsa();
    if (x86::ElementwiseX86Supported(p.type, isa)) {
      x86::ElementwiseX86(p.type, p.plan, p.x->data<float>(), y, p.out->mutable_data<float>(), p.act, isa);
      return Status::OK();
    }
  }
#endif
  ElementwiseCompute<T>(p.type, p.plan, p.x->data<T>(), y, p.out->mutable_data<T>(), p.act);
  return Status::OK();
}
}  // namespace

template <>
Status ElementwiseKernel<CPU, float>::Init(ElementwiseParam*) {
  return Status::OK();
}

template <>
Status ElementwiseKernel<CPU, float>::Compute(const ElementwiseParam& p) {
  if (p.out->numel() == 0) return Status::OK();
  switch (p.x->dtype()) {
    case DataType::kFloat32: return RunTyped<float>(p);
    case DataType::kInt32: return RunTyped<int32_t>(p);
    case DataType::kInt64: return RunTyped<int64_t>(p);
    default: break;
  }
  return Internal("elementwise kernel: unexpected dtype ", DataTypeName(p.x->dtype()));
}

}  // namespace ember

namespace ember {
template <>
const char* ElementwiseKernel<CPU, float>::Name(const ElementwiseParam& p) const {
#ifdef EMBER_HAVE_X86_KERNELS
  if (p.x->dtype() == DataType::kFloat32) return x86::ElementwiseKernelName(p.type, x86::ActiveIsa());
#endif
  (void)p;
  return "portable";
}
}  // namespace ember
