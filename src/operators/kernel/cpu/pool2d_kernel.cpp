#include "operators/pool2d_op.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"

#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/pool_x86.h"
#endif

namespace ember {

template <>
Status Pool2dKernel<CPU, float>::Init(Pool2dParam*) {
  return Status::OK();
}

template <>
Status Pool2dKernel<CPU, float>::Compute(const Pool2dParam& p) {
  if (p.mask || p.geo.dilation_h != 1 || p.geo.dilation_w != 1) {
    Pool2dMaxDilated(p.geo, p.x->data<float>(), p.out->mutable_data<float>(),
                     p.mask ? p.mask->mutable_data<int32_t>() : nullptr);
    return Status::OK();
  }
#ifdef EMBER_HAVE_X86_KERNELS
  const x86::Isa isa = x86::ActiveIsa();
  if (x86::Pool2dX86Supported(p.geo, isa)) {
    x86::Pool2dX86(p.geo, p.x->data<float>(), p.out->mutable_data<float>(), isa);
    return Status::OK();
  }
#endif
  Pool2d(p.geo, p.x->data<float>(), p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember

namespace ember {
template <>
const char* Pool2dKernel<CPU, float>::Name(const Pool2dParam& p) const {
  if (p.mask || p.geo.dilation_h != 1 || p.geo.dilation_w != 1) return "dilated portable";
#ifdef EMBER_HAVE_X86_KERNELS
  return x86::Pool2dKernelName(p.geo, x86::ActiveIsa());
#else
  return "portable";
#endif
}
}  // namespace ember
