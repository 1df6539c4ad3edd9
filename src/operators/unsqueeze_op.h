// unsqueeze / unsqueeze2: inserts size-1 dims at `axes`, one after another (a negative axis counts from
// the end of the shape built so far, as in Paddle). Paddle's priority for the axes: AxesTensor (an int32/int64
// tensor of axes), then AxesTensorList (one-element int tensors), then the attribute; the tensors are read in
// InferShape, so they may be computed upstream.
// Ember extension, attribute output_axes (bool, default false): the axes name positions in the output, as
// ONNX Unsqueeze does (negatives count from the output rank, the order does not matter, a repeat is an
// error); the importer sets it when the axes are only known at run time.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/unsqueeze_kernel.h"

namespace ember {

struct UnsqueezeParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* xshape = nullptr;
  const Tensor* axes_tensor = nullptr;           // optional AxesTensor
  std::vector<const Tensor*> axes_tensor_list;   // optional AxesTensorList
  std::vector<int64_t> axes;
  bool output_axes = false;
  Status Bind(ParamBinder* b);
};

class UnsqueezeOp : public OperatorWithKernel<CPU, UnsqueezeParam, UnsqueezeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  // Out is X's bytes as they are: the arena may place it in X's slot (the copy then skips itself).
  std::vector<StorageView> Views() const override { return {{param_.out, param_.x, 0}}; }
};

}  // namespace ember
