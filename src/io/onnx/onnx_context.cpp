// OnnxAttrs and OnnxContext: the attribute reader and the per-node context of the ONNX converters.
#include "io/onnx/onnx_context.h"

#include "io/onnx/tensor_proto.h"

namespace ember {

OnnxAttrs::OnnxAttrs(const onnx::NodeProto& n) : node(n) {
  for (const auto& a : n.attribute()) by_name[a.name()] = &a;
}

std::string OnnxAttrs::Where() const {
  std::string first = node.output_size() > 0 ? node.output(0) : std::string();
  if (node.name().empty()) return StrCat("node ", Quote(node.op_type()), " (output ", Quote(first), ")");
  return StrCat("node ", Quote(node.name()), " (", Quote(node.op_type()), ", output ", Quote(first), ")");
}

const onnx::AttributeProto* OnnxAttrs::Get(const std::string& name) {
  used.insert(name);
  auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

const onnx::AttributeProto* OnnxAttrs::Typed(const std::string& name, int want, const char* want_name) {
  const auto* a = Get(name);
  if (a && a->type() != 0 && a->type() != want) {
    if (status.ok())
      status = InvalidArgument(Where(), ": attribute ", Quote(name), " has type ", a->type(), ", expected ", want_name);
    return nullptr;
  }
  return a;
}

int64_t OnnxAttrs::Int(const std::string& name, int64_t def) {
  const auto* a = Typed(name, 2, "INT");
  return a ? a->i() : def;
}

float OnnxAttrs::Float(const std::string& name, float def) {
  const auto* a = Typed(name, 1, "FLOAT");
  return a ? a->f() : def;
}

std::string OnnxAttrs::String(const std::string& name, const std::string& def) {
  const auto* a = Typed(name, 3, "STRING");
  return a ? a->s() : def;
}

std::vector<int64_t> OnnxAttrs::Ints(const std::string& name, const std::vector<int64_t>& def) {
  const auto* a = Typed(name, 7, "INTS");
  return a ? std::vector<int64_t>(a->ints().begin(), a->ints().end()) : def;
}

std::vector<double> OnnxAttrs::Floats(const std::string& name, const std::vector<double>& def) {
  const auto* a = Typed(name, 6, "FLOATS");
  return a ? std::vector<double>(a->floats().begin(), a->floats().end()) : def;
}

std::vector<std::string> OnnxAttrs::Strings(const std::string& name, const std::vector<std::string>& def) {
  const auto* a = Typed(name, 8, "STRINGS");
  return a ? std::vector<std::string>(a->strings().begin(), a->strings().end()) : def;
}

Status OnnxAttrs::Unsupported(const std::string& attr, const std::string& value) const {
  return Unimplemented(Where(), ": attribute ", attr, " = ", value, " is not supported");
}

Status OnnxContext::NeedInputs(int lo) const {
  if (node_.input_size() < lo || (lo > 0 && In(0).empty()))
    return InvalidArgument(Where(), ": needs ", lo, " inputs, has ", node_.input_size());
  if (node_.output_size() < 1 || Out(0).empty()) return InvalidArgument(Where(), ": has no output");
  return Status::OK();
}

Status OnnxContext::ConstInts(int i, const std::string& what, std::vector<int64_t>* v) const {
  const Tensor* t = Const(In(i));
  if (!t) return Fail(StrCat("input ", i, " (", what, ") must be a constant (initializer or Constant node)"));
  *v = ToInts(*t);
  return Status::OK();
}

const Tensor* OnnxContext::Const(const std::string& name) const {
  auto it = g_.consts.find(name);
  return it == g_.consts.end() ? nullptr : &it->second;
}

const std::vector<int64_t>* OnnxContext::Shape(const std::string& name) const {
  auto it = g_.shapes.find(name);
  return it == g_.shapes.end() ? nullptr : &it->second;
}

int OnnxContext::Rank(const std::string& name) const {
  const auto* s = Shape(name);
  return s ? static_cast<int>(s->size()) : -1;
}

DataType OnnxContext::TypeOf(const std::string& name, DataType def) const {
  auto it = g_.types.find(name);
  return it == g_.types.end() ? def : it->second;
}

void OnnxContext::CopyType(const std::string& from, const std::string& to) {
  auto it = g_.types.find(from);
  if (it != g_.types.end()) g_.types[to] = it->second;
}

Status OnnxContext::EmitUnary(const std::string& type, std::map<std::string, Attribute> attrs) {
  EMBER_RETURN_IF_ERROR(NeedInputs(1));
  SameType();
  AddOp(type, {{"X", {In(0)}}}, {{"Out", {Out(0)}}}, std::move(attrs));
  return Status::OK();
}

void OnnxContext::AddCast(const std::string& x, DataType from, const std::string& y, DataType to) {
  SetType(y, to);
  AddOp("cast", {{"X", {x}}}, {{"Out", {y}}},
        {{"in_dtype", Attribute::Int(VarDataTypeOf(from))}, {"out_dtype", Attribute::Int(VarDataTypeOf(to))}});
}

Status OnnxContext::ConvertInner(const onnx::NodeProto& inner, Status (*convert)(OnnxContext&)) {
  OnnxContext sub(g_, inner);
  Status s = convert(sub);
  if (!sub.attrs_.status.ok()) return sub.attrs_.status;
  EMBER_RETURN_IF_ERROR(s);
  for (const auto& kv : sub.attrs_.by_name) {
    if (!sub.attrs_.used.count(kv.first))
      return Unimplemented(Where(), ": attribute ", Quote(kv.first), " is not supported");
    attrs_.used.insert(kv.first);  // the outer node's copy of it is handled
  }
  return Status::OK();
}

}  // namespace ember
