// Elementwise math not in the activation family (ncnn's UnaryOp and ONNX-style unary ops), float32:
//   floor, ceil, round (half to even), trunc, square (x*x), rsqrt (1/sqrt x), reciprocal (1/x),
//   sin, cos, tan, asin, acos, atan, log10, sinh, cosh, asinh, acosh, atanh, sign (-1, 0 or 1; NaN stays).
// One op class; the op type picks the function. X -> Out, same shape.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/unary_kernel.h"

namespace ember {

enum class UnaryType { kFloor, kCeil, kRound, kTrunc, kSquare, kRsqrt, kReciprocal, kSin, kCos, kTan, kAsin,
                       kAcos, kAtan, kLog10, kSinh, kCosh, kAsinh, kAcosh, kAtanh, kSign };

// Maps an op type to its function; false for an unknown type.
bool ParseUnaryType(const std::string& op_type, UnaryType* type);

struct UnaryParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  UnaryType type = UnaryType::kFloor;
  Status Bind(ParamBinder* b);
};

class UnaryOp : public OperatorWithKernel<CPU, UnaryParam, UnaryKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
