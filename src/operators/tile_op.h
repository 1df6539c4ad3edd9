// tile: Out repeats X repeat_times[i] times along dim i (RepeatTimes input or repeat_times attribute; a
// shorter X is padded with leading 1s as Paddle does).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/tile_kernel.h"

namespace ember {

struct TileParam {
  const Tensor* x = nullptr;
  const Tensor* repeat_tensor = nullptr;  // optional RepeatTimes
  Tensor* out = nullptr;
  std::vector<int64_t> repeat_times;
  DDim in_dims;  // X's dims padded to the output rank; set by InferShape
  Status Bind(ParamBinder* b);
};

class TileOp : public OperatorWithKernel<CPU, TileParam, TileKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
