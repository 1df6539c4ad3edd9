// The runtime registry of custom ops and the operator that runs one. The generated table (op_registry.cpp)
// holds the built-in ops and is fixed at build time; this registry sits beside it, filled by the application
// at run time, and FindOpCreator consults it after the table.
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

const Attribute* FindAttr(const OpDesc& op, const std::string& name, Status* s) {
  const Attribute* a = op.Attr(name);
  if (!a) *s = NotFound("op ", op.Describe(), " has no attribute ", Quote(name));
  return a;
}

Status WrongType(const OpDesc& op, const std::string& name, const Attribute& a, const char* want) {
  return InvalidArgument("op ", op.Describe(), ": attribute ", Quote(name), " is ", AttrTypeName(a.type), ", not ",
                         want);
}

bool IsInteger(AttrType t) { return t == AttrType::kInt || t == AttrType::kLong || t == AttrType::kBoolean; }

}  // namespace

// ----- the context -----

const std::string& CustomOpContext::type() const { return op_.type; }
std::string CustomOpContext::name() const { return op_.Describe(); }

const Tensor& CustomOpContext::input(int i) const {
  if (i < 0 || i >= num_inputs())
    throw std::out_of_range(StrCat("input ", i, " of ", num_inputs()));
  return *inputs_[static_cast<size_t>(i)];
}

Tensor& CustomOpContext::output(int i) {
  if (i < 0 || i >= num_outputs())
    throw std::out_of_range(StrCat("output ", i, " of ", num_outputs()));
  return *outputs_[static_cast<size_t>(i)];
}

// Slots are laid out in order in inputs_/outputs_: skip the variables of the slots before `slot`.
const Tensor* CustomOpContext::input(const std::string& slot, int i) const {
  size_t base = 0;
  for (const auto& s : op_.inputs) {
    if (s.first == slot)
      return i >= 0 && static_cast<size_t>(i) < s.second.size() ? inputs_[base + static_cast<size_t>(i)] : nullptr;
    base += s.second.size();
  }
  return nullptr;
}

Tensor* CustomOpContext::output(const std::string& slot, int i) {
  size_t base = 0;
  for (const auto& s : op_.outputs) {
    if (s.first == slot)
      return i >= 0 && static_cast<size_t>(i) < s.second.size() ? outputs_[base + static_cast<size_t>(i)] : nullptr;
    base += s.second.size();
  }
  return nullptr;
}

bool CustomOpContext::HasAttr(const std::string& name) const { return op_.Attr(name) != nullptr; }

Status CustomOpContext::GetAttr(const std::string& name, int64_t* out) const {
  Status s;
  const Attribute* a = FindAttr(op_, name, &s);
  if (!a) return s;
  if (!IsInteger(a->type)) return WrongType(op_, name, *a, "an integer");
  *out = a->i;
  return Status::OK();
}

Status CustomOpContext::GetAttr(const std::string& name, int* out) const {
  int64_t v = 0;
  EMBER_RETURN_IF_ERROR(GetAttr(name, &v));
  if (v < INT32_MIN || v > INT32_MAX)
    return InvalidArgument("op ", op_.Describe(), ": attribute ", Quote(name), " = ", v, " does not fit in an int");
  *out = static_cast<int>(v);
  return Status::OK();
}

Status CustomOpContext::GetAttr(const std::string& name, float* out) const {
  Status s;
  const Attribute* a = FindAttr(op_, name, &s);
  if (!a) return s;
  if (a->type == AttrType::kFloat || a->type == AttrType::kFloat64) *out = static_cast<float>(a->f);
  else if (IsInteger(a->type)) *out = static_cast<float>(a->i);
  else return WrongType(op_, name, *a, "a float");
  return Status::OK();
}

Status CustomOpContext::GetAttr(const std::string& name, std::string* out) const {
  Status s;
  const Attribute* a = FindAttr(op_, name, &s);
  if (!a) return s;
  if (a->type != AttrType::kString) return WrongType(op_, name, *a, "a string");
  *out = a->s;
  return Status::OK();
}

Status CustomOpContext::GetAttr(const std::string& name, std::vector<int64_t>* out) const {
  Status s;
  const Attribute* a = FindAttr(op_, name, &s);
  if (!a) return s;
  if (a->type != AttrType::kInts && a->type != AttrType::kLongs && a->type != AttrType::kBooleans)
    return WrongType(op_, name, *a, "an integer list");
  *out = a->ints;
  return Status::OK();
}

Status CustomOpContext::GetAttr(const std::string& name, std::vector<float>* out) const {
  Status s;
  const Attribute* a = FindAttr(op_, name, &s);
  if (!a) return s;
  out->clear();
  if (a->type == AttrType::kFloats || a->type == AttrType::kFloat64s) {
    for (double v : a->floats) out->push_back(static_cast<float>(v));
  } else if (a->type == AttrType::kInts || a->type == AttrType::kLongs) {
    for (int64_t v : a->ints) out->push_back(static_cast<float>(v));
  } else {
    return WrongType(op_, name, *a, "a float list");
  }
  return Status::OK();
}

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
