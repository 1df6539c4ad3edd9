// Elementwise activations: relu and friends. One op class serves every type listed in ActivationType;
// the op's type string picks the function and its attributes.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/activation_kernel.h"

namespace ember {

enum class ActivationType {
  kRelu,
};

// The fused-activation parameter of conv/fc and the attributes of a standalone activation op.
struct ActivationSpec {
  ActivationType type = ActivationType::kRelu;
};

struct ActivationParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  ActivationSpec act;
  Status Bind(ParamBinder* b);
};

// Maps an op type ("relu", ...) and its attributes to a spec; Unimplemented for an unknown type.
Status ParseActivation(const std::string& op_type, AttrReader* attrs, ActivationSpec* spec);

class ActivationOp : public OperatorWithKernel<CPU, ActivationParam, ActivationKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
