#include "operators/kernel/central-arm-func/layout_transform_func.h"
#include "operators/layout_transform_op.h"

namespace ember {

template <>
Status LayoutTransformKernel<CPU, float>::Init(LayoutTransformParam*) {
  return Status::OK();
}

template <>
Status LayoutTransformKernel<CPU, float>::Compute(const LayoutTransformParam& p) {
  if (p.to_block)
    ReorderPacked<true>(p.x->data<float>(), p.out->mutable_data<float>(), p.n, p.c, p.hw, p.block);
  else
    ReorderPacked<false>(p.x->data<float>(), p.out->mutable_data<float>(), p.n, p.c, p.hw, p.block);
  return Status::OK();
}

}  // namespace ember
