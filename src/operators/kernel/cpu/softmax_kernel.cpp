#include "operators/softmax_op.h"
#include "operators/kernel/central-arm-func/softmax_func.h"

#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/softmax_x86.h"
#endif

namespace ember {

template <>
Status SoftmaxKernel<CPU, float>::Init(SoftmaxParam*) {
  return Status::OK();
}

template <>
Status SoftmaxKernel<CPU, float>::Compute(const SoftmaxParam& p) {
#ifdef EMBER_HAVE_X86_KERNELS
  const x86::Isa isa = x86::ActiveIsa();
  if (x86::SoftmaxX86Supported(isa)) {
    x86::SoftmaxX86(p.x->data<float>(), p.out->mutable_data<float>(), p.outer, p.axis_size, p.inner, p.log, isa);
    return Status::OK();
  }
#endif
  SoftmaxCompute(p.x->data<float>(), p.out->mutable_data<float>(), p.outer, p.axis_size, p.inner, p.log);
  return Status::OK();
}

}  // namespace ember

namespace ember {
template <>
const char* SoftmaxKernel<CPU, float>::Name(const SoftmaxParam&) const {
#ifdef EMBER_HAVE_X86_KERNELS
  return x86::SoftmaxKernelName(x86::ActiveIsa());
#else
  return "portable";
#endif
}
}  // namespace ember
