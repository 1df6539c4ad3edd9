// What a custom op's callbacks see (framework/custom_op.h): built in every build, so an application's callbacks
// link against a build without the custom op registry too (custom_op_not_built.cpp: registering fails there).
#include <stdexcept>

#include "framework/custom_op.h"
#include "framework/program_desc.h"

namespace ember {

namespace {

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

}  // namespace ember
