// The fallback for nodes no converter handles: a node whose op_type is a registered custom op
// (framework/custom_op.h) becomes that op, its inputs in slot X and outputs in slot Out, its attributes by name.
#include "framework/custom_op.h"
#include "io/onnx/onnx_context.h"

namespace ember {

namespace {

// AttributeProto.type: FLOAT 1, INT 2, STRING 3, FLOATS 6, INTS 7, STRINGS 8; 0 (old exports) = told by the field set.
Status ToAttribute(const onnx::AttributeProto& a, const std::string& where, Attribute* out) {
  int type = a.type();
  if (type == 0)
    type = a.ints_size() ? 7 : a.floats_size() ? 6 : a.strings_size() ? 8 : a.has_f() ? 1 : a.has_s() ? 3 : 2;
  switch (type) {
    case 1: *out = Attribute::Float(a.f()); return Status::OK();
    case 2: *out = Attribute::Long(a.i()); return Status::OK();
    case 3: *out = Attribute::String(a.s()); return Status::OK();
    case 6: *out = Attribute::Floats({a.floats().begin(), a.floats().end()}); return Status::OK();
    case 7: *out = Attribute::Ints({a.ints().begin(), a.ints().end()}); return Status::OK();
    case 8: *out = Attribute::Strings({a.strings().begin(), a.strings().end()}); return Status::OK();
    default:
      return Unimplemented(where, ": attribute ", Quote(a.name()), " has type ", type,
                           " (a custom op takes INT, FLOAT, STRING and their lists)");
  }
}

}  // namespace

bool IsCustomOnnxNode(const onnx::NodeProto& node, bool has_converter) {
  const bool default_domain = node.domain().empty() || node.domain() == "ai.onnx";
  return (!default_domain || !has_converter) && IsCustomOp(node.op_type());
}

Status ImportCustomOnnxNode(OnnxGraph& g, const onnx::NodeProto& node) {
  OnnxAttrs attrs(node);
  const std::string where = attrs.Where();
  // Optional inputs left out ("") keep no place: only trailing ones may be omitted, so positions stay right.
  int n_in = node.input_size();
  while (n_in > 0 && node.input(n_in - 1).empty()) --n_in;
  std::vector<std::string> ins, outs;
  for (int i = 0; i < n_in; ++i) {
    if (node.input(i).empty())
      return Unimplemented(where, ": custom op input ", i, " is left out (only trailing inputs may be)");
    ins.push_back(node.input(i));
  }
  for (const auto& o : node.output()) {
    if (o.empty()) return Unimplemented(where, ": custom op outputs cannot be left out");
    outs.push_back(o);
  }
  if (outs.empty()) return InvalidArgument(where, ": a custom op node needs at least one output");
  std::map<std::string, Attribute> attr_map;
  for (const auto& a : node.attribute()) EMBER_RETURN_IF_ERROR(ToAttribute(a, where, &attr_map[a.name()]));
  OpDesc::Slots in_slots, out_slots = {{"Out", outs}};
  if (!ins.empty()) in_slots.push_back({"X", ins});
  g.AddOp(node.op_type(), std::move(in_slots), std::move(out_slots), std::move(attr_map));
  return Status::OK();
}

}  // namespace ember
