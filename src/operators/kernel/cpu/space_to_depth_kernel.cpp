#include "operators/space_to_depth_op.h"
#include "operators/kernel/central-arm-func/space_to_depth_func.h"

namespace ember {

template <>
Status SpaceToDepthKernel<CPU, float>::Init(SpaceToDepthParam*) {
  return Status::OK();
}

template <>
Status SpaceToDepthKernel<CPU, float>::Compute(const SpaceToDepthParam& p) {
  return SpaceToDepthCompute(p);
}

}  // namespace ember
