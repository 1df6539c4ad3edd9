// fuse_residual: conv + elementwise_add of another tensor (a residual connection), with the add's fused
// activation -> conv with ResidualData: the GEMM paths add it in their epilogue while the output tile is in
// registers, instead of a second pass that reads the conv's output back and writes it again.
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// A float conv that can take a residual: one output, no activation or residual of its own, NCHW data.
bool ResidualConv(const OpDesc& op) {
  if (!IsConv(op) || op.Output("Output").size() != 1 || op.Input("Input").size() != 1 || HasFusedActivation(op) ||
      !op.Input("ResidualData").empty())
    return false;
  const Attribute* f = op.Attr("data_format");
  return !f || f->s == "NCHW" || f->s == "AnyLayout";
}

// The add reading `out` (the conv's output) and the other operand, or -1: a float elementwise_add of two
// different tensors, numpy-style broadcast (axis -1), whatever activation it fused.
long ResidualAdd(const BlockDesc& b, const Uses& uses, const std::string& out, std::string* other) {
  const long j = uses.SoleReader(out);
  if (j < 0) return -1;
  const OpDesc& add = b.ops[static_cast<size_t>(j)];
  if (add.type != "elementwise_add" || add.Input("X").size() != 1 || add.Input("Y").size() != 1 ||
      add.Output("Out").size() != 1 || AxisAttr(add, -1) != -1)
    return -1;
  const VarDesc* v = b.FindVar(add.Output("Out")[0]);
  if (!v || !v->IsTensor() || v->dtype != static_cast<int>(VarDataType::kFP32)) return -1;
  const std::string& x = add.Input("X")[0];
  const std::string& y = add.Input("Y")[0];
  if (x == y) return -1;
  *other = x == out ? y : x;
  return j;
}

// True when an op in (i, j) writes a variable conv i reads: the conv then cannot move to j.
bool InputsRewritten(const BlockDesc& b, size_t i, size_t j) {
  const auto ins = b.ops[i].AllInputNames();
  for (size_t k = i + 1; k < j; ++k)
    for (const auto& o : b.ops[k].AllOutputNames())
      if (std::find(ins.begin(), ins.end(), o) != ins.end()) return true;
  return false;
}

// The index of the op writing `var` last before `before`, or -1.
long Producer(const BlockDesc& b, const std::string& var, size_t before) {
  for (size_t k = before; k-- > 0;) {
    const auto outs = b.ops[k].AllOutputNames();
    if (std::find(outs.begin(), outs.end(), var) != outs.end()) return static_cast<long>(k);
  }
  return -1;
}

// Conv i and the add it feeds, as one conv written at the add's place. When the other operand is itself a conv
// that could take the add, computed after conv i, that later conv takes it (its input is then the one kept
// alive longer: the nearer conv moves less far).
bool ConvWithResidual(const BlockDesc& b, const Uses& uses, size_t i, std::vector<size_t>* chain, OpDesc* fused) {
  const OpDesc& conv = b.ops[i];
  std::string other;
  if (!ResidualConv(conv)) return false;
  const long j = ResidualAdd(b, uses, conv.Output("Output")[0], &other);
  if (j < 0 || InputsRewritten(b, i, static_cast<size_t>(j))) return false;
  const long k = Producer(b, other, static_cast<size_t>(j));
  std::string unused;
  if (k > static_cast<long>(i) && ResidualConv(b.ops[static_cast<size_t>(k)]) &&
      ResidualAdd(b, uses, b.ops[static_cast<size_t>(k)].Output("Output")[0], &unused) == j &&
      !InputsRewritten(b, static_cast<size_t>(k), static_cast<size_t>(j)))
    return false;
  const OpDesc& add = b.ops[static_cast<size_t>(j)];
  chain->assign({i, static_cast<size_t>(j)});
  *fused = conv;
  fused->SetInput("ResidualData", {other});
  fused->SetOutput("Output", add.Output("Out"));
  for (const auto& kv : add.attrs)  // the add's activation (fuse_activation and its fuse_* parameters)
    if (kv.first.rfind("fuse_", 0) == 0) fused->attrs[kv.first] = kv.second;
  return true;
}

}  // namespace

Status FuseResidualPass(ProgramDesc* program, Scope*) {
  Uses uses(*program);
  const BlockDesc& b = program->block0();
  ReplaceChains(program, [&](size_t i, std::vector<size_t>* ops, OpDesc* fused) {
    return ConvWithResidual(b, uses, i, ops, fused);
  });
  return Status::OK();
}

}  // namespace ember
