#include "passes/pass_util.h"

namespace ember {
namespace passes {

bool IsConv(const OpDesc& op) { return op.type == "conv2d" || op.type == "depthwise_conv2d"; }

bool IsConvLike(const OpDesc& op) { return IsConv(op) || op.type == "quantized_conv2d"; }

bool HasFusedActivation(const OpDesc& op) {
  const Attribute* a = op.Attr("fuse_activation");
  return a && !(a->type == AttrType::kString && a->s.empty());
}

Uses::Uses(const ProgramDesc& p) {
  const BlockDesc& b = p.block0();
  for (size_t i = 0; i < b.ops.size(); ++i)
    for (const auto& n : b.ops[i].AllInputNames()) readers[n].push_back(i);
  for (const auto& n : p.FeedNames()) pinned.insert(n);
  for (const auto& n : p.FetchNames()) pinned.insert(n);
  for (const auto& v : b.vars)
    if (v.persistable) pinned.insert(v.name);
}

long Uses::SoleReader(const std::string& var) const {
  if (pinned.count(var)) return -1;
  auto it = readers.find(var);
  if (it == readers.end() || it->second.size() != 1) return -1;
  return static_cast<long>(it->second[0]);
}

void Compact(BlockDesc* b, const std::vector<bool>& dead, const std::set<std::string>& maybe_unused) {
  std::vector<OpDesc> ops;
  for (size_t i = 0; i < b->ops.size(); ++i)
    if (!dead[i]) ops.push_back(std::move(b->ops[i]));
  b->ops = std::move(ops);
  std::set<std::string> used;
  for (const auto& op : b->ops) {
    for (const auto& n : op.AllInputNames()) used.insert(n);
    for (const auto& n : op.AllOutputNames()) used.insert(n);
  }
  for (const auto& n : maybe_unused)
    if (!used.count(n)) b->RemoveVar(n);
}

const Tensor* Weight(const Scope& w, const std::string& name) {
  const Variable* v = w.FindVar(name);
  return v && v->Get().dtype() == DataType::kFloat32 && v->Get().initialized() ? &v->Get() : nullptr;
}

namespace {
std::string NewWeightName(const BlockDesc& b, const Scope& w, const std::string& base) {
  for (int i = 0;; ++i) {
    std::string n = base + "@fold" + (i ? std::to_string(i) : "");
    if (!b.FindVar(n) && !w.FindVar(n)) return n;
  }
}
}  // namespace

std::string AddWeight(BlockDesc* b, Scope* w, const std::string& base, Tensor t) {
  std::string name = NewWeightName(*b, *w, base);
  VarDesc v;
  v.name = name;
  v.persistable = true;
  v.dtype = VarDataTypeOf(t.dtype());
  v.dims = t.dims().vec();
  b->AddVar(v);
  *w->Var(name)->GetMutable() = std::move(t);
  return name;
}

int64_t AxisAttr(const OpDesc& op, int64_t def) {
  AttrReader r(op);
  int64_t a = r.Int("axis", def);
  return r.status().ok() ? a : def - 1000;
}

const std::set<std::string>& FusableActivations() {
  static const std::set<std::string> kActs = {"relu", "relu6", "leaky_relu", "hard_swish", "sigmoid",
                                              "tanh", "swish", "hard_sigmoid", "clip"};
  return kActs;
}

// A float elementwise_mul of two same-shaped operands (no attribute but axis, no fused activation).
bool IsPlainMul(const OpDesc& op) {
  if (op.type != "elementwise_mul" || op.Input("X").size() != 1 || op.Input("Y").size() != 1 ||
      op.Output("Out").size() != 1 || HasFusedActivation(op))
    return false;
  for (const auto& kv : op.attrs)
    if (kv.first != "axis") return false;
  return true;
}

bool ChannelOperand(const OpDesc& op, const Scope& w, int64_t cout, std::vector<float>* per_channel) {
  if (op.Input("X").size() != 1 || op.Input("Y").size() != 1 || op.Output("Out").size() != 1 ||
      HasFusedActivation(op))
    return false;
  const Tensor* y = Weight(w, op.Input("Y")[0]);
  if (!y) return false;
  const DDim& d = y->dims();
  const int64_t axis = AxisAttr(op, -1);
  bool all_ones = d.size() <= 4;
  for (int i = 0; i < d.size(); ++i) all_ones = all_ones && d[i] == 1;
  const bool per_c = y->numel() == cout && ((axis == 1 && d.size() >= 1 && d[0] == cout) ||
                                            ((axis == -1 || axis == 1) && d.size() == 4 && d[1] == cout) ||
                                            (axis == -1 && d.size() == 3 && d[0] == cout));
  if (!all_ones && !per_c) return false;
  const float* v = y->data<float>();
  per_channel->resize(static_cast<size_t>(cout));
  for (int64_t c = 0; c < cout; ++c) (*per_channel)[static_cast<size_t>(c)] = all_ones ? v[0] : v[c];
  return true;
}

int64_t ConvWeightChannels(const OpDesc& conv, const Scope& weights) {
  if (const Tensor* f = ConvFilter(conv, weights)) return f->dims()[0];
  if (conv.type != "quantized_conv2d" || conv.Input("Filter").size() != 1) return -1;
  const Variable* v = weights.FindVar(conv.Input("Filter")[0]);
  if (!v || !v->Get().initialized() || v->Get().dims().size() != 4) return -1;
  return v->Get().dims()[0];
}

const Tensor* ConvFilter(const OpDesc& conv, const Scope& weights) {
  if (!IsConv(conv) || conv.Input("Filter").size() != 1) return nullptr;
  const Tensor* f = Weight(weights, conv.Input("Filter")[0]);
  return f && f->dims().size() == 4 ? f : nullptr;
}

}  // namespace passes
}  // namespace ember
