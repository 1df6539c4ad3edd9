#include "operators/conv3d_transpose_op.h"
#include "operators/kernel/central-arm-func/conv3d_transpose_func.h"

namespace ember {

template <>
Status Conv3dTransposeKernel<CPU, float>::Init(Conv3dTransposeParam*) {
  return Status::OK();
}

template <>
Status Conv3dTransposeKernel<CPU, float>::Compute(const Conv3dTransposeParam& p) {
  Conv3dTranspose(p.geo, p.input->data<float>(), p.filter->data<float>(), p.bias ? p.bias->data<float>() : nullptr,
                  p.output->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
