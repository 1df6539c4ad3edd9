// split: cuts X along `axis` into the Out tensors, either `num` equal parts or by `sections` (one -1 is
// inferred). As in Paddle, an AxisTensor input (one int value) replaces the axis attribute and a
// SectionsTensorList (one-element int tensors, one per output) replaces sections; Ember also accepts a
// SectionsTensorList of one 1-D tensor holding every section (ONNX Split's `split` input). The tensors are
// read in InferShape, so they may be computed upstream. Sections of 0 give empty outputs. Ember extension:
// with uneven_num (ONNX 18's num_outputs), a `num` that does not divide the dim gives parts of
// ceil(dim / num) and a smaller last one.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/split_kernel.h"

namespace ember {

struct SplitParam {
  const Tensor* x = nullptr;
  std::vector<Tensor*> outs;
  int64_t axis = 0;
  int64_t num = 0;
  bool uneven_num = false;
  std::vector<int64_t> sections;
  const Tensor* axis_tensor = nullptr;              // optional AxisTensor
  std::vector<const Tensor*> sections_tensors;      // optional SectionsTensorList
  int norm_axis = 0;  // in [0, rank), set by InferShape
  Status Bind(ParamBinder* b);
};

class SplitOp : public OperatorWithKernel<CPU, SplitParam, SplitKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  std::vector<StorageView> Views() const override;
};

}  // namespace ember
