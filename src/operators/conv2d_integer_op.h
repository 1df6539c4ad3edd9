// conv2d_integer: Output (int32) = conv2d(Input - InputZeroPoint, Filter - FilterZeroPoint), exact in integers
// (ONNX's ConvInteger). Input [N, C, H, W] and Filter [Cout, C/groups, kh, kw] are int8, uint8 or int32;
// InputZeroPoint has one value, FilterZeroPoint one or one per output channel; padding adds zeros to the
// centered input (the zero point itself). Attributes as conv2d's: strides, paddings, dilations, groups,
// padding_algorithm.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/conv_op.h"
#include "operators/kernel/conv2d_integer_kernel.h"

namespace ember {

struct Conv2dIntegerParam {
  const Tensor* input = nullptr;
  const Tensor* filter = nullptr;
  const Tensor* input_zero_point = nullptr;   // optional
  const Tensor* filter_zero_point = nullptr;  // optional
  Tensor* output = nullptr;
  std::vector<int64_t> strides, paddings, dilations;
  int64_t groups = 1;
  std::string padding_algorithm;
  ConvGeometry geo;  // set by InferShape
  // Set when Filter is a model weight: its int8 GEMM packing is made once and shared under this key.
  const Scope* weights_scope = nullptr;
  std::string cache_key;
  Status Bind(ParamBinder* b);
};

class Conv2dIntegerOp : public OperatorWithKernel<CPU, Conv2dIntegerParam, Conv2dIntegerKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
