#include "io/passes.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <set>

#include "framework/op_registry.h"

#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/cpu_isa.h"
#endif

namespace ember {

namespace {

bool IsConv(const OpDesc& op) { return op.type == "conv2d" || op.type == "depthwise_conv2d"; }

// Exported Paddle programs often carry fuse_activation = "": that means none.
bool HasFusedActivation(const OpDesc& op) {
  const Attribute* a = op.Attr("fuse_activation");
  return a && !(a->type == AttrType::kString && a->s.empty());
}

// Which ops read a variable, and whether it must keep its name (fed, fetched or a weight).
struct Uses {
  explicit Uses(const ProgramDesc& p) {
    const BlockDesc& b = p.block0();
    for (size_t i = 0; i < b.ops.size(); ++i)
      for (const auto& n : b.ops[i].AllInputNames()) readers[n].push_back(i);
    for (const auto& n : p.FeedNames()) pinned.insert(n);
    for (const auto& n : p.FetchNames()) pinned.insert(n);
    for (const auto& v : b.vars)
      if (v.persistable) pinned.insert(v.name);
  }
  // The single op reading `var`, or -1. Pinned variables never qualify: they must stay observable.
  long SoleReader(const std::string& var) const {
    if (pinned.count(var)) return -1;
    auto it = readers.find(var);
    if (it == readers.end() || it->second.size() != 1) return -1;
    return static_cast<long>(it->second[0]);
  }
  std::map<std::string, std::vector<size_t>> readers;
  std::set<std::string> pinned;
};

// Removes the marked ops and the variables nothing references any more (weights stay in the scope).
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

// A fresh weight variable name based on `base`.
std::string NewWeightName(const BlockDesc& b, const Scope& w, const std::string& base) {
  for (int i = 0;; ++i) {
    std::string n = base + "@fold" + (i ? std::to_string(i) : "");
    if (!b.FindVar(n) && !w.FindVar(n)) return n;
  }
}

std::string AddWeight(BlockDesc* b, Scope* w, const std::string& base, Tensor t) {
  std::string name = NewWeightName(*b, *w, base);
  VarDesc v;
  v.name = name;
  v.persistable = true;
  v.dtype = static_cast<int>(VarDataType::kFP32);
  v.dims = t.dims().vec();
  b->AddVar(v);
  *w->Var(name)->GetMutable() = std::move(t);
  return name;
}

int64_t AxisAttr(const OpDesc& op, int64_t def) {
  AttrReader r(op);
  int64_t a = r.Int("axis", def);
  return r.status().ok() ? a : def - 1000;  // a malformed axis never matches
}

const std::set<std::string>& FusableActivations() {
  static const std::set<std::string> kActs = {"relu", "relu6", "leaky_relu", "hard_swish", "sigmoid",
                                              "tanh", "swish", "hard_sigmoid"};
  return kActs;
}

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

// A conv whose filter is a 4-D float weight, or nullptr.
const Tensor* ConvFilter(const OpDesc& conv, const Scope& weights) {
  if (!IsConv(conv) || conv.Input("Filter").size() != 1) return nullptr;
  const Tensor* f = Weight(weights, conv.Input("Filter")[0]);
  return f && f->dims().size() == 4 ? f : nullptr;
}

}  // namespace

Status DropoutToScalePass(ProgramDesc* program) {
  for (auto& op : program->block0().ops) {
    if (op.type != "dropout") continue;
    AttrReader r(op);
    float p = r.Float("dropout_prob", 0.5f);
    std::string impl = r.String("dropout_implementation", "downgrade_in_infer");
    if (!r.status().ok()) continue;  // the op itself reports it
    if (impl != "downgrade_in_infer" && impl != "upscale_in_train") continue;
    const auto& mask = op.Output("Mask");
    if (!mask.empty()) continue;  // someone may read the mask: leave the op
    float factor = impl == "upscale_in_train" ? 1.f : 1.f - p;
    OpDesc scale;
    scale.type = "scale";
    scale.SetInput("X", op.Input("X"));
    scale.SetOutput("Out", op.Output("Out"));
    scale.attrs["scale"] = Attribute::Float(factor);
    scale.attrs["bias"] = Attribute::Float(0);
    scale.attrs["bias_after_scale"] = Attribute::Bool(true);
    op = std::move(scale);
  }
  return Status::OK();
}

Status RemoveIdentityPass(ProgramDesc* program) {
  BlockDesc& b = program->block0();
  bool changed = true;
  while (changed) {
    changed = false;
    Uses uses(*program);
    for (size_t i = 0; i < b.ops.size(); ++i) {
      OpDesc& op = b.ops[i];
      if (op.type != "scale" || op.HasInput("ScaleTensor") || op.Input("X").size() != 1 || op.Output("Out").size() != 1)
        continue;
      AttrReader r(op);
      if (r.Float("scale", 1.f) != 1.f || r.Float("bias", 0.f) != 0.f || !r.status().ok()) continue;
      std::string in = op.Input("X")[0], out = op.Output("Out")[0];
      if (in == out) continue;
      // Prefer renaming the producer's output to `out` (keeps fetch names); else point readers at `in`.
      long producer = -1;
      for (size_t j = 0; j < i; ++j)
        for (const auto& n : b.ops[j].AllOutputNames())
          if (n == in) producer = static_cast<long>(j);
      bool renamed = false;
      if (producer >= 0 && uses.SoleReader(in) == static_cast<long>(i)) {
        for (auto& kv : b.ops[static_cast<size_t>(producer)].outputs)
          for (auto& n : kv.second)
            if (n == in) n = out;
        renamed = true;
      } else if (!uses.pinned.count(out)) {
        for (size_t j = i + 1; j < b.ops.size(); ++j)
          for (auto& kv : b.ops[j].inputs)
            for (auto& n : kv.second)
              if (n == out) n = in;
        renamed = true;
      }
      if (!renamed) continue;
      std::vector<bool> dead(b.ops.size(), false);
      dead[i] = true;
      Compact(&b, dead, {in, out});
      changed = true;
      break;
    }
  }
  return Status::OK();
}

Status FoldConvBiasPass(ProgramDesc* program, Scope* weights) {
  BlockDesc& b = program->block0();
  FuseSoleReaders(
      program,
      [&](const OpDesc& op) { return ConvFilter(op, *weights) && !op.HasInput("Bias") ? "Output" : nullptr; },
      [&](OpDesc& conv, const OpDesc& add, size_t, const Uses&, std::set<std::string>*) {
        if (add.type != "elementwise_add" || add.Input("X").size() != 1 || add.Input("Y").size() != 1 ||
            HasFusedActivation(add))
          return false;
        const Tensor* bias = Weight(*weights, add.Input("Y")[0]);
        int64_t cout = ConvFilter(conv, *weights)->dims()[0];
        if (!bias || bias->numel() != cout) return false;
        int64_t axis = AxisAttr(add, -1);
        const DDim& bd = bias->dims();
        bool per_channel = (axis == 1 && (bd.size() == 1 || (bd.size() >= 1 && bd[0] == cout))) ||
                           ((axis == -1 || axis == 1) && bd.size() == 4 && bd[1] == cout) ||
                           (axis == -1 && bd.size() == 3 && bd[0] == cout);
        if (!per_channel) return false;
        std::string bias_name = add.Input("Y")[0];
        if (bd.size() != 1) {  // give the conv a plain [Cout] bias
          Tensor flat;
          if (!flat.CopyFrom(*bias).ok()) return false;
          flat.Resize({cout});
          bias_name = AddWeight(&b, weights, bias_name, std::move(flat));
        }
        conv.SetInput("Bias", {bias_name});
        conv.SetOutput("Output", add.Output("Out"));
        return true;
      });
  return Status::OK();
}

Status FoldConvBatchNormPass(ProgramDesc* program, Scope* weights) {
  BlockDesc& b = program->block0();
  FuseSoleReaders(
      program,
      [&](const OpDesc& op) { return ConvFilter(op, *weights) && !HasFusedActivation(op) ? "Output" : nullptr; },
      [&](OpDesc& conv, const OpDesc& bn, size_t j, const Uses& uses, std::set<std::string>* gone) {
        if (bn.type != "batch_norm" || bn.Output("Y").size() != 1) return false;
        // MeanOut etc. (often the Mean/Variance weights themselves, updated in place in training) must not
        // be read by any other op or fetched.
        for (const auto& kv : bn.outputs)
          if (kv.first != "Y")
            for (const auto& n : kv.second) {
              auto it = uses.readers.find(n);
              if (it != uses.readers.end())
                for (size_t r : it->second)
                  if (r != j) return false;
              const VarDesc* v = b.FindVar(n);
              if (uses.pinned.count(n) && !(v && v->persistable)) return false;
            }
        const Tensor* filter = ConvFilter(conv, *weights);
        int64_t cout = filter->dims()[0];
        const Tensor* ws[4] = {nullptr, nullptr, nullptr, nullptr};
        const char* slots[4] = {"Scale", "Bias", "Mean", "Variance"};
        for (int k = 0; k < 4; ++k) {
          const auto& n = bn.Input(slots[k]);
          ws[k] = n.size() == 1 ? Weight(*weights, n[0]) : nullptr;
          if (!ws[k] || ws[k]->numel() != cout) return false;
        }
        const Tensor* conv_bias = nullptr;
        if (conv.HasInput("Bias")) {
          conv_bias = Weight(*weights, conv.Input("Bias")[0]);
          if (!conv_bias || conv_bias->numel() != cout) return false;
        }
        AttrReader r(bn);
        float eps = r.Float("epsilon", 1e-5f);
        std::string layout = r.String("data_layout", "NCHW");
        if (!r.status().ok() || (layout != "NCHW" && layout != "AnyLayout")) return false;

        // alpha_c = gamma_c / sqrt(var_c + eps); W'[c] = alpha_c W[c]; b'_c = beta_c + alpha_c (b_c - mean_c)
        Tensor new_filter, new_bias(DataType::kFloat32, {cout});
        if (!new_filter.CopyFrom(*filter).ok()) return false;
        int64_t per_out = filter->numel() / cout;
        float* wf = new_filter.data<float>();
        float* bf = new_bias.mutable_data<float>();
        const float *gamma = ws[0]->data<float>(), *beta = ws[1]->data<float>(), *mean = ws[2]->data<float>(),
                    *var = ws[3]->data<float>();
        for (int64_t c = 0; c < cout; ++c) {
          float alpha = gamma[c] / std::sqrt(var[c] + eps);
          for (int64_t k = 0; k < per_out; ++k) wf[c * per_out + k] *= alpha;
          float bc = conv_bias ? conv_bias->data<float>()[c] : 0.f;
          bf[c] = beta[c] + alpha * (bc - mean[c]);
        }
        conv.SetInput("Filter", {AddWeight(&b, weights, conv.Input("Filter")[0], std::move(new_filter))});
        conv.SetInput("Bias", {AddWeight(&b, weights, bn.Output("Y")[0] + ".bias", std::move(new_bias))});
        conv.SetOutput("Output", bn.Output("Y"));
        for (const auto& kv : bn.outputs)
          if (kv.first != "Y") gone->insert(kv.second.begin(), kv.second.end());
        return true;
      });
  return Status::OK();
}

Status FuseFcPass(ProgramDesc* program, Scope* weights) {
  if (!FindOpCreator("fc")) return Status::OK();
  BlockDesc& b = program->block0();
  auto is_matmul = [&](const OpDesc& op) {
    return (op.type == "mul" || op.type == "matmul" || op.type == "matmul_v2") && op.Input("X").size() == 1 &&
           op.Input("Y").size() == 1;
  };
  FuseSoleReaders(
      program, [&](const OpDesc& op) { return is_matmul(op) ? "Out" : nullptr; },
      [&](OpDesc& mm, const OpDesc& add, size_t, const Uses&, std::set<std::string>*) {
        const Tensor* w = Weight(*weights, mm.Input("Y")[0]);
        if (!w || w->dims().size() != 2) return false;
        AttrReader r(mm);
        int64_t in_num_col_dims = 1;
        if (mm.type == "mul") {
          in_num_col_dims = r.Int("x_num_col_dims", 1);
          if (r.Int("y_num_col_dims", 1) != 1) return false;
        } else {
          bool tx = mm.type == "matmul" ? r.Bool("transpose_X", false) : r.Bool("trans_x", false);
          bool ty = mm.type == "matmul" ? r.Bool("transpose_Y", false) : r.Bool("trans_y", false);
          float alpha = mm.type == "matmul" ? r.Float("alpha", 1.f) : 1.f;
          const VarDesc* xv = b.FindVar(mm.Input("X")[0]);
          if (tx || ty || alpha != 1.f || !xv || xv->dims.size() < 2) return false;
          in_num_col_dims = static_cast<int64_t>(xv->dims.size()) - 1;
        }
        if (!r.status().ok()) return false;
        if (add.type != "elementwise_add" || add.Input("X").size() != 1 || add.Input("Y").size() != 1 ||
            HasFusedActivation(add))
          return false;
        const Tensor* bias = Weight(*weights, add.Input("Y")[0]);
        int64_t n = w->dims()[1];
        if (!bias || bias->numel() != n || bias->dims()[bias->dims().size() - 1] != n) return false;
        int64_t axis = AxisAttr(add, -1);
        if (axis != -1 && axis != in_num_col_dims) return false;
        OpDesc fc;
        fc.type = "fc";
        fc.SetInput("Input", mm.Input("X"));
        fc.SetInput("W", mm.Input("Y"));
        fc.SetInput("Bias", add.Input("Y"));
        fc.SetOutput("Out", add.Output("Out"));
        fc.attrs["in_num_col_dims"] = Attribute::Int(in_num_col_dims);
        mm = std::move(fc);
        return true;
      });
  return Status::OK();
}

// elementwise add / sub / mul / div / max / min whose output is declared float32 (the op fuses an activation
// for float32 only): a residual add + relu becomes one pass over the data.
static bool IsFloatElementwise(const BlockDesc& b, const OpDesc& op) {
  static const std::set<std::string> kTypes = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                                               "elementwise_div", "elementwise_max", "elementwise_min"};
  if (!kTypes.count(op.type) || op.Output("Out").size() != 1) return false;
  const VarDesc* v = b.FindVar(op.Output("Out")[0]);
  return v && v->IsTensor() && v->dtype == static_cast<int>(VarDataType::kFP32);
}

