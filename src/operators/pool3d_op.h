// pool3d: max or average pooling over NCDHW windows (Paddle's pool3d): attributes pooling_type, ksize,
// strides (3 values), paddings (3 or 6), global_pooling, ceil_mode, exclusive, adaptive, padding_algorithm,
// data_format (NCDHW only), with pool2d's window rules. Ember extensions: dilations (3 values, default 1s),
// as ONNX MaxPool and AveragePool have; last_window_in_input and pooling_type lp (norm_p) as pool2d.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/conv3d_op.h"
#include "operators/kernel/pool3d_kernel.h"
#include "operators/pool2d_op.h"

namespace ember {

struct Pool3dGeometry {
  Conv3dGeometry win;  // batch, in_c (= channels), in, out, kernel, stride, dilation, pad
  bool is_max = true;
  bool exclusive = true;
  bool adaptive = false;
  float lp = 0.f;  // as PoolGeometry::lp
};

struct Pool3dParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  std::string pooling_type, padding_algorithm, data_format;
  std::vector<int64_t> ksize, strides, paddings, dilations;
  bool global_pooling = false, ceil_mode = false, exclusive = true, adaptive = false;
  bool last_window_in_input = false;  // see PooledSize
  float norm_p = 2.f;                 // pooling_type lp
  Pool3dGeometry geo;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class Pool3dOp : public OperatorWithKernel<CPU, Pool3dParam, Pool3dKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
