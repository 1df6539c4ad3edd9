// quantize_linear: Y = saturate(round(X / step) + ZeroPoint), per tensor, per axis (quant_axis) or in blocks of
// block_size along quant_axis. Paddle's quantized inference programs: Scale is the abs max of the range, so
// step = Scale / (2^(bit_length-1) - 1), Y stays float32 (integer values in [-2^(bit_length-1), that - 1]) and
// round_type picks ties to even (0) or away from zero (1); newer Paddle's qmax, when given, replaces
// 2^(bit_length-1) - 1, and only_observer makes Y a copy of X. ONNX's QuantizeLinear (step_scale true): Scale is
// the step and out_dtype (VarType INT8 21 / UINT8 20) the output type, saturating to its range.
// A Scale with one element is per tensor; otherwise a negative quant_axis counts from the end.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/quantize_linear_kernel.h"

namespace ember {

// Where each element of X finds its scale and zero point: X seen as [outer, axis_len, inner]; per tensor
// (one scale), per axis (axis_len scales) or blocked (scales [outer, ceil(axis_len / block), inner]).
struct QuantLayout {
  int64_t outer = 1, axis_len = 1, inner = 1;
  int64_t block = 0;  // > 0: blocked
  bool per_tensor = true;
};

// The layout of `scale` (and `zero_point`, which must have the same dims when given) over x's dims.
Status ResolveQuantLayout(const DDim& x, const Tensor& scale, const Tensor* zero_point, int64_t quant_axis,
                          int64_t block_size, QuantLayout* layout);

// The slots and attributes quantize_linear and dequantize_linear share.
struct QuantLinearSlots {
  const Tensor* x = nullptr;
  const Tensor* scale = nullptr;
  const Tensor* zero_point = nullptr;  // optional
  Tensor* y = nullptr;
  int64_t quant_axis = 0, bit_length = 8, qmax = -1, block_size = 0;
  bool step_scale = false, only_observer = false;
  Status BindSlots(ParamBinder* b);
};

struct QuantizeLinearParam : QuantLinearSlots {
  int64_t round_type = 0, out_dtype = -1;
  // Set by InferShape.
  QuantLayout layout;
  DataType out_type = DataType::kFloat32;
  float bin = 127;       // Paddle's range: Scale maps to it
  float lo = 0, hi = 0;  // the saturation range
  Status Bind(ParamBinder* b);
};

class QuantizeLinearOp
    : public OperatorWithKernel<CPU, QuantizeLinearParam, QuantizeLinearKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
