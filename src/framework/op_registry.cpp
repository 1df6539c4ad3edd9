#include "framework/op_registry.h"

#include <cstring>
#include <set>

#include "framework/custom_op.h"

namespace ember {

OpCreator FindBuiltinOpCreator(const std::string& type) {
  for (size_t i = 0; i < kOpRegistrySize; ++i)
    if (type == kOpRegistry[i].type) return kOpRegistry[i].create;
  return nullptr;
}

// Built-in first: RegisterCustomOp refuses a built-in type, so the order only saves the registry's lock.
OpCreator FindOpCreator(const std::string& type) {
  if (OpCreator c = FindBuiltinOpCreator(type)) return c;
  return IsCustomOp(type) ? &CreateCustomOperator : nullptr;
}

std::vector<std::string> RegisteredOpTypes() {
  std::vector<std::string> v;
  for (size_t i = 0; i < kOpRegistrySize; ++i) v.emplace_back(kOpRegistry[i].type);
  return v;
}

Status CreateOperator(const OpDesc& desc, Scope* scope, std::unique_ptr<OperatorBase>* out) {
  OpCreator create = FindOpCreator(desc.type);
  if (!create)
    return Unimplemented("op not in this build: ", desc.type, " (net profile '", kNetProfile,
                         "'), nor a registered custom op");
  std::unique_ptr<OperatorBase> op = create(desc, scope);
  if (!op) return Internal("op ", desc.Describe(), ": its creator made no operator");
  EMBER_RETURN_IF_ERROR(op->Bind());
  *out = std::move(op);
  return Status::OK();
}

std::vector<std::string> MissingOps(const ProgramDesc& program) {
  std::set<std::string> missing;
  for (const auto& b : program.blocks)
    for (const auto& op : b.ops)
      if (!FindOpCreator(op.type)) missing.insert(op.type);
  return {missing.begin(), missing.end()};
}

}  // namespace ember
