// The op registry. An op declares itself with REGISTER_OPERATOR_CPU(type, OpClass), which defines a
// creator function and nothing else: no static constructor, so a static link keeps every op and nothing
// depends on initialization order. CMake scans those declarations and generates the registry table for
// the chosen net profile (op_registry_table.cc in the build folder), so a slim build contains only the
// ops its profile lists.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "framework/operator.h"

namespace ember {

using OpCreator = std::unique_ptr<OperatorBase> (*)(const OpDesc&, Scope*);

struct OpRegistryEntry {
  const char* type;
  OpCreator create;
};

// Defined in the generated table.
extern const OpRegistryEntry kOpRegistry[];
extern const size_t kOpRegistrySize;
extern const char* const kNetProfile;

// The creator of a built-in op (the generated table) or else of a registered custom op (framework/custom_op.h).
OpCreator FindOpCreator(const std::string& type);
// The generated table only.
OpCreator FindBuiltinOpCreator(const std::string& type);
// The built-in op types (the custom ones: CustomOpTypes()).
std::vector<std::string> RegisteredOpTypes();
// The creator FindOpCreator returns for every custom op type (custom_op.cpp); nullptr for an unregistered type.
std::unique_ptr<OperatorBase> CreateCustomOperator(const OpDesc& desc, Scope* scope);
// Creates and binds an op; NotFound when this build lacks the op type.
Status CreateOperator(const OpDesc& desc, Scope* scope, std::unique_ptr<OperatorBase>* out);
// All op types of the program that this build lacks and no custom op provides (sorted, unique).
std::vector<std::string> MissingOps(const ProgramDesc& program);

}  // namespace ember

#define REGISTER_OPERATOR_CPU(op_type, ...)                                                          \
  std::unique_ptr<::ember::OperatorBase> EmberCreateOp_CPU_##op_type(const ::ember::OpDesc& desc,   \
                                                                     ::ember::Scope* scope) {       \
    return std::unique_ptr<::ember::OperatorBase>(new __VA_ARGS__(desc, scope));                     \
  }
