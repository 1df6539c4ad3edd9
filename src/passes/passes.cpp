// The pass list (the one place that fixes the order) and OptimizeProgram with its per-pass report.
#include "passes/passes.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <type_traits>

#include "operators/kernel/kernels_built.h"

namespace ember {
namespace {

// NCHW16c on x86, NCHW4c on ARM: the block the conv kernels report (none in a portable build: no change).
Status RunNchw16c(ProgramDesc* program, Scope* weights) { return Nchw16cLayoutPass(program, *weights); }

// A pass whose every rewrite adds an op this build lacks can do nothing: its entry keeps its name (so it can
// still be disabled by name) but not its code, which nothing then references (--gc-sections drops it).
Status NothingToDo(ProgramDesc*, Scope*) { return Status::OK(); }
#define EMBER_PASS_IF_BUILT(built, fn) (std::integral_constant<bool, (built)>::value ? (fn) : NothingToDo)

// A build that reads slim models only (EMBER_FORMATS=slim) loads programs the passes already optimized when they
// were written: it keeps the target passes' code alone.
#if defined(EMBER_FORMAT_PADDLE) || defined(EMBER_FORMAT_ONNX) || defined(EMBER_FORMAT_NCNN)
constexpr bool kImporters = true;
#else
constexpr bool kImporters = false;
#endif
#define EMBER_IMPORT_PASS(fn) EMBER_PASS_IF_BUILT(kImporters, fn)

// An op as text: type, slots and attributes, so two programs' ops compare as multisets.
std::string Signature(const OpDesc& op) {
  std::ostringstream os;
  os << op.type << '|';
  for (const auto* slots : {&op.inputs, &op.outputs}) {
    for (const auto& kv : *slots) {
      os << kv.first << '=';
      for (const auto& n : kv.second) os << n << ',';
      os << ';';
    }
    os << '|';
  }
  for (const auto& kv : op.attrs) {
    const Attribute& a = kv.second;
    os << kv.first << ':' << static_cast<int>(a.type) << ':' << a.i << ':' << a.f << ':' << a.s << ':';
    for (auto v : a.ints) os << v << ',';
    for (auto v : a.floats) os << v << ',';
    for (const auto& v : a.strings) os << v << ',';
    os << ';';
  }
  return os.str();
}

// Per op type: ops only in `before` (removed), only in `after` (added); a type on both sides counts as
// rewritten up to the smaller number.
void Diff(const BlockDesc& before, const BlockDesc& after, PassReport* r) {
  std::multiset<std::string> b;
  for (const auto& op : after.ops) b.insert(Signature(op));
  std::map<std::string, int> gone, fresh;
  auto type_of = [](const std::string& sig) { return sig.substr(0, sig.find('|')); };
  for (const auto& op : before.ops) {
    auto it = b.find(Signature(op));
    if (it == b.end()) ++gone[op.type];
    else b.erase(it);
  }
  for (const auto& sig : b) ++fresh[type_of(sig)];
  for (auto& kv : gone) {
    auto f = fresh.find(kv.first);
    const int both = f == fresh.end() ? 0 : std::min(kv.second, f->second);
    if (both) r->rewritten[kv.first] = both, f->second -= both;
    if (kv.second > both) r->removed[kv.first] = kv.second - both;
  }
  for (const auto& kv : fresh)
    if (kv.second > 0) r->added[kv.first] = kv.second;
}

}  // namespace

const std::vector<Pass>& PassList() {
  static const std::vector<Pass> kPasses = {
      {"dropout_to_scale", "inference dropout becomes identity or scale(1 - p)", "dropout", "scale",
       EMBER_IMPORT_PASS(DropoutToScalePass)},
      {"remove_identity", "scale by 1 with bias 0 is removed", "scale", "", EMBER_IMPORT_PASS(RemoveIdentityPass)},
      {"fold_quantized_conv", "conv of dequantized quantize_linear input and int8 filter -> quantized_conv2d",
       "dequantize_linear fake_channel_wise_dequantize_max_abs", "quantized_conv2d",
       EMBER_PASS_IF_BUILT(kImporters && OpBuilt("quantized_conv2d"), FoldQuantizedConvPass)},
      {"fold_conv_scale", "conv + per-channel elementwise_mul -> conv with a scaled filter", "conv2d depthwise_conv2d",
       "", EMBER_IMPORT_PASS(FoldConvScalePass)},
      {"fold_conv_bias", "conv + per-channel elementwise_add -> conv with Bias",
       "conv2d depthwise_conv2d quantized_conv2d", "", EMBER_IMPORT_PASS(FoldConvBiasPass)},
      {"fold_conv_batch_norm", "conv + batch_norm -> conv with a scaled filter and bias", "batch_norm", "",
       EMBER_IMPORT_PASS(FoldConvBatchNormPass)},
      {"fuse_fc", "mul / matmul + bias add -> fc", "mul matmul matmul_v2", "fc",
       EMBER_PASS_IF_BUILT(kImporters && OpBuilt("fc"), FuseFcPass)},
      {"fuse_gated_activation", "x * sigmoid(x) -> swish, x * hard_sigmoid(x) -> hard_swish", "sigmoid hard_sigmoid",
       "swish hard_swish",
       EMBER_PASS_IF_BUILT(kImporters && (OpBuilt("swish") || OpBuilt("hard_swish")), FuseGatedActivationPass)},
      {"fuse_hard_swish", "x * clip(x + c, 0, a) / b -> hard_swish", "elementwise_div", "hard_swish",
       EMBER_PASS_IF_BUILT(kImporters && OpBuilt("hard_swish"), FuseHardSwishPass)},
      {"fuse_layer_norm", "mean / sub / square / mean / add eps / sqrt / div [* gamma] [+ beta] -> layer_norm",
       "reduce_mean", "layer_norm", EMBER_PASS_IF_BUILT(kImporters && OpBuilt("layer_norm"), FuseLayerNormPass)},
      {"fuse_gelu", "x * (1 + erf(x / sqrt 2)) * 0.5 -> gelu", "erf", "gelu",
       EMBER_PASS_IF_BUILT(kImporters && OpBuilt("gelu"), FuseGeluPass)},
      {"fuse_activation", "conv / fc / elementwise + activation -> one op",
       "conv2d depthwise_conv2d quantized_conv2d fc elementwise_add elementwise_sub elementwise_mul "
       "elementwise_div",
       "", EMBER_IMPORT_PASS(FuseActivationPass)},
      {"nchw16c_layout", "depthwise + pointwise conv regions -> packed NCHW16c (x86) / NCHW4c (ARM) kernels",
       "conv2d depthwise_conv2d", "layout_transform", RunNchw16c, /*target=*/true},
  };
  return kPasses;
}

std::vector<std::string> OpsPassesMayEmit(const std::set<std::string>& op_types) {
  auto words = [](const char* list) {
    std::vector<std::string> w;
    std::istringstream is(list);
    for (std::string t; is >> t;) w.push_back(t);
    return w;
  };
  std::set<std::string> emitted;
  for (const Pass& pass : PassList()) {
    const auto acts_on = words(pass.acts_on);
    if (std::none_of(acts_on.begin(), acts_on.end(), [&](const std::string& t) { return op_types.count(t) > 0; }))
      continue;
    for (const auto& t : words(pass.emits)) emitted.insert(t);
  }
  return {emitted.begin(), emitted.end()};
}

std::string PassReport::Summary() const {
  if (!ran) return skipped ? skipped : "disabled";
  if (!changed()) return "no change";
  std::string s;
  auto list = [&](const char* verb, const std::map<std::string, int>& m) {
    if (m.empty()) return;
    s += (s.empty() ? "" : "; ") + std::string(verb);
    bool first = true;
    for (const auto& kv : m) s += (first ? " " : ", ") + std::to_string(kv.second) + " " + kv.first, first = false;
  };
  list("removed", removed);
  list("rewrote", rewritten);
  list("added", added);
  return s;
}

Status CheckPassNames(const std::vector<std::string>& names) {
  const auto& all = PassList();
  for (const auto& name : names) {
    if (std::any_of(all.begin(), all.end(), [&](const Pass& p) { return name == p.name; })) continue;
    std::string known;
    for (const auto& p : all) known += (known.empty() ? "" : ", ") + std::string(p.name);
    return InvalidArgument("no pass named ", Quote(name), " (passes: ", known, ")");
  }
  return Status::OK();
}

Status OptimizeProgram(ProgramDesc* program, Scope* weights, const PassOptions& options,
                       std::vector<PassReport>* reports) {
  EMBER_RETURN_IF_ERROR(CheckPassNames(options.disabled));
  if (program->blocks.empty()) return Status::OK();
  for (const Pass& pass : PassList()) {
    PassReport r;
    r.pass = pass.name;
    r.ran = std::find(options.disabled.begin(), options.disabled.end(), pass.name) == options.disabled.end();
    if (r.ran && (pass.target ? options.skip_target : options.target_only)) {
      r.ran = false;
      r.skipped = pass.target ? "left for load (it depends on the target)" : "ran when the slim model was written";
    }
    if (r.ran) {
      BlockDesc before;
      if (reports) before = program->block0();
      EMBER_RETURN_IF_ERROR(pass.run(program, weights).Prepend(StrCat("pass ", pass.name, ": ")));
      if (reports) Diff(before, program->block0(), &r);
    }
    if (reports) reports->push_back(std::move(r));
  }
  return Status::OK();
}

}  // namespace ember
