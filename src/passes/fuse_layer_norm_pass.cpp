// fuse_layer_norm: the layer norm exporters write as nine ops (ONNX before opset 17, paddle2onnx, PyTorch)
//   m = mean(x, -1); d = x - m; v = mean(d^2, -1); y = d / sqrt(v + eps) [* gamma] [+ beta]
// -> layer_norm(x, gamma, beta) over the last dim: one pass over the row instead of nine.
#include <set>

#include "framework/op_registry.h"
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// A reduce_mean over the last dim only, keeping it.
bool IsLastDimMean(const OpDesc& op) {
  if (op.type != "reduce_mean" || op.Input("X").size() != 1 || op.HasInput("DimTensor")) return false;
  AttrReader r(op);
  const bool ok = r.Ints("dim", {}) == std::vector<int64_t>{-1} && r.Bool("keep_dim", false) &&
                  !r.Bool("reduce_all", false);
  return r.status().ok() && ok;
}

// A float op of `type` reading `x` as X with one output (and, for elementwise ops, no fused activation).
bool Reads(const OpDesc& op, const char* type, const std::string& x) {
  return op.type == type && op.Input("X") == std::vector<std::string>{x} && op.Output("Out").size() == 1 &&
         !HasFusedActivation(op);
}

// The single value of weight Y, or false.
bool ScalarWeight(const OpDesc& op, const Scope& w, float* v) {
  const Tensor* t = op.Input("Y").size() == 1 ? Weight(w, op.Input("Y")[0]) : nullptr;
  if (!t || t->numel() != 1) return false;
  *v = t->data<float>()[0];
  return true;
}

// A rank-1 weight Y (a [C] gamma or beta along the last dim), or "".
std::string RowWeight(const OpDesc& op, const Scope& w) {
  const Tensor* t = op.Input("Y").size() == 1 ? Weight(w, op.Input("Y")[0]) : nullptr;
  return t && t->dims().size() == 1 && AxisAttr(op, -1) == -1 ? op.Input("Y")[0] : std::string();
}

class Matcher : public ChainMatcher {
 public:
  using ChainMatcher::ChainMatcher;

  // The ops of the pattern starting at the mean at `i` (its indices in *ops) and the layer_norm replacing them.
  bool Match(size_t i, std::vector<size_t>* ops, OpDesc* fused) {
    const OpDesc& mean = b_.ops[i];
    if (!IsLastDimMean(mean)) return false;
    const std::string x = mean.Input("X")[0];
    ops->assign({i});
    const OpDesc* sub = Next(mean.Output("Out")[0], ops);
    if (!sub || sub->type != "elementwise_sub" || sub->Input("X")[0] != x || HasFusedActivation(*sub)) return false;
    const std::string d = sub->Output("Out")[0];
    // d feeds the square (d * d reads it twice) and the division, nothing else.
    auto it = uses_.readers.find(d);
    if (uses_.pinned.count(d) || it == uses_.readers.end()) return false;
    const std::set<size_t> readers(it->second.begin(), it->second.end());
    if (readers.size() != 2) return false;
    const size_t r0 = *readers.begin(), r1 = *readers.rbegin();
    const bool first_squares = IsSquare(b_.ops[r0], d);
    const size_t square_at = first_squares ? r0 : r1, div_at = first_squares ? r1 : r0;
    const OpDesc& square = b_.ops[square_at];
    const OpDesc& div = b_.ops[div_at];
    if (!IsSquare(square, d) || !Reads(div, "elementwise_div", d) || div.Input("Y").size() != 1) return false;
    ops->push_back(square_at);
    const OpDesc* var = Next(square.Output("Out")[0], ops);
    float eps;
    if (!var || !IsLastDimMean(*var)) return false;
    const OpDesc* add = Next(var->Output("Out")[0], ops);
    if (!add || !Reads(*add, "elementwise_add", var->Output("Out")[0]) || !ScalarWeight(*add, w_, &eps) || eps < 0)
      return false;
    const OpDesc* sqrt = Next(add->Output("Out")[0], ops);
    if (!sqrt || sqrt->type != "sqrt" || sqrt->Output("Out")[0] != div.Input("Y")[0]) return false;
    if (uses_.SoleReader(sqrt->Output("Out")[0]) != static_cast<long>(div_at)) return false;
    ops->push_back(div_at);
    fused->type = "layer_norm";
    fused->SetInput("X", {x});
    std::string out = div.Output("Out")[0];
    AffineTail(&out, ops, fused);
    fused->SetOutput("Y", {out});
    fused->attrs = {{"begin_norm_axis", Attribute::Int(-1)}, {"epsilon", Attribute::Float(eps)}};
    return true;
  }

 private:
  // d^2 as pow(d, 2) or d * d.
  bool IsSquare(const OpDesc& op, const std::string& d) {
    if (op.type == "pow" && Reads(op, "pow", d)) {
      AttrReader r(op);
      return r.Float("factor", 1.f) == 2.f && r.status().ok() && !op.HasInput("FactorTensor");
    }
    return op.type == "elementwise_mul" && IsPlainMul(op) && op.Input("X")[0] == d && op.Input("Y")[0] == d;
  }
  // An optional * gamma, then an optional + beta, each a [C] weight.
  void AffineTail(std::string* out, std::vector<size_t>* ops, OpDesc* fused) {
    for (bool gamma : {true, false}) {
      const long j = uses_.SoleReader(*out);
      if (j < 0) return;
      const OpDesc& op = b_.ops[static_cast<size_t>(j)];
      const std::string weight =
          Reads(op, gamma ? "elementwise_mul" : "elementwise_add", *out) ? RowWeight(op, w_) : std::string();
      if (weight.empty()) {
        if (gamma) continue;  // no gamma: a beta may still follow
        return;
      }
      fused->SetInput(gamma ? "Scale" : "Bias", {weight});
      ops->push_back(static_cast<size_t>(j));
      *out = op.Output("Out")[0];
    }
  }
};

}  // namespace

Status FuseLayerNormPass(ProgramDesc* program, Scope* weights) {
  if (!FindOpCreator("layer_norm")) return Status::OK();  // a slim build without it keeps the ops
  Uses uses(*program);
  Matcher matcher(program->block0(), uses, *weights);
  ReplaceChains(program,
                [&](size_t i, std::vector<size_t>* ops, OpDesc* fused) { return matcher.Match(i, ops, fused); });
  return Status::OK();
}

}  // namespace ember
