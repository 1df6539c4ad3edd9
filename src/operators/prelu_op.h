// prelu: x > 0 ? x : alpha * x, with one alpha for the whole tensor, one per channel (dim 1, NCHW) or one
// per element of a sample (shared across the batch).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/prelu_kernel.h"

namespace ember {

enum class PreluMode { kAll, kChannel, kElement };

struct PreluParam {
  const Tensor* x = nullptr;
  const Tensor* alpha = nullptr;
  Tensor* out = nullptr;
  std::string mode;         // "all" | "channel" | "element"
  std::string data_format;  // "NCHW" only
  PreluMode parsed_mode = PreluMode::kAll;
  Status Bind(ParamBinder* b);
};

class PreluOp : public OperatorWithKernel<CPU, PreluParam, PreluKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
