// quantized_conv2d: a float convolution computed in int8, what fold_quantized_conv makes of a conv2d between
// Paddle's quantize_linear / dequantize_linear (or ONNX's QDQ). Input (float32) is quantized per tensor:
// q = saturate(round(input_mul * x), quant_min, quant_max), ties to even (round_type 0) or away from zero (1), as
// quantize_linear rounds; Filter
// holds int8 values [Cout, Cin/groups, kh, kw] with one step per output channel (FilterScale [Cout]). The
// products sum exactly in int32, then Output = acc * input_step * FilterScale[o] + Bias[o] and the fused
// activation (conv2d's attributes). Attributes as conv2d's: strides, paddings, dilations, groups,
// padding_algorithm.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/quantized_conv2d_kernel.h"

namespace ember {

struct QuantizedConv2dParam {
  const Tensor* input = nullptr;
  const Tensor* filter = nullptr;        // int8
  const Tensor* filter_scale = nullptr;  // float32 [Cout]: the step of each output channel's weights
  const Tensor* bias = nullptr;          // optional float32 [Cout]
  Tensor* output = nullptr;
  std::vector<int64_t> strides, paddings, dilations;
  int64_t groups = 1;
  std::string padding_algorithm;
  float input_mul = 1.f, input_step = 1.f;  // q = round(input_mul * x); x ~ q * input_step
  int64_t quant_min = -128, quant_max = 127;
  bool ties_away = false;  // round_type 1
  ActivationSpec act;
  ConvGeometry geo;  // set by InferShape
  // Set when Filter is a model weight: its int8 GEMM packing is made once and shared under this key.
  const Scope* weights_scope = nullptr;
  std::string cache_key;
  Status Bind(ParamBinder* b);
};

class QuantizedConv2dOp
    : public OperatorWithKernel<CPU, QuantizedConv2dParam, QuantizedConv2dKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
