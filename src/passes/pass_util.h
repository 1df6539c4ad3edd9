// Helpers the passes share: who reads a variable, removing dead ops, reading and adding folded weights, and the
// producer + sole-reader shape every fusion pass has.
#pragma once

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"

namespace ember {
namespace passes {

bool IsConv(const OpDesc& op);
// A conv or quantized_conv2d: an op whose Output a bias and an activation can be folded into.
bool IsConvLike(const OpDesc& op);
// Exported Paddle programs often carry fuse_activation = "": that means none.
bool HasFusedActivation(const OpDesc& op);

// Which ops read a variable, and whether it must keep its name (fed, fetched or a weight).
struct Uses {
  explicit Uses(const ProgramDesc& p);
  // The single op reading `var`, or -1. Pinned variables never qualify: they must stay observable.
  long SoleReader(const std::string& var) const;
  std::map<std::string, std::vector<size_t>> readers;
  std::set<std::string> pinned;
};

// Removes the marked ops and the variables nothing references any more (weights stay in the scope).
void Compact(BlockDesc* b, const std::vector<bool>& dead, const std::set<std::string>& maybe_unused);

// An initialized float32 weight, or nullptr.
const Tensor* Weight(const Scope& w, const std::string& name);
// Adds `t` as a new weight named after `base` (never replacing one, so the program as loaded still runs).
std::string AddWeight(BlockDesc* b, Scope* w, const std::string& base, Tensor t);
// The op's axis attribute; a malformed one never matches a real axis.
int64_t AxisAttr(const OpDesc& op, int64_t def);
// Activations a conv, fc or elementwise op can apply to its output.
const std::set<std::string>& FusableActivations();
// A float elementwise_mul of two same-shaped operands (no attribute but axis, no fused activation).
bool IsPlainMul(const OpDesc& op);
// The value an elementwise op's weight operand Y applies to each of `cout` channels of its NCHW input X: Y is
// one value per channel ([C] at axis 1, [1, C, 1, 1], [C, 1, 1]) or one value for all. False when the op has
// other inputs, a fused activation or a Y of another shape.
bool ChannelOperand(const OpDesc& op, const Scope& w, int64_t cout, std::vector<float>* per_channel);
// The output channels of a conv-like op whose filter is a 4-D weight (float, or int8 for quantized_conv2d), or -1.
int64_t ConvWeightChannels(const OpDesc& conv, const Scope& weights);
// A conv whose filter is a 4-D float weight, or nullptr.
const Tensor* ConvFilter(const OpDesc& conv, const Scope& weights);

// The shape every fusion pass shares: an op (the producer) whose one output in `slot` is read by exactly one
// other op (the reader). `merge(producer, reader, reader_index, uses, &gone)` rewrites the producer to do the
// reader's work too and returns true, or leaves both alone and returns false; absorbed readers are removed,
// with the variables between them. `slot_of(op)` names the producer's output slot, or nullptr to skip it.
template <typename SlotOf, typename Merge>
void FuseSoleReaders(ProgramDesc* program, SlotOf slot_of, Merge merge) {
  BlockDesc& b = program->block0();
  Uses uses(*program);
  std::vector<bool> dead(b.ops.size(), false);
  std::set<std::string> gone;
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const char* slot = slot_of(b.ops[i]);
    if (!slot || b.ops[i].Output(slot).size() != 1) continue;
    const std::string out = b.ops[i].Output(slot)[0];
    long j = uses.SoleReader(out);
    if (j < 0 || dead[static_cast<size_t>(j)]) continue;
    const OpDesc& reader = b.ops[static_cast<size_t>(j)];
    if (reader.Input("X") != std::vector<std::string>{out}) continue;  // every fused reader takes it as X
    if (!merge(b.ops[i], b.ops[static_cast<size_t>(j)], static_cast<size_t>(j), uses, &gone)) continue;
    dead[static_cast<size_t>(j)] = true;
    gone.insert(out);
  }
  Compact(&b, dead, gone);
}

// What the chain-matching passes share: the block, who reads what, the weights, and Next.
class ChainMatcher {
 public:
  ChainMatcher(const BlockDesc& b, const Uses& uses, const Scope& w) : b_(b), uses_(uses), w_(w) {}

 protected:
  // The sole reader of `var`, appended to the chain `ops`, or nullptr.
  const OpDesc* Next(const std::string& var, std::vector<size_t>* ops) const {
    const long j = uses_.SoleReader(var);
    if (j < 0) return nullptr;
    ops->push_back(static_cast<size_t>(j));
    return &b_.ops[static_cast<size_t>(j)];
  }

  const BlockDesc& b_;
  const Uses& uses_;
  const Scope& w_;
};

// Replaces every chain of ops that `match(i, &ops, &fused)` finds starting at op i (`ops`: the chain's indices,
// i among them) by `fused`, written at the place of the chain's last op, so every input it reads is computed
// before it; a chain that shares an op with one replaced earlier is left alone.
template <typename Match>
void ReplaceChains(ProgramDesc* program, Match match) {
  BlockDesc& b = program->block0();
  std::vector<bool> dead(b.ops.size(), false);
  std::set<std::string> gone;
  for (size_t i = 0; i < b.ops.size(); ++i) {
    std::vector<size_t> ops;
    OpDesc fused;
    if (dead[i] || !match(i, &ops, &fused)) continue;
    bool taken = false;
    size_t last = i;
    for (size_t k : ops) taken = taken || dead[k], last = std::max(last, k);
    if (taken) continue;
    for (size_t k : ops) {
      if (k == last) continue;
      dead[k] = true;
      for (const auto& n : b.ops[k].AllOutputNames()) gone.insert(n);
    }
    b.ops[last] = std::move(fused);
  }
  Compact(&b, dead, gone);
}

}  // namespace passes
}  // namespace ember
