// reverse_sequence (ONNX ReverseSequence): Out = X with, for each batch b (along batch_axis), the first
// SequenceLens[b] elements along time_axis reversed and the rest kept. batch_axis / time_axis are 0 and 1
// in either order; SequenceLens int64 [batch].
#pragma once

#include "framework/operator.h"
#include "operators/kernel/reverse_sequence_kernel.h"

namespace ember {

struct ReverseSequenceParam {
  const Tensor* x = nullptr;
  const Tensor* lens = nullptr;
  Tensor* out = nullptr;
  int64_t batch_axis = 1, time_axis = 0;
  Status Bind(ParamBinder* b);
};

class ReverseSequenceOp : public OperatorWithKernel<CPU, ReverseSequenceParam, ReverseSequenceKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
