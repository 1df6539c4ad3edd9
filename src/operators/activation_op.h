// Elementwise activations: relu and friends. One op class serves every type listed in ActivationType;
// the op's type string picks the function and its attributes.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/activation_kernel.h"

namespace ember {

enum class ActivationType {
  kNone,  // identity: the default fused activation of conv/fc
  kRelu,
};

// The fused-activation parameter of conv/fc and the attributes of a standalone activation op.
struct ActivationSpec {
  ActivationType type = ActivationType::kNone;
};

struct ActivationParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  ActivationSpec act;
  Status Bind(ParamBinder* b);
};

// Maps an op type ("relu", ...) and its attributes to a spec; Unimplemented for an unknown type.
Status ParseActivation(const std::string& op_type, AttrReader* attrs, ActivationSpec* spec);

// Reads the fused activation of a conv/fc: attribute `fuse_activation` (an activation op type, "" or
// absent for none) and that activation's own attributes stored with the prefix `fuse_`
// (relu6 threshold -> fuse_threshold, leaky_relu alpha -> fuse_alpha). The fuse passes write these.
Status ParseFusedActivation(const OpDesc& op, ActivationSpec* spec);

class ActivationOp : public OperatorWithKernel<CPU, ActivationParam, ActivationKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
