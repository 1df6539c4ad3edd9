// fuse_hard_swish: x * clip(x + c, 0, a) / b -> hard_swish(x) (threshold a, scale b, offset c): PyTorch's and
// Paddle's hardswish as exporters (paddle2onnx) write it, which fuse_activation then folds into the conv that
// produced x.
#include "framework/op_registry.h"
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// The one value of a float weight operand Y (any shape of one element), or false.
bool ScalarY(const OpDesc& op, const Scope* w, float* v) {
  if (!w || op.Input("Y").size() != 1) return false;
  const Tensor* t = Weight(*w, op.Input("Y")[0]);
  if (!t || t->numel() != 1 || t->dims().size() > 4) return false;
  *v = t->data<float>()[0];
  return true;
}

// The upper bound of a clip / relu6 whose lower bound is 0, or false.
bool ClipFromZero(const OpDesc& op, float* hi) {
  AttrReader r(op);
  if (op.type == "relu6") *hi = r.Float("threshold", 6.f);
  else if (op.type == "clip" && r.Float("min", -1.f) == 0.f) *hi = r.Float("max", 0.f);
  else return false;
  return r.status().ok() && *hi > 0.f;
}

// Ops i (x + c), then its sole reader clip(0, a), then x * that, then / b: their indices, and the hard_swish
// that replaces them (written at the division's place).
bool DecomposedHardSwish(const BlockDesc& b, const Uses& uses, const Scope* w, size_t i, std::vector<size_t>* chain,
                         OpDesc* fused) {
  const OpDesc& add = b.ops[i];
  float c, a, d;
  if (add.type != "elementwise_add" || add.Input("X").size() != 1 || add.Output("Out").size() != 1 ||
      HasFusedActivation(add) || !ScalarY(add, w, &c))
    return false;
  const std::string x = add.Input("X")[0];
  const long clip = uses.SoleReader(add.Output("Out")[0]);
  if (clip < 0 || !ClipFromZero(b.ops[static_cast<size_t>(clip)], &a)) return false;
  const std::string gate = b.ops[static_cast<size_t>(clip)].Output("Out")[0];
  const long mul = uses.SoleReader(gate);
  if (mul < 0 || !IsPlainMul(b.ops[static_cast<size_t>(mul)])) return false;
  const OpDesc& m = b.ops[static_cast<size_t>(mul)];
  if (!((m.Input("X")[0] == x && m.Input("Y")[0] == gate) || (m.Input("X")[0] == gate && m.Input("Y")[0] == x)))
    return false;
  const long div = uses.SoleReader(m.Output("Out")[0]);
  if (div < 0) return false;
  const OpDesc& dv = b.ops[static_cast<size_t>(div)];
  if (dv.type != "elementwise_div" || dv.Input("X") != m.Output("Out") || HasFusedActivation(dv) ||
      !ScalarY(dv, w, &d) || d == 0.f)
    return false;
  chain->assign({i, static_cast<size_t>(clip), static_cast<size_t>(mul), static_cast<size_t>(div)});
  fused->type = "hard_swish";
  fused->attrs = {{"threshold", Attribute::Float(a)}, {"scale", Attribute::Float(d)}, {"offset", Attribute::Float(c)}};
  fused->SetInput("X", {x});
  fused->SetOutput("Out", dv.Output("Out"));
  return true;
}

}  // namespace

Status FuseHardSwishPass(ProgramDesc* program, Scope* weights) {
  if (!FindOpCreator("hard_swish")) return Status::OK();  // a slim build without it keeps the ops
  Uses uses(*program);
  const BlockDesc& b = program->block0();
  ReplaceChains(program, [&](size_t i, std::vector<size_t>* ops, OpDesc* fused) {
    return DecomposedHardSwish(b, uses, weights, i, ops, fused);
  });
  return Status::OK();
}

}  // namespace ember
