#include "operators/affine_grid_op.h"
#include "operators/kernel/central-arm-func/affine_grid_func.h"

namespace ember {

template <>
Status AffineGridKernel<CPU, float>::Init(AffineGridParam*) {
  return Status::OK();
}

template <>
Status AffineGridKernel<CPU, float>::Compute(const AffineGridParam& p) {
  const std::vector<int64_t>& size = p.output_shape;
  AffineGrid(p.theta->data<float>(), size[0], std::vector<int64_t>(size.begin() + 2, size.end()), p.align_corners,
             p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
