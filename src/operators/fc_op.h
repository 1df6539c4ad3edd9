// fc: Out = act(flatten(Input) * W + Bias). Input is viewed as [prod(dims before in_num_col_dims),
// prod(the rest)] = [M, K]; W is [K, N]; Bias is [N] or [1, N]; Out dims are Input's first
// in_num_col_dims dims + [N]; a negative in_num_col_dims counts from the end (-1: a linear layer on the last
// dim, as fuse_fc writes for a matmul of unknown rank; a 1-D Input then gives [N]). The activation is
// Paddle's activation_type ("" or "relu") or the fused one a pass wrote (fuse_activation), not both.
#pragma once

#include <cstdint>
#include <string>

#include "framework/operator.h"
#include "operators/activation_op.h"
#include "operators/kernel/fc_kernel.h"

namespace ember {

struct FcParam {
  const Tensor* input = nullptr;
  const Tensor* w = nullptr;
  const Tensor* bias = nullptr;  // optional
  Tensor* out = nullptr;
  int64_t in_num_col_dims = 1;
  std::string activation_type;
  bool padding_weights = false;
  ActivationSpec act;  // from activation_type or fuse_activation, resolved by InferShape
  ActivationSpec fused;
  int64_t m = 0, k = 0, n = 0;  // GEMM sizes, set by InferShape
  Status Bind(ParamBinder* b);
};

class FcOp : public OperatorWithKernel<CPU, FcParam, FcKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
