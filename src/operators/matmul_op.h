// matmul (Paddle 1.x: transpose_X, transpose_Y, alpha) and matmul_v2 (trans_x, trans_y; numpy matmul).
// Both batch over the leading dims with numpy broadcasting and run one Sgemm per batch.
//   matmul:    a 1-D X is a row [1, K] and a 1-D Y a column [K, 1], transposed as asked; the added dim is
//              dropped from Out when it is 1. Batch dims that do not broadcast but hold the same number of
//              matrices pair up in order (Paddle flattens them), Out taking X's batch dims.
//   matmul_v2: a 1-D operand ignores its transpose flag; its added dim is always dropped (1-D x 1-D -> [1]).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/activation_op.h"
#include "operators/kernel/matmul_kernel.h"

namespace ember {

struct MatMulParam {
  const Tensor* x = nullptr;
  const Tensor* y = nullptr;
  Tensor* out = nullptr;
  bool v2 = false;
  bool trans_x = false;
  bool trans_y = false;
  float alpha = 1.f;
  ActivationSpec act;       // fused by a pass (fuse_activation)
  std::string unsupported;  // the first attribute Ember cannot honour (oneDNN fusions), reported by InferShape

  // The GEMMs, set by InferShape: Out[b] = alpha * op(X + x_offsets[b]) * op(Y + y_offsets[b]).
  bool gemm_trans_x = false, gemm_trans_y = false;
  int64_t m = 0, n = 0, k = 0, lda = 0, ldb = 0;
  std::vector<int64_t> x_offsets, y_offsets;
  Status Bind(ParamBinder* b);
};

class MatMulOp : public OperatorWithKernel<CPU, MatMulParam, MatMulKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