Status FuseActivationPass(ProgramDesc* program) {
  const BlockDesc& block = program->block0();
  FuseSoleReaders(
      program,
      [&](const OpDesc& op) -> const char* {
        if (HasFusedActivation(op)) return nullptr;
        if (IsConv(op)) return "Output";
        if (IsFloatElementwise(block, op)) return "Out";
        const Attribute* legacy = op.Attr("activation_type");  // fc's own relu attribute
        return op.type == "fc" && !(legacy && !legacy->s.empty()) ? "Out" : nullptr;
      },
      [&](OpDesc& op, const OpDesc& act, size_t, const Uses&, std::set<std::string>*) {
        if (!FusableActivations().count(act.type) || act.Input("X").size() != 1 || act.Output("Out").size() != 1)
          return false;
        op.attrs["fuse_activation"] = Attribute::String(act.type);
        for (const auto& kv : act.attrs) op.attrs["fuse_" + kv.first] = kv.second;
        op.SetOutput(IsConv(op) ? "Output" : "Out", act.Output("Out"));
        return true;
      });
  return Status::OK();
}

namespace {

// What the layout pass knows of a conv it could move to NCHW16c: 0 no, 1 pointwise, 2 depthwise.
int Conv16cKind(const OpDesc& op, const Scope& weights) {
  const Tensor* f = ConvFilter(op, weights);
  if (!f || op.Input("Input").size() != 1 || op.Output("Output").size() != 1) return 0;
  AttrReader r(op);
  const std::string format = r.String("data_format", "NCHW");
  const int64_t groups = r.Int("groups", 1);
  const auto strides = r.Ints("strides", {1, 1}), dilations = r.Ints("dilations", {1, 1});
  const auto paddings = r.Ints("paddings", {0, 0});
  const bool relu_first = r.Bool("fuse_relu_before_depthwise_conv", false);
  if (!r.status().ok() || relu_first || (format != "NCHW" && format != "AnyLayout")) return 0;
  if (strides.size() != 2 || dilations.size() != 2) return 0;
  const DDim& w = f->dims();
  const bool no_pad = std::all_of(paddings.begin(), paddings.end(), [](int64_t v) { return v == 0; }) ||
                      r.String("padding_algorithm", "EXPLICIT") == "VALID";
  if (groups == 1 && w[2] == 1 && w[3] == 1 && strides[0] == 1 && strides[1] == 1 && no_pad) return 1;
  if (groups == w[0] && w[1] == 1 && w[2] == w[3] && (w[2] == 3 || w[2] == 5) && strides[0] == strides[1] &&
      (strides[0] == 1 || strides[0] == 2) && dilations[0] == 1 && dilations[1] == 1)
    return 2;
  return 0;
}

bool Elementwise16c(const OpDesc& op) {
  static const std::set<std::string> kTypes = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                                               "elementwise_max", "elementwise_min"};
  return kTypes.count(op.type) && op.Input("X").size() == 1 && op.Input("Y").size() == 1 &&
         op.Output("Out").size() == 1;
}

