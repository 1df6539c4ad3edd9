// pool2d: max or average pooling over NCHW windows, with Paddle's global, adaptive, ceil_mode and
// exclusive variants. Ember extensions: attribute dilations (2 values, default {1, 1}; fixed windows only),
// as ONNX MaxPool and AveragePool have; attribute last_window_in_input (see PooledSize); pooling_type "lp"
// with attribute norm_p (ONNX LpPool: the p-norm of each window, padding counting as zeros); and an
// optional output Mask (int32, as Paddle's max_pool2d_with_index: for each output, the index h * W + w of
// its maximum in the input plane, the first one on ties, -1 for an empty window), max pooling only; data_format
// NCHW16c / NCHW4c (set by the nchw16c_layout pass) for global pooling: X [N, C/x, H, W, x] -> Out [N, C/x, 1, 1, x].
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/pool2d_kernel.h"

namespace ember {

// The output size of a pooling along one axis. With ceil_mode Paddle and ncnn keep a last window that starts
// in the end padding; ONNX, PyTorch and Caffe drop it (last_window_in_input).
inline int64_t PooledSize(int64_t in, int64_t extent, int64_t pad_begin, int64_t pad_end, int64_t stride,
                          bool ceil_mode, bool last_window_in_input) {
  // C++ division truncates toward zero, as Paddle's PoolOutputSize does.
  const int64_t span = in + pad_begin + pad_end - extent;
  int64_t out = (ceil_mode ? span + stride - 1 : span) / stride + 1;
  if (ceil_mode && last_window_in_input && out > 1 && (out - 1) * stride >= in + pad_begin) --out;
  return out;
}

// A pooling resolved against the current input dims. Only the top/left paddings place the windows; the
// bottom/right ones only size the output (as in Paddle).
struct PoolGeometry {
  int64_t batch = 0, channels = 0, in_h = 0, in_w = 0, out_h = 0, out_w = 0;
  int64_t kernel_h = 1, kernel_w = 1, stride_h = 1, stride_w = 1, pad_top = 0, pad_left = 0;
  int64_t dilation_h = 1, dilation_w = 1;
  bool is_max = true;
  bool exclusive = true;  // avg: divide by the in-image part of the window
  bool adaptive = false;  // window i spans [floor(i*H/oh), ceil((i+1)*H/oh))
  float lp = 0.f;  // pooling_type lp: (sum of |x|^lp over the window)^(1/lp); 0 otherwise
};

struct Pool2dParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* mask = nullptr;  // optional Mask
  std::string pooling_type, padding_algorithm, data_format;
  std::vector<int64_t> ksize, strides, paddings, dilations;
  bool global_pooling = false, ceil_mode = false, exclusive = true, adaptive = false;
  bool last_window_in_input = false;  // see PooledSize
  float norm_p = 2.f;                 // pooling_type lp
  PoolGeometry geo;  // set by InferShape
  int64_t block = 0;  // data_format NCHW16c / NCHW4c (operators/packed_layout.h): geo's channels count blocks
  Status Bind(ParamBinder* b);
};

class Pool2dOp : public OperatorWithKernel<CPU, Pool2dParam, Pool2dKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
