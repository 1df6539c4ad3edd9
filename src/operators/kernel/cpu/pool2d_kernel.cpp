#include "operators/pool2d_op.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"

namespace ember {

template <>
Status Pool2dKernel<CPU, float>::Init(Pool2dParam*) {
  return Status::OK();
}

template <>
Status Pool2dKernel<CPU, float>::Compute(const Pool2dParam& p) {
  Pool2d(p.geo, p.x->data<float>(), p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
