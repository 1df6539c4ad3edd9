// conv2d_transpose (and depthwise_conv2d_transpose, the same op with groups == channels): the gradient
// of conv2d with respect to its input, used for upsampling. Filter is [Cin, Cout/groups, kh, kw].
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/conv_transpose_kernel.h"

namespace ember {

struct ConvTransposeParam {
  const Tensor* input = nullptr;
  const Tensor* filter = nullptr;
  const Tensor* bias = nullptr;  // optional, [Cout]
  Tensor* output = nullptr;
  std::vector<int64_t> strides, paddings, dilations, output_padding, output_size;
  int64_t groups = 1;
  std::string padding_algorithm, data_format;
  ActivationSpec act;
  // in_* is the op's input, out_* its output; pads and dilations as the equivalent forward conv sees them.
  ConvGeometry geo;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class ConvTransposeOp
    : public OperatorWithKernel<CPU, ConvTransposeParam, ConvTransposeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
