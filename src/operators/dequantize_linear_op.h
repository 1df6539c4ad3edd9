// dequantize_linear: Y = (X - ZeroPoint) * step, float32, per tensor, per axis (quant_axis) or in blocks of
// block_size along quant_axis (layout as quantize_linear's). Paddle's programs: Scale is the abs max of the
// range, step = Scale / (2^(bit_length-1) - 1) (or newer Paddle's qmax), X is int8 or float32 holding
// integers, and only_observer makes Y a copy of X. ONNX's
// DequantizeLinear (step_scale true): Scale is the step; X is int8, uint8 or int32.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/dequantize_linear_kernel.h"
#include "operators/quantize_linear_op.h"

namespace ember {

struct DequantizeLinearParam : QuantLinearSlots {
  // Set by InferShape.
  QuantLayout layout;
  float range = 127;  // Paddle's: Scale maps to it
  Status Bind(ParamBinder* b);
};

class DequantizeLinearOp
    : public OperatorWithKernel<CPU, DequantizeLinearParam, DequantizeLinearKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
