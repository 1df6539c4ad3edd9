#include "operators/tile_op.h"
#include "operators/kernel/central-arm-func/tile_func.h"

namespace ember {

template <>
Status TileKernel<CPU, float>::Init(TileParam*) {
  return Status::OK();
}

template <>
Status TileKernel<CPU, float>::Compute(const TileParam& p) {
  return TileCompute(p);
}

}  // namespace ember
