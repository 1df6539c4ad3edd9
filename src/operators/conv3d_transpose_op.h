// conv3d_transpose: the gradient of conv3d with respect to its input (Paddle's conv3d_transpose). Input
// [N, Cin, D, H, W], Filter [Cin, Cout/groups, kd, kh, kw], optional Bias [Cout] (an Ember extension) →
// Output. Attributes as conv3d plus output_padding or output_size (3 values each) for the output size
// (in - 1) * stride - pad_begin - pad_end + dilation * (k - 1) + 1 (+ output_padding).
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/conv3d_op.h"
#include "operators/kernel/conv3d_transpose_kernel.h"

namespace ember {

struct Conv3dTransposeParam {
  const Tensor* input = nullptr;
  const Tensor* filter = nullptr;
  const Tensor* bias = nullptr;  // optional, [Cout]
  Tensor* output = nullptr;
  std::vector<int64_t> strides, paddings, dilations, output_padding, output_size;
  int64_t groups = 1;
  std::string padding_algorithm, data_format;
  Conv3dGeometry geo;  // in = the op's input dims, out = its output dims; set by InferShape
  Status Bind(ParamBinder* b);
};

class Conv3dTransposeOp
    : public OperatorWithKernel<CPU, Conv3dTransposeParam, Conv3dTransposeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