// Unary ops that act on each value alone, so any layout does.
bool Unary16c(const OpDesc& op) {
  static const std::set<std::string> kTypes = {"relu",  "relu6",      "leaky_relu", "hard_swish", "sigmoid",
                                               "tanh",  "swish",      "hard_sigmoid", "clip"};
  return kTypes.count(op.type) && op.Input("X").size() == 1 && op.Output("Out").size() == 1;
}

bool Nchw16cEnabled() {
#ifdef EMBER_HAVE_X86_KERNELS
  const char* env = std::getenv("EMBER_LAYOUT");
  if (env && std::strcmp(env, "nchw") == 0) return false;
  if (x86::ActiveIsa() == x86::Isa::kGeneric) return false;
  const auto ops = RegisteredOpTypes();
  return std::find(ops.begin(), ops.end(), "layout_transform") != ops.end();
#else
  return false;
#endif
}

}  // namespace

Status Nchw16cLayoutPass(ProgramDesc* program, const Scope& weights, int* converted) {
  if (converted) *converted = 0;
  if (!Nchw16cEnabled()) return Status::OK();
  BlockDesc& b = program->block0();
  const size_t n = b.ops.size();
  // The new names must be new: a program that already has `@16c` names (run through this pass before, or
  // named so by its author) is left as it is.
  for (const auto& v : b.vars)
    if (v.name.size() > 4 && v.name.compare(v.name.size() - 4, 4, "@16c") == 0) return Status::OK();
  std::map<std::string, int> writers;
  for (const auto& op : b.ops)
    for (const auto& o : op.AllOutputNames()) ++writers[o];

  // 1. Candidates in program order: convs the kernels take, and elementwise / unary ops whose inputs are all
  //    candidates' outputs with equal channels. The data slot of each and the channels of what it writes.
  std::vector<int> kind(n, 0);  // 0 stays, 1 pointwise, 2 depthwise, 3 elementwise / unary
  std::map<std::string, size_t> producer;  // candidate outputs
  std::map<std::string, int64_t> channels;
  for (size_t i = 0; i < n; ++i) {
    const OpDesc& op = b.ops[i];
    std::string out;
    int64_t c = 0;
    if (IsConv(op)) {
      kind[i] = Conv16cKind(op, weights);
      if (!kind[i]) continue;
      const std::string& x = op.Input("Input")[0];
      const DDim& w = ConvFilter(op, weights)->dims();
      // A tensor written twice would be converted once for readers of both versions; a channel count that
      // disagrees with the filter must fail as it does in NCHW (the blocks alone would hide it).
      const auto xc = channels.find(x);
      if (writers[x] > 1 || (xc != channels.end() && xc->second != (kind[i] == 1 ? w[1] : w[0]))) {
        kind[i] = 0;
        continue;
      }
      out = op.Output("Output")[0];
      c = w[0];
    } else if (Elementwise16c(op)) {
      const std::string &x = op.Input("X")[0], &y = op.Input("Y")[0];
      if (!producer.count(x) || !producer.count(y) || channels[x] != channels[y]) continue;
      kind[i] = 3, out = op.Output("Out")[0], c = channels[x];
    } else if (Unary16c(op)) {
      const std::string& x = op.Input("X")[0];
      if (!producer.count(x)) continue;
      kind[i] = 3, out = op.Output("Out")[0], c = channels[x];
    } else {
      continue;
    }
    // In-place or rewritten outputs would need per-write renaming: leave those ops alone.
    const auto in_names = op.AllInputNames();
    if (writers[out] != 1 || std::find(in_names.begin(), in_names.end(), out) != in_names.end()) {
      kind[i] = 0;
      continue;
    }
    producer[out] = i;
    channels[out] = c;
  }

  // 2. Regions: candidates joined through the tensors between them; which of them pay is decided below.
  std::vector<size_t> root(n);
  std::iota(root.begin(), root.end(), 0);
  std::function<size_t(size_t)> find = [&](size_t i) { return root[i] == i ? i : root[i] = find(root[i]); };
  auto data_inputs = [&](const OpDesc& op) {
    if (IsConv(op)) return op.Input("Input");
    if (Elementwise16c(op)) return std::vector<std::string>{op.Input("X")[0], op.Input("Y")[0]};
    return op.Input("X");
  };
  for (size_t i = 0; i < n; ++i) {
    if (!kind[i]) continue;
    for (const auto& v : data_inputs(b.ops[i])) {
      auto it = producer.find(v);
      if (it != producer.end()) root[find(i)] = find(it->second);
    }
  }
  // Per region: its convs, whether it has both kinds, and the conversions it costs (tensors from outside it
  // read, tensors of it read outside or fetched).
  struct Region {
    int convs = 0, conversions = 0;
    bool depthwise = false, pointwise = false;
    std::set<std::string> in;
  };
  Uses uses(*program);
  std::map<size_t, Region> regions;
  for (size_t i = 0; i < n; ++i) {
    if (!kind[i]) continue;
    Region& r = regions[find(i)];
    r.convs += kind[i] != 3;
    r.depthwise = r.depthwise || kind[i] == 2;
    r.pointwise = r.pointwise || kind[i] == 1;
    for (const auto& v : data_inputs(b.ops[i]))
      if (!producer.count(v) && r.in.insert(v).second) ++r.conversions;
    const std::string& out = b.ops[i].Output(IsConv(b.ops[i]) ? "Output" : "Out")[0];
    bool outside = uses.pinned.count(out) > 0;
    auto rd = uses.readers.find(out);
    if (rd != uses.readers.end())
      for (size_t j : rd->second) outside = outside || !kind[j] || find(j) != find(i);
    r.conversions += outside;
  }
  // A region pays when it has depthwise convs (1.5-2x faster in NCHW16c) and pointwise convs (about 1.1-1.3x)
  // and at least two convs per conversion: a conversion costs about what a depthwise conv of the same
  // tensor gains (mobilenet_v3's and efficientnet's squeeze-excite blocks, leaving and re-entering the layout
  // around each depthwise conv, ran 0.8x on 2 threads; shufflenet's lone depthwise convs 0.43x).
  std::set<size_t> paying;
  for (const auto& kv : regions)
    if (kv.second.depthwise && kv.second.pointwise && 2 * kv.second.conversions <= kv.second.convs)
      paying.insert(kv.first);
  std::vector<bool> moved(n, false);
  int count = 0;
  for (size_t i = 0; i < n; ++i)
    if (kind[i] && paying.count(find(i))) moved[i] = true, ++count;
  if (!count) return Status::OK();

  // 3. Rewrite: moved ops read and write `<name>@16c`; a conversion to NCHW16c goes before the first moved
  //    reader of a tensor from outside, one back to NCHW right after every moved writer.
  auto packed = [](const std::string& v) { return v + "@16c"; };
  auto add_var = [&](const std::string& name) {
    VarDesc v;
    v.name = name;
    b.AddVar(v);
  };
  auto transform = [](const std::string& x, const std::string& out, const char* layout, int64_t c) {
    OpDesc t;
    t.type = "layout_transform";
    t.SetInput("X", {x});
    t.SetOutput("Out", {out});
    t.attrs["dst_layout"] = Attribute::String(layout);
    if (c) t.attrs["channels"] = Attribute::Int(c);
    return t;
  };
  std::set<std::string> converted_in;
  std::vector<OpDesc> ops;
  for (size_t i = 0; i < n; ++i) {
    OpDesc op = std::move(b.ops[i]);
    if (!moved[i]) {
      ops.push_back(std::move(op));
      continue;
    }
    const char* in_slots[] = {"Input", "X", "Y"};
    for (const char* slot : in_slots) {
      std::vector<std::string> names = op.Input(slot);
      if (names.empty() || (IsConv(op) && std::strcmp(slot, "Input") != 0)) continue;
      for (auto& v : names) {
        auto it = producer.find(v);
        const bool inside = it != producer.end() && moved[it->second];
        if (!inside && converted_in.insert(v).second) {
          ops.push_back(transform(v, packed(v), "NCHW16c", 0));
          add_var(packed(v));
        }
        v = packed(v);
      }
      op.SetInput(slot, names);
    }
    const char* out_slot = IsConv(op) ? "Output" : "Out";
    const std::string out = op.Output(out_slot)[0];
    op.SetOutput(out_slot, {packed(out)});
    add_var(packed(out));
    if (IsConv(op)) op.attrs["data_format"] = Attribute::String("NCHW16c");
    ops.push_back(std::move(op));
    // Every moved tensor keeps its name in NCHW through a conversion the Executor runs only when something
    // needs it: a reader outside the region, a fetch target, or a caller fetching the intermediate by name.
    ops.push_back(transform(packed(out), out, "NCHW", channels[out]));
  }
  b.ops = std::move(ops);
  if (converted) *converted = count;
  return Status::OK();
}

Status OptimizeProgram(ProgramDesc* program, Scope* weights) {
  if (program->blocks.empty()) return Status::OK();
  EMBER_RETURN_IF_ERROR(DropoutToScalePass(program));
  EMBER_RETURN_IF_ERROR(RemoveIdentityPass(program));
  EMBER_RETURN_IF_ERROR(FoldConvBiasPass(program, weights));
  EMBER_RETURN_IF_ERROR(FoldConvBatchNormPass(program, weights));
  EMBER_RETURN_IF_ERROR(FuseFcPass(program, weights));
  EMBER_RETURN_IF_ERROR(FuseActivationPass(program));
  EMBER_RETURN_IF_ERROR(Nchw16cLayoutPass(program, *weights));
  return Status::OK();
}

}  // namespace ember
