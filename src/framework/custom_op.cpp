// The runtime registry of custom ops and the operator that runs one. The generated table (op_registry.cpp)
// holds the built-in ops and is fixed at build time; this registry sits beside it, filled by the application
// at run time, and FindOpCreator consults it after the table. A build without it (EMBER_CUSTOM_OPS off: net
// profiles that run no custom op) compiles custom_op_not_built.cpp instead.
#include "framework/custom_op.h"

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "framework/op_registry.h"

namespace ember {

namespace {

struct CustomOpDef {
  std::string type;
  CustomInferShapeFn infer_shape;
  CustomComputeFn compute;
};

// Written by RegisterCustomOp, read at load and when a predictor creates its ops: a mutex keeps registration
// safe beside loads in other threads. Definitions are never removed, so a shared_ptr handed out stays valid.
struct Registry {
  std::mutex mu;
  std::map<std::string, std::shared_ptr<const CustomOpDef>> defs;
};

Registry& TheRegistry() {
  static Registry* r = new Registry;  // never destroyed: ops may run during static destruction of the app
  return *r;
}

std::shared_ptr<const CustomOpDef> FindDef(const std::string& type) {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.defs.find(type);
  return it == r.defs.end() ? nullptr : it->second;
}

// Runs a user callback: its Status, or the exception it threw as a Status naming the op.
Status CallUser(const CustomOpDef& def, const char* what, const std::function<Status()>& fn) {
  try {
    return fn();
  } catch (const TensorAllocError& e) {
    return OutOfMemory("custom op ", Quote(def.type), " ", what, ": ", e.what());
  } catch (const std::bad_alloc&) {
    return OutOfMemory("custom op ", Quote(def.type), " ", what, ": out of memory");
  } catch (const std::exception& e) {
    return Internal("custom op ", Quote(def.type), " ", what, " threw: ", e.what());
  } catch (...) {
    return Internal("custom op ", Quote(def.type), " ", what, " threw an exception");
  }
}

class CustomOperator : public OperatorBase {
 public:
  CustomOperator(const OpDesc& desc, Scope* scope, std::shared_ptr<const CustomOpDef> def)
      : OperatorBase(desc, scope), def_(std::move(def)) {}

  Status Bind() override {
    for (const auto& slot : desc_.inputs)
      for (const auto& n : slot.second) {
        const Variable* v = scope_->FindVar(n);
        if (!v) return InvalidArgument("op ", desc_.Describe(), ": input '", n, "' is not a variable of the program");
        inputs_.push_back(&v->Get());
      }
    for (const auto& slot : desc_.outputs)
      for (const auto& n : slot.second) outputs_.push_back(scope_->Var(n)->GetMutable());
    return Status::OK();
  }

  Status InferShape() override {
    CustomOpContext ctx(desc_, inputs_, outputs_);
    EMBER_RETURN_IF_ERROR(CallUser(*def_, "InferShape", [&] { return def_->infer_shape(ctx); }));
    for (size_t i = 0; i < outputs_.size(); ++i)
      if (outputs_[i]->dims().numel() < 0)
        return InvalidArgument("custom op ", Quote(def_->type), " InferShape left output ", i, " with shape ",
                               outputs_[i]->dims().ToString());
    return Status::OK();
  }

  Status Init() override { return Status::OK(); }

  Status Run() override {
    CustomOpContext ctx(desc_, inputs_, outputs_);
    return CallUser(*def_, "Compute", [&] { return def_->compute(ctx); });
  }

  const char* KernelName() const override { return "custom"; }

 private:
  std::shared_ptr<const CustomOpDef> def_;
  std::vector<const Tensor*> inputs_;
  std::vector<Tensor*> outputs_;
};

}  // namespace

// ----- the registry -----

Status RegisterCustomOp(const std::string& type, CustomInferShapeFn infer_shape, CustomComputeFn compute) {
  try {
    if (type.empty()) return InvalidArgument("RegisterCustomOp: the op type is empty");
    if (!infer_shape) return InvalidArgument("RegisterCustomOp(", Quote(type), "): the InferShape callback is null");
    if (!compute) return InvalidArgument("RegisterCustomOp(", Quote(type), "): the Compute callback is null");
    if (FindBuiltinOpCreator(type))
      return InvalidArgument("RegisterCustomOp(", Quote(type), "): ", Quote(type),
                             " is a built-in op of this build; register the custom op under another type");
    auto def = std::make_shared<CustomOpDef>(CustomOpDef{type, std::move(infer_shape), std::move(compute)});
    Registry& r = TheRegistry();
    std::lock_guard<std::mutex> lock(r.mu);
    if (!r.defs.emplace(type, std::move(def)).second)
      return InvalidArgument("RegisterCustomOp(", Quote(type), "): a custom op of that type is already registered");
    return Status::OK();
  } catch (const std::bad_alloc&) {
    return OutOfMemory("RegisterCustomOp: out of memory");
  } catch (const std::exception& e) {
    return Internal("RegisterCustomOp: ", e.what());
  }
}

bool IsCustomOp(const std::string& type) { return FindDef(type) != nullptr; }

std::vector<std::string> CustomOpTypes() {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<std::string> v;
  for (const auto& kv : r.defs) v.push_back(kv.first);
  return v;
}

std::unique_ptr<OperatorBase> CreateCustomOperator(const OpDesc& desc, Scope* scope) {
  std::shared_ptr<const CustomOpDef> def = FindDef(desc.type);
  if (!def) return nullptr;  // CreateOperator reports it
  return std::unique_ptr<OperatorBase>(new CustomOperator(desc, scope, std::move(def)));
}

}  // namespace ember
