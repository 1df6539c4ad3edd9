// fuse_gated_activation: x * sigmoid(x) -> swish(x) (SiLU, what exporters write for it),
// and x * hard_sigmoid(x) -> hard_swish(x) (hard-swish before ONNX opset 14). The result is one activation,
// which fuse_activation then folds into the conv that produced x.
#include "framework/op_registry.h"
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// The swish-family op that computes x * gate(x) for this gate op, or false.
// hard_sigmoid(x) = clamp(slope * x + offset, 0, 1) = clamp(x + offset / slope, 0, 1 / slope) * slope, so with
// t = 1 / slope, x * hard_sigmoid(x) = x * clamp(x + offset * t, 0, t) / t: hard_swish(threshold t, scale t,
// offset offset * t).
bool GatedForm(const OpDesc& gate, OpDesc* fused) {
  AttrReader r(gate);
  if (gate.type == "sigmoid") {
    fused->type = "swish";
    fused->attrs = {{"beta", Attribute::Float(1.f)}};
    return true;
  }
  if (gate.type != "hard_sigmoid") return false;
  const float slope = r.Float("slope", 0.2f), offset = r.Float("offset", 0.5f);
  if (!r.status().ok() || !(slope > 0.f)) return false;
  const float t = 1.f / slope;
  fused->type = "hard_swish";
  fused->attrs = {{"threshold", Attribute::Float(t)}, {"scale", Attribute::Float(t)},
                  {"offset", Attribute::Float(offset * t)}};
  return true;
}

}  // namespace

Status FuseGatedActivationPass(ProgramDesc* program, Scope*) {
  BlockDesc& b = program->block0();
  Uses uses(*program);
  std::vector<bool> dead(b.ops.size(), false);
  std::set<std::string> gone;
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const OpDesc& gate = b.ops[i];
    OpDesc fused;
    if (gate.Input("X").size() != 1 || gate.Output("Out").size() != 1 || !GatedForm(gate, &fused)) continue;
    if (!FindOpCreator(fused.type)) continue;  // a slim build without it keeps the pair
    const std::string x = gate.Input("X")[0], g = gate.Output("Out")[0];
    const long j = uses.SoleReader(g);
    if (j < 0 || dead[static_cast<size_t>(j)] || !IsPlainMul(b.ops[static_cast<size_t>(j)])) continue;
    OpDesc& mul = b.ops[static_cast<size_t>(j)];
    const std::string a = mul.Input("X")[0], c = mul.Input("Y")[0];
    if (!((a == x && c == g) || (a == g && c == x))) continue;
    fused.SetInput("X", {x});
    fused.SetOutput("Out", mul.Output("Out"));
    mul = std::move(fused);  // at the mul's place: x and the gate are both computed before it
    dead[i] = true;
    gone.insert(g);
  }
  Compact(&b, dead, gone);
  return Status::OK();
}

}  // namespace ember
