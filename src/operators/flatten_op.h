// flatten / flatten2 (axis: [prod(dims[:axis]), prod(dims[axis:])]) and flatten_contiguous_range
// (start_axis..stop_axis merged into one dim). Out is a byte copy of X; XShape is optional.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/flatten_kernel.h"

namespace ember {

struct FlattenParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* xshape = nullptr;
  bool contiguous_range = false;  // flatten_contiguous_range rather than flatten/flatten2
  int64_t axis = 1;
  int64_t start_axis = 1;
  int64_t stop_axis = -1;
  Status Bind(ParamBinder* b);
};

class FlattenOp : public OperatorWithKernel<CPU, FlattenParam, FlattenKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  // Out is X's bytes as they are: the arena may place it in X's slot (the copy then skips itself).
  std::vector<StorageView> Views() const override { return {{param_.out, param_.x, 0}}; }
};

}  // namespace ember
