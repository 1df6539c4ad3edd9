// nchw16c_layout: regions of 1x1 and depthwise convs, with the elementwise ops, activations and global pools
// between them, move to the packed-channel kernels where a region pays for its layout conversions: NCHW16c on
// x86, NCHW4c on ARM (the block the conv kernels report, operators/packed_layout.h).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <numeric>

#include "framework/op_registry.h"
#include "operators/conv_op.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/packed_layout.h"
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

enum Kind { kStays = 0, kPointwise = 1, kDepthwise = 2, kElementwise = 3 };

// Whether the packed kernels of this build take a conv of filter dims `w` under these attributes (the spatial
// sizes are free; a net profile may leave a depthwise variant out).
bool KernelsTake(const DDim& w, int64_t groups, const std::vector<int64_t>& strides,
                 const std::vector<int64_t>& dilations) {
  const ConvAccel* a = CpuAccel().conv;
  if (!a) return false;
  ConvGeometry g;
  g.batch = 1, g.in_c = w[1] * groups, g.out_c = w[0], g.groups = groups;
  g.in_h = g.in_w = g.out_h = g.out_w = 1;
  g.kernel_h = w[2], g.kernel_w = w[3];
  g.stride_h = strides[0], g.stride_w = strides[1], g.dilation_h = dilations[0], g.dilation_w = dilations[1];
  return a->packed_supports(g);
}

// What the pass knows of a conv it could move: pointwise (1x1 stride 1, no pads), depthwise (3x3 / 5x5,
// stride 1 / 2, no dilation) or neither.
Kind ConvKind(const OpDesc& op, const Scope& weights) {
  const Tensor* f = ConvFilter(op, weights);
  if (!f || op.Input("Input").size() != 1 || op.Output("Output").size() != 1) return kStays;
  AttrReader r(op);
  const std::string format = r.String("data_format", "NCHW");
  const int64_t groups = r.Int("groups", 1);
  const auto strides = r.Ints("strides", {1, 1}), dilations = r.Ints("dilations", {1, 1});
  const auto paddings = r.Ints("paddings", {0, 0});
  const bool relu_first = r.Bool("fuse_relu_before_depthwise_conv", false);
  if (!r.status().ok() || relu_first || (format != "NCHW" && format != "AnyLayout")) return kStays;
  if (strides.size() != 2 || dilations.size() != 2) return kStays;
  const DDim& w = f->dims();
  const bool no_pad = std::all_of(paddings.begin(), paddings.end(), [](int64_t v) { return v == 0; }) ||
                      r.String("padding_algorithm", "EXPLICIT") == "VALID";
  Kind k = kStays;
  if (groups == 1 && w[2] == 1 && w[3] == 1 && strides[0] == 1 && strides[1] == 1 && no_pad) k = kPointwise;
  if (groups == w[0] && w[1] == 1 && w[2] == w[3] && (w[2] == 3 || w[2] == 5) && strides[0] == strides[1] &&
      (strides[0] == 1 || strides[0] == 2) && dilations[0] == 1 && dilations[1] == 1)
    k = kDepthwise;
  return k != kStays && KernelsTake(w, groups, strides, dilations) ? k : kStays;
}

// Plain arrays, not sets: this pass is in every ARM library (a net profile's too), where code size counts.
bool OneOf(const std::string& type, const char* const* types, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (type == types[i]) return true;
  return false;
}

bool ElementwiseMoves(const OpDesc& op) {
  static const char* const kTypes[] = {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_max",
                                       "elementwise_min"};
  return OneOf(op.type, kTypes, sizeof kTypes / sizeof *kTypes) && op.Input("X").size() == 1 &&
         op.Input("Y").size() == 1 && op.Output("Out").size() == 1;
}

// Unary ops that act on each value alone, so any layout does.
bool UnaryMoves(const OpDesc& op) {
  static const char* const kTypes[] = {"relu",  "relu6", "leaky_relu",   "hard_swish", "sigmoid",
                                       "tanh",  "swish", "hard_sigmoid", "clip"};
  return OneOf(op.type, kTypes, sizeof kTypes / sizeof *kTypes) && op.Input("X").size() == 1 &&
         op.Output("Out").size() == 1;
}

// Global max / average pooling (a squeeze-excite block's, a classifier's): pool2d takes the packed layout for it.
bool GlobalPoolMoves(const OpDesc& op) {
  if (op.type != "pool2d" || op.Input("X").size() != 1 || op.Output("Out").size() != 1 || !op.Output("Mask").empty())
    return false;
  AttrReader r(op);
  const bool global = r.Bool("global_pooling", false) ||
                      (r.Bool("adaptive", false) && r.Ints("ksize", {}) == std::vector<int64_t>{1, 1});
  const std::string type = r.String("pooling_type", "max"), format = r.String("data_format", "NCHW");
  return r.status().ok() && global && (type == "max" || type == "avg") && (format == "NCHW" || format == "AnyLayout");
}

