// fuse_activation: conv / fc / float32 elementwise + an activation -> the op with fuse_activation (a residual
// add + relu becomes one pass over the data).
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// elementwise add / sub / mul / div / max / min whose output is declared float32 (the op fuses an activation
// for float32 only).
bool IsFloatElementwise(const BlockDesc& b, const OpDesc& op) {
  static const std::set<std::string> kTypes = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                                               "elementwise_div", "elementwise_max", "elementwise_min"};
  if (!kTypes.count(op.type) || op.Output("Out").size() != 1) return false;
  const VarDesc* v = b.FindVar(op.Output("Out")[0]);
  return v && v->IsTensor() && v->dtype == static_cast<int>(VarDataType::kFP32);
}

// The output slot of an op that can absorb an activation, or nullptr.
const char* FusingSlot(const BlockDesc& b, const OpDesc& op) {
  if (HasFusedActivation(op)) return nullptr;
  if (IsConvLike(op)) return "Output";
  if (IsFloatElementwise(b, op)) return "Out";
  const Attribute* legacy = op.Attr("activation_type");  // fc's own relu attribute
  return op.type == "fc" && !(legacy && !legacy->s.empty()) ? "Out" : nullptr;
}

}  // namespace

Status FuseActivationPass(ProgramDesc* program, Scope*) {
  const BlockDesc& block = program->block0();
  FuseSoleReaders(
      program, [&](const OpDesc& op) { return FusingSlot(block, op); },
      [&](OpDesc& op, const OpDesc& act, size_t, const Uses&, std::set<std::string>*) {
        if (!FusableActivations().count(act.type) || act.Input("X").size() != 1 || act.Output("Out").size() != 1)
          return false;
        op.attrs["fuse_activation"] = Attribute::String(act.type);
        for (const auto& kv : act.attrs) op.attrs["fuse_" + kv.first] = kv.second;
        op.SetOutput(IsConvLike(op) ? "Output" : "Out", act.Output("Out"));
        return true;
      });
  return Status::OK();
}

}  // namespace ember
