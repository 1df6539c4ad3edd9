// The custom op registry of a build without it (EMBER_CUSTOM_OPS off: the net profiles whose models run no
// custom op, as `ember profile` writes them). Registering fails with a message saying how to build it in; no
// model op is ever a custom op, so loading a model with an op the build lacks names that op as missing.
#include "framework/custom_op.h"
#include "framework/op_registry.h"

namespace ember {

Status RegisterCustomOp(const std::string& type, CustomInferShapeFn, CustomComputeFn) {
  return Unimplemented("RegisterCustomOp(", Quote(type), "): custom ops are not in this build (net profile '",
                       kNetProfile, "'): set(EMBER_NET_CUSTOM_OPS ON) in its profile (`ember profile --plugin` ",
                       "writes it for models with custom ops) or build with -DEMBER_CUSTOM_OPS=ON");
}

bool IsCustomOp(const std::string&) { return false; }

std::vector<std::string> CustomOpTypes() { return {}; }

std::unique_ptr<OperatorBase> CreateCustomOperator(const OpDesc&, Scope*) { return nullptr; }

}  // namespace ember
