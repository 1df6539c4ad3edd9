// concat: joins the X tensors along `axis` (negative counts from the end); any dtype, all inputs alike.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/concat_kernel.h"

namespace ember {

struct ConcatParam {
  std::vector<const Tensor*> xs;
  Tensor* out = nullptr;
  int64_t axis = 0;      // as given
  int norm_axis = 0;     // in [0, rank), set by InferShape
  Status Bind(ParamBinder* b);
};

class ConcatOp : public OperatorWithKernel<CPU, ConcatParam, ConcatKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  std::vector<StorageView> Views() const override;
};

}  // namespace ember
