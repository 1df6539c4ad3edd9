// matmul_integer: Out (int32) = (X - XZeroPoint) x (Y - YZeroPoint), exact in integers (ONNX's MatMulInteger,
// and the integer core of QLinearMatMul). X and Y are int8 or uint8 with numpy matmul's shapes: a 1-D X is a
// row and a 1-D Y a column (the added dim dropped from Out), leading dims broadcast. XZeroPoint has one value
// or one per row of X; YZeroPoint one value or one per column of Y.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/matmul_integer_kernel.h"

namespace ember {

struct MatMulIntegerParam {
  const Tensor* x = nullptr;
  const Tensor* y = nullptr;
  const Tensor* x_zero_point = nullptr;  // optional
  const Tensor* y_zero_point = nullptr;  // optional
  Tensor* out = nullptr;
  // Set by InferShape: Out[b] = X[x_offsets[b]] (m x k) times Y[y_offsets[b]] (k x n), offsets in elements.
  int64_t m = 0, n = 0, k = 0;
  std::vector<int64_t> x_offsets, y_offsets;
  // Set when Y is a model weight: its int8 GEMM packing is made once and shared under this key.
  const Scope* weights_scope = nullptr;
  std::string cache_key;
  Status Bind(ParamBinder* b);
};

class MatMulIntegerOp : public OperatorWithKernel<CPU, MatMulIntegerParam, MatMulIntegerKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
