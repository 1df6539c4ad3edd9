// fuse_gelu: GELU as exporters write it with Erf (PyTorch before ONNX opset 20, Hugging Face models):
//   x * (1 + erf(x / sqrt 2)) * 0.5   or   (x * 0.5) * (1 + erf(x / sqrt 2))   (x * (1 / sqrt 2) also)
// -> gelu(x): one op, with no erf left in the program.
#include <cmath>

#include "framework/op_registry.h"
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// The single value of the op's weight Y, or NaN.
float ScalarY(const OpDesc& op, const Scope& w) {
  const Tensor* t = op.Input("Y").size() == 1 ? Weight(w, op.Input("Y")[0]) : nullptr;
  return t && t->numel() == 1 && t->dims().size() <= 4 ? t->data<float>()[0] : NAN;
}

bool Near(float v, double want) { return std::fabs(v - want) <= 1e-5 * std::fabs(want); }

// elementwise `type` of X = x by a scalar weight Y, with one output and no fused activation.
bool ScalesBy(const OpDesc& op, const char* type, const std::string& x, const Scope& w, double want) {
  return op.type == type && op.Input("X") == std::vector<std::string>{x} && op.Output("Out").size() == 1 &&
         !HasFusedActivation(op) && Near(ScalarY(op, w), want);
}

class GeluMatcher : public ChainMatcher {
 public:
  using ChainMatcher::ChainMatcher;

  // The pattern whose x / sqrt 2 is op i: its ops in *ops, the last one replaced by gelu(x).
  bool Match(size_t i, std::vector<size_t>* ops, OpDesc* gelu) {
    const OpDesc& scaled = b_.ops[i];
    if (scaled.Input("X").size() != 1) return false;
    const std::string x = scaled.Input("X")[0];
    if (!ScalesBy(scaled, "elementwise_div", x, w_, std::sqrt(2.0)) &&
        !ScalesBy(scaled, "elementwise_mul", x, w_, std::sqrt(0.5)))
      return false;
    ops->assign({i});
    const OpDesc* erf = Next(scaled.Output("Out")[0], ops);
    if (!erf || erf->type != "erf") return false;
    const OpDesc* one_plus = Next(erf->Output("Out")[0], ops);
    if (!one_plus || !ScalesBy(*one_plus, "elementwise_add", erf->Output("Out")[0], w_, 1.0)) return false;
    const std::string p = one_plus->Output("Out")[0];
    const OpDesc* mul = Next(p, ops);
    if (!mul || !IsPlainMul(*mul)) return false;
    const std::string other = mul->Input("X")[0] == p ? mul->Input("Y")[0] : mul->Input("X")[0];
    std::string y = mul->Output("Out")[0];
    if (other == x) {  // x * (1 + erf) then * 0.5
      const OpDesc* half = Next(y, ops);
      if (!half || !ScalesBy(*half, "elementwise_mul", y, w_, 0.5)) return false;
      y = half->Output("Out")[0];
    } else if (!HalfOf(x, other, ops)) {
      return false;
    }
    gelu->type = "gelu";
    gelu->SetInput("X", {x});
    gelu->SetOutput("Out", {y});
    gelu->attrs = {{"approximate", Attribute::Bool(false)}};
    return true;
  }

 private:
  // `h` is x * 0.5, read only by the final multiply: its op joins *ops.
  bool HalfOf(const std::string& x, const std::string& h, std::vector<size_t>* ops) {
    if (uses_.SoleReader(h) < 0) return false;
    for (size_t k = 0; k < b_.ops.size(); ++k) {
      const OpDesc& op = b_.ops[k];
      if (op.Output("Out") != std::vector<std::string>{h}) continue;
      if (!ScalesBy(op, "elementwise_mul", x, w_, 0.5)) return false;
      ops->push_back(k);
      return true;
    }
    return false;
  }
};

}  // namespace

Status FuseGeluPass(ProgramDesc* program, Scope* weights) {
  if (!FindOpCreator("gelu")) return Status::OK();  // a slim build without it keeps the ops
  Uses uses(*program);
  GeluMatcher matcher(program->block0(), uses, *weights);
  ReplaceChains(program,
                [&](size_t i, std::vector<size_t>* ops, OpDesc* gelu) { return matcher.Match(i, ops, gelu); });
  return Status::OK();
}

}  // namespace ember
