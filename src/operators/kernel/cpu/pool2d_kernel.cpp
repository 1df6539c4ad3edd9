#include "operators/pool2d_op.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"

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
  } else {
    Pool2d(p.geo, p.x->data<float>(), p.out->mutable_data<float>());
  }
  return Status::OK();
}

}  // namespace ember
