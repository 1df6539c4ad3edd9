#include "operators/conv3d_op.h"
#include "operators/kernel/central-arm-func/conv3d_func.h"

namespace ember {

template <>
Status Conv3dKernel<CPU, float>::Init(Conv3dParam*) {
  return Status::OK();
}

template <>
Status Conv3dKernel<CPU, float>::Compute(const Conv3dParam& p) {
  Conv3d(p.geo, p.input->data<float>(), p.filter->data<float>(), p.bias ? p.bias->data<float>() : nullptr,
         p.output->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