// A pass asks which packed layout the active instruction set's kernels take (0: none), not which CPU answers.
int64_t EnabledBlock() {
  const char* env = std::getenv("EMBER_LAYOUT");
  if (env && std::strcmp(env, "nchw") == 0) return 0;
  const auto ops = RegisteredOpTypes();
  return std::find(ops.begin(), ops.end(), "layout_transform") != ops.end() ? PackedConvBlock() : 0;
}

std::vector<std::string> DataInputs(const OpDesc& op) {
  if (IsConv(op)) return op.Input("Input");
  if (ElementwiseMoves(op)) return {op.Input("X")[0], op.Input("Y")[0]};
  return op.Input("X");
}

const std::string& DataOutput(const OpDesc& op) { return op.Output(IsConv(op) ? "Output" : "Out")[0]; }

// Step 1: the ops that could move, in program order; the candidate writing each tensor and its channels.
struct Candidates {
  std::vector<Kind> kind;
  std::map<std::string, int64_t> producer;  // one map type for all three (less code)
  std::map<std::string, int64_t> channels;
};

// A conv's kind, or kStays when its input is written twice (one conversion would serve readers of both
// versions) or its channels disagree with the filter (which must fail as it does in NCHW).
Kind CheckedConvKind(const OpDesc& op, const Scope& weights, const Candidates& c,
                     std::map<std::string, int64_t>& writers) {
  const Kind k = ConvKind(op, weights);
  if (k == kStays) return k;
  const std::string& x = op.Input("Input")[0];
  const DDim& w = ConvFilter(op, weights)->dims();
  const auto xc = c.channels.find(x);
  if (writers[x] > 1 || (xc != c.channels.end() && xc->second != (k == kPointwise ? w[1] : w[0]))) return kStays;
  return k;
}

Candidates FindCandidates(const BlockDesc& b, const Scope& weights) {
  std::map<std::string, int64_t> writers;
  for (const auto& op : b.ops)
    for (const auto& o : op.AllOutputNames()) ++writers[o];
  Candidates c;
  c.kind.assign(b.ops.size(), kStays);
  for (size_t i = 0; i < b.ops.size(); ++i) {
    const OpDesc& op = b.ops[i];
    Kind k = kStays;
    int64_t ch = 0;
    if (IsConv(op)) {
      k = CheckedConvKind(op, weights, c, writers);
      if (k != kStays) ch = ConvFilter(op, weights)->dims()[0];
    } else if (ElementwiseMoves(op) || UnaryMoves(op) || GlobalPoolMoves(op)) {
      const auto ins = DataInputs(op);
      const bool inside = std::all_of(ins.begin(), ins.end(), [&](const std::string& v) {
        return c.producer.count(v) && c.channels[v] == c.channels[ins[0]];
      });
      if (inside) k = kElementwise, ch = c.channels[ins[0]];
    }
    if (k == kStays) continue;
    // In-place or rewritten outputs would need per-write renaming: leave those ops alone.
    const std::string& out = DataOutput(op);
    const auto in_names = op.AllInputNames();
    if (writers[out] != 1 || std::find(in_names.begin(), in_names.end(), out) != in_names.end()) continue;
    c.kind[i] = k;
    c.producer[out] = i;
    c.channels[out] = ch;
  }
  return c;
}

// Step 2: candidates joined through the tensors between them into regions. A region pays when it has
// depthwise convs (1.5-2x faster in NCHW16c) and pointwise convs (about 1.1-1.3x) and at least two convs per
// conversion: a conversion costs about what a depthwise conv of the same tensor gains (mobilenet_v3's and
// efficientnet's squeeze-excite blocks, leaving and re-entering the layout around each depthwise conv, ran
// 0.8x on 2 threads; shufflenet's lone depthwise convs 0.43x). Returns the ops that move.
std::vector<bool> PayingOps(const ProgramDesc& program, const Candidates& c) {
  const BlockDesc& b = program.block0();
  const size_t n = b.ops.size();
  std::vector<size_t> root(n);
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](size_t i) {
    while (root[i] != i) i = root[i] = root[root[i]];  // path halving
    return i;
  };
  for (size_t i = 0; i < n; ++i)
    if (c.kind[i])
      for (const auto& v : DataInputs(b.ops[i])) {
        auto it = c.producer.find(v);
        if (it != c.producer.end()) root[find(i)] = find(it->second);
      }
  struct Region {
    int convs = 0, conversions = 0;
    bool depthwise = false, pointwise = false;
    std::set<std::string> in;
  };
  Uses uses(program);
  std::vector<Region> regions(n);  // by root
  for (size_t i = 0; i < n; ++i) {
    if (!c.kind[i]) continue;
    Region& r = regions[find(i)];
    r.convs += c.kind[i] != kElementwise;
    r.depthwise = r.depthwise || c.kind[i] == kDepthwise;
    r.pointwise = r.pointwise || c.kind[i] == kPointwise;
    for (const auto& v : DataInputs(b.ops[i]))  // a tensor from outside, converted in
      if (!c.producer.count(v) && r.in.insert(v).second) ++r.conversions;
    const std::string& out = DataOutput(b.ops[i]);  // read outside or fetched: converted out
    bool outside = uses.pinned.count(out) > 0;
    auto rd = uses.readers.find(out);
    if (rd != uses.readers.end())
      for (size_t j : rd->second) outside = outside || !c.kind[j] || find(j) != find(i);
    r.conversions += outside && !GlobalPoolMoves(b.ops[i]);  // a 1x1 map's conversion costs next to nothing
  }
  std::vector<bool> moved(n, false);
  for (size_t i = 0; i < n; ++i) {
    if (!c.kind[i]) continue;
    const Region& r = regions[find(i)];
    moved[i] = r.depthwise && r.pointwise && 2 * r.conversions <= r.convs;
  }
  return moved;
}

