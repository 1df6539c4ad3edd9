#include "operators/pool2d_op.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

template <>
Status Pool2dKernel<CPU, float>::Init(Pool2dParam*) {
  return Status::OK();
}

template <>
Status Pool2dKernel<CPU, float>::Compute(const Pool2dParam& p) {
  if (p.block) {
    GlobalPoolPacked(p.geo, p.block, p.x->data<float>(), p.out->mutable_data<float>());
    return Status::OK();
  }
  if (p.mask || p.geo.dilation_h != 1 || p.geo.dilation_w != 1) {
    Pool2dDilated(p.geo, p.x->data<float>(), p.out->mutable_data<float>(),
                     p.mask ? p.mask->mutable_data<int32_t>() : nullptr);
    return Status::OK();
  }
  const Pool2dAccel* a = CpuAccel().pool2d;
  if (a && p.geo.lp == 0.f && a->supports(p.geo)) {
    a->run(p.geo, p.x->data<float>(), p.out->mutable_data<float>());
    return Status::OK();
  }
  Pool2d(p.geo, p.x->data<float>(), p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember

namespace ember {
template <>
const char* Pool2dKernel<CPU, float>::Name(const Pool2dParam& p) const {
  if (p.block) return p.block == 16 ? "global 16c" : "global 4c";
  if (p.mask || p.geo.dilation_h != 1 || p.geo.dilation_w != 1) return "dilated portable";
  const Pool2dAccel* a = CpuAccel().pool2d;
  return a && p.geo.lp == 0.f ? a->name(p.geo) : "portable";
}
}  // namespace ember
