// cast: Out = X converted to out_dtype (Paddle VarType numbers). Element types: bool, int32, int64,
// float32, uint8, int8. The conversion starts from X's actual element type; in_dtype is Paddle's record
// of it and is only checked to be a supported type. FP16 (4): Ember holds float16 values in float32 (the
// loaders widen them), so a cast to it gives float32 values rounded to the nearest half (round to nearest
// even; beyond 65504, infinity), and a cast from it reads float32.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/cast_kernel.h"

namespace ember {

struct CastParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t in_dtype = 0;   // VarType numbers, as in the model
  int64_t out_dtype = 0;
  DataType out_type = DataType::kFloat32;
  bool round_to_half = false;  // out_dtype FP16
  Status Bind(ParamBinder* b);
};

class CastOp : public OperatorWithKernel<CPU, CastParam, CastKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