OpDesc LayoutTransform(const std::string& x, const std::string& out, const char* layout, int64_t channels) {
  OpDesc t;
  t.type = "layout_transform";
  t.SetInput("X", {x});
  t.SetOutput("Out", {out});
  t.attrs["dst_layout"] = Attribute::String(layout);
  if (channels) t.attrs["channels"] = Attribute::Int(channels);
  return t;
}

// `<name>@16c` or `<name>@4c`.
std::string Packed(const std::string& v, int64_t block) { return v + (block == 16 ? "@16c" : "@4c"); }

// Step 3: moved ops read and write `<name>@16c` (`@4c`); a conversion to the packed layout goes before the
// first moved reader of a tensor from outside, one back to NCHW right after every moved writer. Every moved
// tensor keeps its name in NCHW through that conversion, which the Executor runs only when something needs it:
// a reader outside the region, a fetch target, or a caller fetching the intermediate by name.
void Rewrite(BlockDesc& b, const Candidates& c, const std::vector<bool>& moved, int64_t block) {
  const char* format = PackedFormatName(block);
  auto add_var = [&](const std::string& name) {
    VarDesc v;
    v.name = name;
    b.AddVar(v);
  };
  std::set<std::string> converted_in;
  std::vector<OpDesc> ops;
  for (size_t i = 0; i < b.ops.size(); ++i) {
    OpDesc op = std::move(b.ops[i]);
    if (!moved[i]) {
      ops.push_back(std::move(op));
      continue;
    }
    for (const char* slot : {"Input", "X", "Y"}) {
      std::vector<std::string> names = op.Input(slot);
      if (names.empty() || (IsConv(op) && std::strcmp(slot, "Input") != 0)) continue;
      for (auto& v : names) {
        auto it = c.producer.find(v);
        const bool inside = it != c.producer.end() && moved[it->second];
        if (!inside && converted_in.insert(v).second) {
          ops.push_back(LayoutTransform(v, Packed(v, block), format, 0));
          add_var(Packed(v, block));
        }
        v = Packed(v, block);
      }
      op.SetInput(slot, names);
    }
    const char* out_slot = IsConv(op) ? "Output" : "Out";
    const std::string out = op.Output(out_slot)[0];
    op.SetOutput(out_slot, {Packed(out, block)});
    add_var(Packed(out, block));
    if (IsConv(op) || op.type == "pool2d") op.attrs["data_format"] = Attribute::String(format);
    ops.push_back(std::move(op));
    ops.push_back(LayoutTransform(Packed(out, block), out, "NCHW", c.channels.at(out)));
  }
  b.ops = std::move(ops);
}

bool HasPackedNames(const BlockDesc& b) {
  auto ends_with = [](const std::string& s, const std::string& end) {
    return s.size() > end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
  };
  for (const auto& v : b.vars)
    if (ends_with(v.name, "@16c") || ends_with(v.name, "@4c")) return true;
  return false;
}

}  // namespace

Status Nchw16cLayoutPass(ProgramDesc* program, const Scope& weights, int* converted) {
  if (converted) *converted = 0;
  BlockDesc& b = program->block0();
  // The new names must be new: a program that already has `@16c` / `@4c` names (run through this pass before,
  // or named so by its author) is left as it is.
  const int64_t block = EnabledBlock();
  if (!block || HasPackedNames(b)) return Status::OK();
  const Candidates c = FindCandidates(b, weights);
  const std::vector<bool> moved = PayingOps(*program, c);
  const int count = static_cast<int>(std::count(moved.begin(), moved.end(), true));
  if (count == 0) return Status::OK();
  Rewrite(b, c, moved, block);
  if (converted) *converted = count;
  return Status::OK();
}

}  // namespace ember
