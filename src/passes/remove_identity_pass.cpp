// remove_identity: a scale with scale 1 and bias 0 is removed by renaming its producer's output (keeps fetch
// names) or pointing its readers at its input.
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using passes::Uses;

bool IsIdentityScale(const OpDesc& op) {
  if (op.type != "scale" || op.HasInput("ScaleTensor") || op.Input("X").size() != 1 || op.Output("Out").size() != 1)
    return false;
  AttrReader r(op);
  return r.Float("scale", 1.f) == 1.f && r.Float("bias", 0.f) == 0.f && r.status().ok() &&
         op.Input("X")[0] != op.Output("Out")[0];
}

// Rewires around the identity op at index i; false when neither side can be renamed.
bool Bypass(BlockDesc& b, size_t i, const Uses& uses) {
  const std::string in = b.ops[i].Input("X")[0], out = b.ops[i].Output("Out")[0];
  long producer = -1;
  for (size_t j = 0; j < i; ++j)
    for (const auto& n : b.ops[j].AllOutputNames())
      if (n == in) producer = static_cast<long>(j);
  if (producer >= 0 && uses.SoleReader(in) == static_cast<long>(i)) {
    for (auto& kv : b.ops[static_cast<size_t>(producer)].outputs)
      for (auto& n : kv.second)
        if (n == in) n = out;
    return true;
  }
  if (uses.pinned.count(out)) return false;
  for (size_t j = i + 1; j < b.ops.size(); ++j)
    for (auto& kv : b.ops[j].inputs)
      for (auto& n : kv.second)
        if (n == out) n = in;
  return true;
}

}  // namespace

Status RemoveIdentityPass(ProgramDesc* program, Scope*) {
  BlockDesc& b = program->block0();
  for (bool changed = true; changed;) {
    changed = false;
    Uses uses(*program);
    for (size_t i = 0; i < b.ops.size() && !changed; ++i) {
      if (!IsIdentityScale(b.ops[i])) continue;
      const std::string in = b.ops[i].Input("X")[0], out = b.ops[i].Output("Out")[0];
      if (!Bypass(b, i, uses)) continue;
      std::vector<bool> dead(b.ops.size(), false);
      dead[i] = true;
      passes::Compact(&b, dead, {in, out});
      changed = true;
    }
  }
  return Status::OK();
}

}  // namespace ember
