// `ember profile MODEL... [--name NAME] [-o FILE]`: writes a net profile (cmake/net_profiles/<name>.cmake)
// naming the ops the models run after the passes plus the ops the passes may add to them, so a slim build
// of that profile loads and runs exactly these models.
#include "profile.h"

#include <cctype>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "io/ember.h"
#include "operators/activation_op.h"
#include "operators/kernel/kernels_built.h"
#include "passes/pass_util.h"
#include "passes/passes.h"
#include "plugin.h"

using namespace ember;

namespace {

const char* kProfileFooter =
    "Writes a net profile (cmake/net_profiles/NAME.cmake) with the ops MODELs run after the passes and the ops\n"
    "the passes may add; graph-only models (ncnn .param without .bin, Paddle graphs) are loaded with generated\n"
    "weights. Run it in a full build. Models with custom ops: load the plugin that registers them (--plugin);\n"
    "the profile then builds the custom op registry (EMBER_NET_CUSTOM_OPS), which other profiles leave out.\n";

struct ProfileArgs {
  std::vector<std::string> models;
  std::string name, out_file;
};

// The checks CLI11 does not do, and NAME's default: the first model's file name.
Status CheckProfileArgs(ProfileArgs* a) {
  if (a->models.empty()) return InvalidArgument("no MODEL given");
  if (a->name.empty()) {
    std::string base = a->models[0];
    while (base.size() > 1 && base.back() == '/') base.pop_back();
    base = base.substr(base.find_last_of('/') + 1);
    a->name = base.substr(0, base.find('.'));
  }
  for (char c : a->name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return InvalidArgument("--name ", Quote(a->name), ": use letters, digits and _ (it names a .cmake file)");
  return Status::OK();
}

// Loads a model as Predictors would run it; a graph-only one (no weights found) with generated weights.
Status LoadForProfile(const std::string& path, std::shared_ptr<const Model>* model) {
  ModelOptions mo;
  Status s = Model::Load(path, mo, model);
  if (s.ok() || s.code() == StatusCode::kUnimplemented) return s;
  mo.generate_weights = true;
  if (Model::Load(path, mo, model).ok()) return Status::OK();
  return s;  // the first error says what is wrong with the files
}

// The ops `model` runs plus the ops the passes may add for its program as loaded; *custom set when it runs a
// custom op (the application's, not an op a build compiles: the build needs the custom op registry).
void CollectOps(const Model& model, std::set<std::string>* ops, bool* custom) {
  std::set<std::string> loaded;
  for (const auto& kv : model.programs().loaded.OpTypeCounts()) loaded.insert(kv.first);
  for (const auto& kv : model.program().OpTypeCounts()) {
    if (IsCustomOp(kv.first)) *custom = true;
    else ops->insert(kv.first);
  }
  for (const auto& t : OpsPassesMayEmit(loaded)) ops->insert(t);
}

// "act_<op type>" for an activation op type or a fused activation's name ("" or not an activation: nothing).
void AddActivation(const std::string& type, std::set<std::string>* variants) {
  if (type.empty()) return;
  OpDesc bare;
  bare.type = type;
  AttrReader r(bare);
  ActivationSpec spec;
  if (ParseActivation(type, &r, &spec).ok() && spec.type != ActivationType::kNone)
    variants->insert("act_" + std::string(simd::VActOpType(static_cast<int>(spec.type))));
}

// The activations `program`'s ops apply fused into a conv / fc / elementwise op.
void CollectFusedActivations(const ProgramDesc& program, std::set<std::string>* variants) {
  for (const BlockDesc& b : program.blocks)
    for (const OpDesc& op : b.ops) {
      AttrReader fused(op);
      AddActivation(fused.String("fuse_activation", ""), variants);
      AddActivation(fused.String("activation_type", ""), variants);
    }
}

// The kernel variants the convs and pools of `model`'s program after the passes can run, every block's
// (control-flow sub-blocks run convs too), and the activations its ops apply fused, in the program as loaded
// and after the passes (a predictor fetching an intermediate runs the passes on a program of its own).
void CollectKernelVariants(const Model& model, std::set<std::string>* variants) {
  CollectFusedActivations(model.programs().loaded, variants);
  CollectFusedActivations(model.program(), variants);
  for (const BlockDesc& b : model.program().blocks)
    for (const OpDesc& op : b.ops) {
      if (op.type == "pool2d") {
        AttrReader r(op);
        const std::string v = PoolKernelVariant(r.Bool("global_pooling", false), r.Bool("adaptive", false),
                                                r.Ints("ksize", {}));
        if (!v.empty()) variants->insert(v);
        continue;
      }
      const Tensor* f = passes::ConvFilter(op, model.weights());
      if (!f || f->dims().size() != 4) continue;
      AttrReader r(op);
      const int64_t groups = r.Int("groups", 1);
      const auto s = r.Ints("strides", {1, 1}), d = r.Ints("dilations", {1, 1});
      if (!r.status().ok() || s.size() != 2 || d.size() != 2) continue;
      const DDim& w = f->dims();
      const std::string v = ConvKernelVariant(groups, w[1] * groups, w[0], w[2], w[3], s[0], s[1], d[0], d[1]);
      if (!v.empty()) variants->insert(v);
    }
}

// Words after "set(NAME", wrapped at 100 columns.
void WriteCmakeList(std::ostream& os, const char* name, const std::set<std::string>& words) {
  os << "set(" << name;
  size_t col = 100;
  for (const auto& w : words) {
    if (col + w.size() + 1 > 100) os << "\n ", col = 1;
    os << " " << w;
    col += w.size() + 1;
  }
  os << "\n)\n";
}

std::string ProfileText(const ProfileArgs& a, const std::string& command, const std::set<std::string>& ops,
                        const std::set<std::string>& formats, const std::set<std::string>& converters,
                        const std::set<std::string>& kernels, bool custom) {
  std::ostringstream os;
  os << "# Net profile '" << a.name << "', generated by `" << command << "` (do not edit; run it again).\n";
  os << "# Models:";
  for (const auto& m : a.models) os << " " << m;
  os << "\n# The ops they run after the passes, plus the ops the passes may add (src/passes/passes.cpp).\n";
  WriteCmakeList(os, "EMBER_NET_OPS", ops);
  os << "# The formats they come in: only these loaders are built (src/io/<format>/).\n";
  os << "set(EMBER_NET_FORMATS";
  for (const auto& f : formats) os << " " << f;
  os << ")\n";
  os << "# Their ncnn layer and ONNX op types: only these converters are built (src/io/converter_selection.h).\n";
  WriteCmakeList(os, "EMBER_NET_CONVERTERS", converters);
  os << "# The kernel variants their convs (besides GEMM) and pools (besides global) can run: only these are "
        "built (src/operators/kernel/kernels_built.h).\n";
  WriteCmakeList(os, "EMBER_NET_KERNELS", kernels);
  if (custom)
    os << "# They run custom ops (registered by the application): the custom op registry is built.\n"
          "set(EMBER_NET_CUSTOM_OPS ON)\n";
  return os.str();
}

int ProfileFail(const std::string& msg) {
  cli::ClearProgress();
  std::cerr << "ember profile: error: " << msg << "\n";
  return 1;
}

int RunProfile(ProfileArgs a, const std::string& command_line) {
  Status s = CheckProfileArgs(&a);
  if (!s.ok()) return ProfileFail(s.message());
  std::set<std::string> ops = {"feed", "fetch"};  // every Predictor sets inputs and reads outputs through them
  std::set<std::string> formats, converters;
  bool custom = false;
  std::set<std::string> kernels = {"gemm"};  // always built; also keeps the list non-empty (CMake's set() unsets)
  cli::Progress progress("profile: loading", a.models.size());
  for (size_t i = 0; i < a.models.size(); ++i) {
    const std::string& path = a.models[i];
    progress.Step(i + 1, path);
    std::shared_ptr<const Model> model;
    s = LoadForProfile(path, &model);
    if (!s.ok()) return ProfileFail(path + ": " + s.message());
    CollectOps(*model, &ops, &custom);
    CollectKernelVariants(*model, &kernels);
    for (const auto& type : ops) AddActivation(type, &kernels);  // standalone activation ops the build has
    const ProgramDesc& loaded = model->programs().loaded;
    formats.insert(loaded.format);
    for (const auto& type : loaded.source_op_types) converters.insert(loaded.format + ":" + type);
  }
  progress.Clear();
  const std::string text = ProfileText(a, command_line, ops, formats, converters, kernels, custom);
  if (a.out_file.empty()) {
    std::cout << text;
    return 0;
  }
  std::ofstream out(a.out_file);
  if (!(out << text) || !out.flush()) return ProfileFail("cannot write " + a.out_file);
  std::cerr << "wrote " << a.out_file << " (" << ops.size() << " ops)\n";
  return 0;
}

}  // namespace

cli::Command AddProfileCommand(CLI::App* app, const std::string& command_line) {
  auto a = std::make_shared<ProfileArgs>();
  CLI::App* sub = app->add_subcommand("profile", "the net profile a slim build needs to run MODELs");
  sub->footer(kProfileFooter);
  sub->add_option("MODEL", a->models, "models the slim build must run")->type_name("")->take_all();
  sub->add_option("--name", a->name, "profile name (default: the first model's file name)")->type_name("NAME");
  sub->add_option("-o", a->out_file, "write the profile to FILE (default: stdout)")->type_name("FILE");
  cli::AddPluginOption(sub);
  return {sub, [a, command_line] { return RunProfile(*a, command_line); }};
}
