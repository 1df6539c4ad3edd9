// arg_max: the index of the largest value along `axis` (the first one on ties). flatten = true treats X as
// 1-D. keepdims keeps the reduced dim as 1 (with flatten, every dim); a result with no dims left is [1]
// (Paddle 2.x before 0-D tensors). dtype is the VarType of Out: 2 INT32 or 3 INT64 (default; -1 too).
// X may be float32, int32 or int64.
#pragma once

#include <cstdint>

#include "framework/operator.h"
#include "operators/kernel/arg_max_kernel.h"

namespace ember {

struct ArgMaxParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t axis = 0;
  bool keepdims = false;
  bool flatten = false;
  int64_t dtype = 3;
  // X viewed as [outer, n, inner] with the search along n; set by InferShape.
  int64_t outer = 1, n = 1, inner = 1;
  Status Bind(ParamBinder* b);
};

class ArgMaxOp : public OperatorWithKernel<CPU, ArgMaxParam, ArgMaxKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
