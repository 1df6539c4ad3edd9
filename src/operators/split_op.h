// split: cuts X along `axis` into the Out tensors, either `num` equal parts or by `sections` (one -1 is
// inferred). AxisTensor and SectionsTensorList inputs are not supported.
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
  std::vector<int64_t> sections;
  int norm_axis = 0;  // in [0, rank), set by InferShape
  Status Bind(ParamBinder* b);
};

class SplitOp : public OperatorWithKernel<CPU, SplitParam, SplitKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
