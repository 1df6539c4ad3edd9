// Paddle's legacy quantization ops (PaddleSlim's older quantized programs), forward as in inference (is_test):
//   fake_quantize_abs_max, fake_quantize_dequantize_abs_max: scale = max |X| (written to OutScale);
//   fake_channel_wise_quantize_abs_max, fake_channel_wise_quantize_dequantize_abs_max: one scale per channel
//     along quant_axis (0 or 1), the channel's max |X| (written to OutScale), except that the quantize op with
//     is_test reads its scales from OutScale when that is a model weight (newer Paddle);
//   fake_quantize_range_abs_max, fake_quantize_moving_average_abs_max,
//   fake_quantize_dequantize_moving_average_abs_max: scale = InScale, the range training recorded (OutScale,
//     which Paddle's passes make the same variable, is not written).
// With bin = 2^(bit_length-1) - 1 and m = bin * (1 / scale) (1 / (scale + 1e-6) for a scale <= 1e-30):
// round_type 1 (the default when absent, as Paddle 3 and the kernels before the attribute) clips X to
// [-scale, scale] and rounds m * X to nearest, ties away from zero; round_type 0 rounds m * X ties to even and
// clips the result to [-bin - 1, bin]. The quantize ops output those integers (as float32), the
// quantize_dequantize ones integer * scale / bin.
//   fake_dequantize_max_abs: Out = X * Scale / max_range.
//   fake_channel_wise_dequantize_max_abs: Out = X * Scales[0][c] / r0 with c along quant_axis, and with a second
//     Scales tensor (one value: the input's scale of a quantized conv / mul) also * Scales[1] / r1, c then along
//     x_num_col_dims; r_i = 2^(quant_bits[i]-1) - 1.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/fake_quantize_kernel.h"

namespace ember {

// X seen as [outer, channels, inner] around a channel axis (channels = 1: per tensor).
struct ChannelLayout {
  int64_t outer = 1, channels = 1, inner = 1;
};

struct FakeQuantizeParam {
  const Tensor* x = nullptr;
  const Tensor* in_scale = nullptr;  // the range ops' InScale
  Tensor* out = nullptr;
  Tensor* out_scale = nullptr;  // optional
  int64_t bit_length = 8, round_type = 1, quant_axis = 0;
  bool per_channel = false, dequantize = false, scale_from_input = false;  // from the op type
  const Tensor* stored_scales = nullptr;  // is_test channel-wise quantize: OutScale as a model weight
  ChannelLayout layout;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class FakeQuantizeOp : public OperatorWithKernel<CPU, FakeQuantizeParam, FakeQuantizeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

struct FakeDequantizeParam {
  const Tensor* x = nullptr;
  std::vector<const Tensor*> scales;  // fake_dequantize_max_abs: Scale; the channel-wise op: Scales
  Tensor* out = nullptr;
  float max_range = 0;           // fake_dequantize_max_abs
  std::vector<int64_t> quant_bits;
  int64_t quant_axis = 0, x_num_col_dims = 1;
  bool channel_wise = false;
  ChannelLayout layout;  // set by InferShape
  float divisor = 1;     // r0 (* r1)
  Status Bind(ParamBinder* b);
};

class FakeDequantizeOp : public OperatorWithKernel<CPU, FakeDequantizeParam, FakeDequantizeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
