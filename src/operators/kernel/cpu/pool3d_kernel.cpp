#include "operators/pool3d_op.h"
#include "operators/kernel/central-arm-func/pool3d_func.h"

namespace ember {

template <>
Status Pool3dKernel<CPU, float>::Init(Pool3dParam*) {
  return Status::OK();
}

template <>
Status Pool3dKernel<CPU, float>::Compute(const Pool3dParam& p) {
  Pool3d(p.geo, p.x->data<float>(), p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
