// ember: the command-line tool. `ember inspect MODEL`, `ember run MODEL ...`, `ember ops` and the
// dispatch to every subcommand (CLI11: cli.h).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <vector>

#include "bench.h"
#include "cli.h"
#include "convert.h"
#include "quantize.h"
#include "framework/op_registry.h"
#include "image.h"
#include "io/converter_list.h"
#include "io/ember.h"
#include "io/generated_weights.h"
#include "io/paddle/paddle_loader.h"
#include "passes/passes.h"
#include "npy.h"
#include "operators/kernel/cpu_accel.h"
#include "ocr.h"
#include "plugin.h"
#include "profile.h"

using namespace ember;

namespace {

// Notes the generated help of `ember --help` ends with.
const char* kFooter =
    "MODEL is a model folder, or a model file (.pdmodel with --params for a combined params file, .onnx, ncnn\n"
    ".param with its .bin or --generate-weights). `ember COMMAND --help` lists a command's options.\n"
    "Errors exit 1; EMBER_ISA=... lowers the kernels' instruction-set level (see --version).\n";

const char* kRunFooter =
    "Input FILEs are .npy (float32/int32/int64, bool, int8, float16), raw little-endian float32 .bin (shape\n"
    "from the feed's declared dims with batch 1, or --shape), or images (.png/.jpg/.bmp: resized to the feed's\n"
    "H x W, each pixel mapped to v/255*S+B). Outputs are written as .npy or raw .bin by extension.\n";

int Fail(const std::string& msg) { return cli::Fail(msg); }
int Fail(const Status& s) { return Fail(s.message()); }

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string ShapeOf(const VarDesc* v) { return v ? DDim(v->dims).ToString() : "?"; }
std::string DtypeOf(const VarDesc* v) { return v ? VarDataTypeName(v->dtype) : "?"; }

struct Args {
  std::string model, params, device = "cpu", pipeline_cache;
  cli::NamedFiles inputs, outputs;
  cli::Shapes shapes;
  int threads = 1, top = 0;
  bool no_optimize = false, generate_weights = false, memory = false, passes = false, fp16_weights = false,
       fp16_activations = false;
  std::vector<std::string> disabled_passes;
  float pixel_scale = 1.f, pixel_bias = 0.f;
};

// Peak resident set size of this process so far, in bytes.
size_t PeakRss() {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<size_t>(ru.ru_maxrss) * 1024;
}

// Feeds at their declared shapes (batch 1, or --shape): int feeds the image side, float feeds a ramp in [0, 1).
Status SetGeneratedInputs(const Model& model, const Args& a, Predictor* p) {
  const BlockDesc& b = model.program().block0();
  for (const auto& name : p->FeedNames()) {
    const VarDesc* v = b.FindVar(name);
    std::vector<int64_t> dims = v ? v->dims : std::vector<int64_t>{1};
    for (auto& d : dims)
      if (d < 0) d = 1;
    if (a.shapes.count(name)) dims = a.shapes.at(name);
    Tensor t(v && v->dtype == static_cast<int>(VarDataType::kInt32) ? DataType::kInt32 : DataType::kFloat32, DDim(dims));
    EMBER_RETURN_IF_ERROR(t.Allocate());
    if (t.dtype() == DataType::kInt32)
      for (int64_t i = 0; i < t.numel(); ++i) t.data<int32_t>()[i] = static_cast<int32_t>(dims.size() > 2 ? dims[2] : 1);
    else
      for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = static_cast<float>(i % 255) / 255.f;
    EMBER_RETURN_IF_ERROR(p->SetInput(name, t));
  }
  return Status::OK();
}

// Runs the model twice at its feed shapes (batch 1, or --shape) on generated inputs and reports memory.
int InspectMemory(const Args& a) {
  ModelOptions mo;
  mo.params_file = a.params;
  mo.generate_weights = a.generate_weights;
  std::shared_ptr<const Model> model;
  Status s = Model::Load(a.model, mo, &model);
  if (!s.ok()) return Fail(s);
  size_t weight_bytes = 0;
  for (const auto& n : model->weights().LocalVarNames()) weight_bytes += model->weights().FindVar(n)->Get().nbytes();
  std::unique_ptr<Predictor> p;
  if (!(s = Predictor::Create(model, {}, &p)).ok()) return Fail(s);
  if (!(s = SetGeneratedInputs(*model, a, p.get())).ok()) return Fail(s);
  for (int i = 0; i < 2; ++i)  // the first run measures sizes, the second runs on the planned arena
    if (!(s = p->Run()).ok()) return Fail(s);
  PredictorMemory m = p->Memory();
  auto mib = [](size_t b) { return static_cast<double>(b) / (1 << 20); };
  const Scope& w = model->weights();
  std::printf("weights, as loaded:      %10.2f MiB\n", mib(weight_bytes));
  std::printf("  freed once packed:     %10.2f MiB\n", mib(w.released_bytes()));
  std::printf("  packed / copied:       %10.2f MiB  (filters in the layouts the kernels read)\n",
              mib(w.derived_bytes()));
  std::printf("weights, held:           %10.2f MiB\n", mib(weight_bytes - w.released_bytes() + w.derived_bytes()));
  std::printf("activations, planned:    %10.2f MiB\n", mib(m.arena_bytes));
  std::printf("activations, lower bound:%10.2f MiB  (planned / bound = %.3f)\n", mib(m.lower_bound),
              m.lower_bound ? static_cast<double>(m.arena_bytes) / m.lower_bound : 0.0);
  std::printf("activations, no reuse:   %10.2f MiB\n", mib(m.naive_bytes));
  std::printf("peak RSS of this process:%10.2f MiB\n", mib(PeakRss()));
  return 0;
}

// --device vulkan: two runs on generated inputs (the second on both planned arenas), then each op with where it ran and, for the CPU's, why.
int InspectDevice(const Args& a) {
  ModelOptions mo;
  mo.params_file = a.params;
  mo.generate_weights = a.generate_weights;
  mo.disabled_passes = a.disabled_passes;
  mo.disabled_passes.push_back("nchw16c_layout");  // the CPU's packed layout (NCHW16c / NCHW4c)
  std::shared_ptr<const Model> model;
  Status s = Model::Load(a.model, mo, &model);
  if (!s.ok()) return Fail(s);
  PredictorOptions po;
  po.device = a.device;
  po.profile = true;
  po.vulkan_fp16_weights = a.fp16_weights;
  po.vulkan_fp16_activations = a.fp16_activations;
  std::unique_ptr<Predictor> p;
  if (!(s = Predictor::Create(model, po, &p)).ok()) return Fail(s);
  if (!(s = SetGeneratedInputs(*model, a, p.get())).ok()) return Fail(s);
  for (int i = 0; i < 2; ++i)  // the second on the planned arenas, the CPU's figures beside the GPU's
    if (!(s = p->Run()).ok()) return Fail(s);
  int on_device = 0, on_host = 0;
  std::map<std::string, int> reasons;
  for (const OpProfile& op : p->LastProfile()) {
    const std::string out = op.op->AllOutputNames().empty() ? "" : op.op->AllOutputNames()[0];
    if (op.why_on_host.empty()) {
      ++on_device;
      std::printf("  %-22s %-30s %s  %.3f ms\n", op.op->type.c_str(), out.substr(0, 30).c_str(), a.device.c_str(),
                  op.device_ms);
    } else {
      ++on_host;
      ++reasons[op.op->type + ": " + op.why_on_host];
      std::printf("  %-22s %-30s cpu (%s): %s\n", op.op->type.c_str(), out.substr(0, 30).c_str(), op.kernel.c_str(),
                  op.why_on_host.c_str());
    }
  }
  const DeviceRunStats d = p->LastDeviceRun();
  std::printf("%d ops on %s, %d on the CPU; per run: %d dispatches, %d barriers, %d submits, %d uploads and %d "
              "downloads at the borders\n",
              on_device, a.device.c_str(), on_host, d.dispatches, d.barriers, d.submits, d.uploads, d.downloads);
  for (const auto& kv : reasons) std::printf("  on the CPU: %dx %s\n", kv.second, kv.first.c_str());
  const PredictorMemory m = p->Memory();
  auto mib = [](size_t b) { return static_cast<double>(b) / (1 << 20); };
  std::printf("activations: %.2f MiB of %s memory (its planned arena, with its copy of the inputs); the CPU plan's "
              "arena %.2f MiB, lower bound %.2f, each its own %.2f\n",
              mib(d.activation_bytes), a.device.c_str(), mib(m.arena_bytes), mib(m.lower_bound), mib(m.naive_bytes));
  size_t loaded = 0;
  for (const auto& n : model->weights().LocalVarNames()) loaded += model->weights().FindVar(n)->Get().nbytes();
  std::printf("weights: %.2f MiB on %s (%s; the blocked convolutions' filters packed), %.2f MiB as loaded\n",
              mib(d.weight_bytes), a.device.c_str(), a.fp16_weights ? "halves" : "float32", mib(loaded));
  return 0;
}

void PrintOpCounts(const ProgramDesc& before, const ProgramDesc* after, const char* note) {
  auto b = before.OpTypeCounts();
  std::map<std::string, int> f = after ? after->OpTypeCounts() : std::map<std::string, int>{};
  size_t nb = 0, na = 0;
  for (auto& kv : b) nb += static_cast<size_t>(kv.second);
  for (auto& kv : f) na += static_cast<size_t>(kv.second);
  std::cout << "ops: " << nb << " as loaded";
  if (after) std::cout << ", " << na << " after passes" << note;
  std::cout << "\n";
  std::map<std::string, int> all = b;
  for (auto& kv : f) all.emplace(kv.first, 0);
  for (const auto& kv : all) {
    std::printf("  %-28s %5d", kv.first.c_str(), b.count(kv.first) ? b[kv.first] : 0);
    if (after) std::printf(" -> %d", f.count(kv.first) ? f[kv.first] : 0);
    std::printf("\n");
  }
}

// The importers' converter tables: which op / layer types each format reads (ONNX with the opsets).
void PrintConverters() {
  auto print = [](const char* format, const std::vector<ConverterInfo>& list) {
    std::cout << format << " converters (" << list.size() << "):";
    int newest = 0;  // the newest version the importer reads: a row ending there is shown open-ended
    for (const auto& c : list) newest = std::max(newest, c.max_version);
    for (const auto& c : list) {
      std::cout << " " << c.op_type;
      const bool to_newest = c.max_version == 0 || c.max_version == newest;
      if (c.min_version > 1 || !to_newest)
        std::cout << "[" << c.min_version << "-" << (to_newest ? "" : std::to_string(c.max_version)) << "]";
    }
    std::cout << "\n";
  };
  std::cout << "Paddle: ops are read as they are (the ops above)\n";
  print("ONNX", OnnxConverterList());
  print("ncnn", NcnnConverterList());
}

// Per pass, in order: what it did to the program.
void PrintPassReports(const std::vector<PassReport>& reports) {
  std::cout << "passes (in order):\n";
  for (const PassReport& r : reports) {
    const auto& all = PassList();
    auto it = std::find_if(all.begin(), all.end(), [&](const Pass& p) { return r.pass == p.name; });
    std::printf("  %-22s %s\n  %-22s   (%s)\n", r.pass.c_str(), r.Summary().c_str(), "",
                it != all.end() ? it->purpose : "");
  }
}

// ONNX, ncnn and slim models: whatever Model::Load reads.
int InspectImported(const Args& a) {
  ModelOptions mo;
  mo.params_file = a.params;
  mo.generate_weights = a.generate_weights;
  mo.keep_loaded_program = true;
  mo.disabled_passes = a.disabled_passes;
  std::shared_ptr<const Model> model;
  Status s = Model::Load(a.model, mo, &model);
  if (!s.ok()) return Fail(s);
  const ProgramDesc& p = model->programs().loaded;
  std::cout << "format: " << p.format << (p.version >= 0 ? ", version " + std::to_string(p.version) : "") << "\n";
  std::cout << "source: " << model->source() << "\n";
  const BlockDesc& b = p.block0();
  std::cout << "feeds:\n";
  for (const auto& n : p.FeedNames()) std::cout << "  " << n << " " << ShapeOf(b.FindVar(n)) << " " << DtypeOf(b.FindVar(n)) << "\n";
  std::cout << "fetches:\n";
  for (const auto& n : p.FetchNames()) std::cout << "  " << n << " " << ShapeOf(b.FindVar(n)) << " " << DtypeOf(b.FindVar(n)) << "\n";
  int64_t values = 0, bytes = 0;
  for (const auto& n : model->weights().LocalVarNames()) {
    const Tensor& t = model->weights().FindVar(n)->Get();
    values += t.numel();
    bytes += static_cast<int64_t>(t.nbytes());
  }
  std::cout << "parameters: " << values << " values, " << bytes << " bytes (after the passes)\n";
  PrintOpCounts(p, &model->programs().optimized, "");
  if (a.passes) PrintPassReports(model->pass_reports());
  std::cout << "ops missing from this build (profile '" << kNetProfile << "'): none\n";
  return 0;
}

int Inspect(const Args& a) {
  if (a.memory) return InspectMemory(a);
  if (a.device != "cpu") return InspectDevice(a);
  if (EndsWith(a.model, ".onnx") || EndsWith(a.model, ".param") || EndsWith(a.model, ".param.bin") ||
      EndsWith(a.model, ".ember"))
    return InspectImported(a);
  PaddleModelFiles files;
  Status s = FindPaddleModelFiles(a.model, a.params, &files);
  if (!s.ok()) return Fail(s);
  std::string buf;
  ProgramDesc prog;
  if (!(s = ReadFileToString(files.model_file, &buf)).ok()) return Fail(s);
  if (!(s = ParseProgramDesc(buf.data(), buf.size(), files.model_file, &prog)).ok()) return Fail(s);
  std::cout << "format: Paddle ProgramDesc, version " << (prog.version >= 0 ? std::to_string(prog.version) : "(none)")
            << ", " << prog.blocks.size() << " block(s)\n";
  std::cout << "model file: " << files.model_file << "\n";
  std::cout << "params: "
            << (files.layout == ParamsLayout::kCombined ? "combined file " + files.params_file
                                                         : "one file per weight in " + files.params_dir)
            << "\n";
  const BlockDesc& b = prog.block0();
  std::cout << "feeds:\n";
  for (const auto& n : prog.FeedNames())
    std::cout << "  " << n << " " << ShapeOf(b.FindVar(n)) << " " << DtypeOf(b.FindVar(n)) << "\n";
  std::cout << "fetches:\n";
  for (const auto& n : prog.FetchNames())
    std::cout << "  " << n << " " << ShapeOf(b.FindVar(n)) << " " << DtypeOf(b.FindVar(n)) << "\n";
  int64_t params = 0, bytes = 0;
  for (const VarDesc* v : WeightVarsInFileOrder(prog)) {
    int64_t n = DDim(v->dims).numel();
    if (n > 0) params += n;
  }
  Scope weights;
  Status ws = files.layout == ParamsLayout::kCombined
                  ? (ReadFileToString(files.params_file, &buf).ok()
                         ? LoadCombinedParams(prog, buf.data(), buf.size(), files.params_file, &weights)
                         : NotFound("cannot read ", files.params_file))
                  : LoadSeparateParams(prog, files.params_dir, &weights);
  for (const auto& n : weights.LocalVarNames()) bytes += static_cast<int64_t>(weights.FindVar(n)->Get().nbytes());
  std::cout << "parameters: " << params << " values";
  if (ws.ok()) std::cout << ", " << bytes << " bytes loaded\n";
  else std::cout << " (weights not loaded: " << ws.message() << ")\n";

  std::vector<std::string> missing = MissingOps(prog);
  ProgramDesc opt = prog;
  Scope generated;  // graph-only models: preview the passes on generated weights of the declared shapes
  bool use_generated = !ws.ok() && GenerateWeights(prog, 1234, &generated).ok();
  if (!(s = CheckPassNames(a.disabled_passes)).ok()) return Fail(s);
  std::vector<PassReport> reports;
  s = ws.ok() || use_generated
          ? OptimizeProgram(&opt, use_generated ? &generated : &weights, {a.disabled_passes}, &reports)
          : Status(StatusCode::kInternal, "no weights");
  PrintOpCounts(prog, s.ok() ? &opt : nullptr, use_generated ? " (on generated weights)" : "");
  if (a.passes && s.ok()) PrintPassReports(reports);
  if (missing.empty()) {
    std::cout << "ops missing from this build (profile '" << kNetProfile << "'): none\n";
  } else {
    std::cout << "ops missing from this build (profile '" << kNetProfile << "'):";
    for (const auto& m : missing) std::cout << " " << m;
    std::cout << "\n";
  }
  return 0;
}

// Element i of an integer or bool tensor, as a number to print.
int64_t IntegerAt(const Tensor& t, int64_t i) {
  switch (t.dtype()) {
    case DataType::kInt32: return t.data<int32_t>()[i];
    case DataType::kInt64: return t.data<int64_t>()[i];
    case DataType::kInt8: return t.data<int8_t>()[i];
    case DataType::kUInt8: return t.data<uint8_t>()[i];
    case DataType::kBool: return t.data<bool>()[i];
    default: return 0;
  }
}

void PrintOutput(const std::string& name, const Tensor& t, int top) {
  std::cout << name << ": shape " << t.dims().ToString() << " " << DataTypeName(t.dtype());
  if (t.dtype() != DataType::kFloat32) {  // integers and bools: the first values, no top-k
    std::cout << "  [";
    for (int64_t i = 0; i < std::min<int64_t>(t.numel(), 6); ++i) std::cout << (i ? ", " : "") << IntegerAt(t, i);
    std::cout << (t.numel() > 6 ? ", ...]\n" : "]\n");
    return;
  }
  const float* d = t.data<float>();
  int64_t n = t.numel();
  std::cout << "  [";
  for (int64_t i = 0; i < std::min<int64_t>(n, 6); ++i) std::cout << (i ? ", " : "") << d[i];
  std::cout << (n > 6 ? ", ...]\n" : "]\n");
  if (top > 0 && n > 0) {
    std::vector<int64_t> idx(static_cast<size_t>(n));
    std::iota(idx.begin(), idx.end(), 0);
    int64_t k = std::min<int64_t>(top, n);
    std::partial_sort(idx.begin(), idx.begin() + k, idx.end(), [&](int64_t x, int64_t y) { return d[x] > d[y]; });
    std::cout << "  top-" << k << ":";
    for (int64_t i = 0; i < k; ++i) std::cout << " " << idx[static_cast<size_t>(i)] << " (" << d[idx[static_cast<size_t>(i)]] << ")";
    std::cout << "\n";
  }
}

int Run(const Args& a) {
  ModelOptions mo;
  mo.params_file = a.params;
  mo.optimize = !a.no_optimize;
  mo.generate_weights = a.generate_weights;
  mo.disabled_passes = a.disabled_passes;
  if (a.device != "cpu") mo.disabled_passes.push_back("nchw16c_layout");  // the CPU's packed layout (NCHW16c / NCHW4c)
  std::shared_ptr<const Model> model;
  auto t0 = std::chrono::steady_clock::now();
  Status s = Model::Load(a.model, mo, &model);
  if (!s.ok()) return Fail(s);
  auto t1 = std::chrono::steady_clock::now();
  PredictorOptions po;
  po.threads = a.threads;
  po.device = a.device;
  po.vulkan_pipeline_cache = a.pipeline_cache;
  po.vulkan_fp16_weights = a.fp16_weights;
  po.vulkan_fp16_activations = a.fp16_activations;
  std::unique_ptr<Predictor> pred;
  if (!(s = Predictor::Create(model, po, &pred)).ok()) return Fail(s);

  const BlockDesc& b = model->program().block0();
  if (a.inputs.empty() && !pred->FeedNames().empty()) {
    std::string need;
    for (const auto& n : pred->FeedNames()) need += " " + n + " " + ShapeOf(b.FindVar(n));
    return Fail("the model needs input(s):" + need + "; pass --input NAME=FILE");
  }
  for (const auto& kv : a.inputs) {
    const VarDesc* v = b.FindVar(kv.first);
    std::vector<int64_t> dims = v ? v->dims : std::vector<int64_t>{};
    if (!dims.empty() && dims[0] < 0) dims[0] = 1;  // batch 1 unless --shape says otherwise
    if (a.shapes.count(kv.first)) dims = a.shapes.at(kv.first);
    Tensor t;
    if (EndsWith(kv.second, ".npy")) {
      s = ReadNpy(kv.second, &t);
    } else if (IsImagePath(kv.second)) {
      if (dims.size() != 4) return Fail("image input " + kv.first + " needs a 4-D feed; pass --shape");
      s = LoadImageTensor(kv.second, static_cast<int>(dims[1]), static_cast<int>(dims[2]), static_cast<int>(dims[3]),
                          a.pixel_scale, a.pixel_bias, &t);
    } else {
      s = ReadRawFloat32(kv.second, DDim(dims), &t);
    }
    if (!s.ok()) return Fail(s);
    if (!(s = pred->SetInput(kv.first, t)).ok()) return Fail(s);
  }
  std::vector<std::string> fetch;
  for (const auto& kv : a.outputs) fetch.push_back(kv.first);
  if (!fetch.empty())
    for (const auto& n : pred->FetchNames())
      if (std::find(fetch.begin(), fetch.end(), n) == fetch.end()) fetch.push_back(n);
  auto t2 = std::chrono::steady_clock::now();
  if (!(s = pred->Run(fetch)).ok()) return Fail(s);
  auto t3 = std::chrono::steady_clock::now();
  for (const auto& n : fetch.empty() ? pred->FetchNames() : fetch) {
    const Tensor* out = nullptr;
    if (!(s = pred->GetOutput(n, &out)).ok()) return Fail(s);
    PrintOutput(n, *out, a.top);
  }
  for (const auto& kv : a.outputs) {
    const Tensor* out = nullptr;
    if (!(s = pred->GetOutput(kv.first, &out)).ok()) return Fail(s);
    s = EndsWith(kv.second, ".npy") ? WriteNpy(kv.second, *out) : WriteRaw(kv.second, *out);
    if (!s.ok()) return Fail(s);
    std::cout << "wrote " << kv.first << " to " << kv.second << "\n";
  }
  auto ms = [](auto a0, auto a1) { return std::chrono::duration<double, std::milli>(a1 - a0).count(); };
  std::printf("load %.1f ms, run %.2f ms (%d thread%s)\n", ms(t0, t1), ms(t2, t3), a.threads, a.threads > 1 ? "s" : "");
  return 0;
}

cli::Command AddInspect(CLI::App* app) {
  auto a = std::make_shared<Args>();
  CLI::App* sub = app->add_subcommand("inspect", "prints a model's format, feeds, fetches, op counts and parameters");
  sub->footer("The op counts are shown before and after the optimizer passes; the ops this build lacks are named.\n");
  sub->add_option("MODEL", a->model, "model folder or file")->type_name("");
  sub->add_option("--params", a->params, "combined params file of a Paddle model file")->type_name("FILE");
  sub->add_flag("--passes", a->passes, "print what each optimizer pass removed, rewrote or added");
  sub->add_option("--disable-pass", a->disabled_passes, "skip the pass NAME (repeatable)")
      ->type_name("NAME")->allow_extra_args(false)->take_all();
  sub->add_flag("--memory", a->memory,
                "run the model twice on generated inputs and report weight, activation and peak memory");
  sub->add_flag("--generate-weights", a->generate_weights, "deterministic stand-in weights for a graph-only model");
  cli::AddFp16WeightsFlag(sub, &a->fp16_weights);
  cli::AddFp16ActivationsFlag(sub, &a->fp16_activations);
  sub->add_option("--device", a->device, "vulkan: run once and list which ops run on the GPU, and why the others not")
      ->type_name("D")->check(CLI::IsMember({"cpu", "vulkan"}));
  cli::AddShapeOption(sub, &a->shapes, 0,
                      "a feed's shape for --memory or --device (repeatable; default: declared, batch 1)");
  cli::AddPluginOption(sub);
  return {sub, [a] { return a->model.empty() ? Fail("no MODEL given") : Inspect(*a); }};
}

cli::Command AddRun(CLI::App* app) {
  auto a = std::make_shared<Args>();
  CLI::App* sub = app->add_subcommand("run", "runs a model on input files and prints (or writes) its outputs");
  sub->footer(kRunFooter);
  sub->add_option("MODEL", a->model, "model folder or file")->type_name("");
  sub->add_option("--params", a->params, "combined params file of a Paddle model file")->type_name("FILE");
  cli::AddNamedFileOption(sub, "--input", &a->inputs, "feed NAME from FILE (repeatable)");
  cli::AddNamedFileOption(sub, "--output", &a->outputs, "write fetch NAME to FILE, .npy or .bin (repeatable)");
  cli::AddShapeOption(sub, &a->shapes, 0, "a feed's shape (repeatable; default: declared, batch 1)");
  sub->add_option("--threads", a->threads, "threads (default 1)")->type_name("N")->check(cli::IntRange(1, 1024));
  sub->add_option("--device", a->device, "cpu (default) or vulkan: ops with a Vulkan kernel run on the GPU")
      ->type_name("D")->check(CLI::IsMember({"cpu", "vulkan"}));
  sub->add_option("--pipeline-cache", a->pipeline_cache,
                  "vulkan: load the compiled pipelines from FILE when it exists, save them to it")
      ->type_name("FILE");
  cli::AddFp16WeightsFlag(sub, &a->fp16_weights);
  cli::AddFp16ActivationsFlag(sub, &a->fp16_activations);
  sub->add_flag("--no-optimize", a->no_optimize, "skip the optimizer passes");
  sub->add_option("--disable-pass", a->disabled_passes, "skip the pass NAME (repeatable)")
      ->type_name("NAME")->allow_extra_args(false)->take_all();
  sub->add_option("--top", a->top, "print the top-K indices and values of float outputs")
      ->type_name("K")->check(cli::IntRange(0, 1 << 30));
  sub->add_option("--pixel-scale", a->pixel_scale, "image inputs: v/255*S+B (default 1)")->type_name("S");
  sub->add_option("--pixel-bias", a->pixel_bias, "image inputs: v/255*S+B (default 0)")->type_name("B");
  sub->add_flag("--generate-weights", a->generate_weights, "deterministic stand-in weights for a graph-only model");
  cli::AddPluginOption(sub);
  return {sub, [a] { return a->model.empty() ? Fail("no MODEL given") : Run(*a); }};
}

cli::Command AddOps(CLI::App* app) {
  auto formats = std::make_shared<bool>(false);
  CLI::App* sub = app->add_subcommand("ops", "the ops in this build and the net profile it was built with");
  sub->add_flag("--formats", *formats, "also the ONNX and ncnn op types each importer converts");
  return {sub, [formats] {
            std::cout << "ops in this build (profile '" << kNetProfile << "'):";
            for (const auto& op : RegisteredOpTypes()) std::cout << " " << op;
            std::cout << "\n";
            if (*formats) PrintConverters();
            return 0;
          }};
}

// `ember --version`: the release, the instruction-set level the kernels run at (chosen at run time) and the
// net profile, the three things that decide what a build runs and how fast.
std::string VersionText() {
#if defined(__x86_64__) || defined(_M_X64)
  const char* arch = "x86-64";
#elif defined(__aarch64__)
  const char* arch = "aarch64";
#elif defined(__arm__)
  const char* arch = "arm";
#else
  const char* arch = "other";
#endif
  std::ostringstream os;
  os << "ember " << EMBER_VERSION << "\n";
  const IsaAccel* isa = CpuAccel().isa;
  if (isa)
    os << "isa: " << isa->name(isa->active()) << " (" << arch << "; detected " << isa->name(isa->detected()) << "; "
       << isa->lower_hint << " lowers it)\n";
  else
    os << "isa: generic (" << arch << "; this build has no instruction-set kernels)\n";
  os << "net profile: " << kNetProfile;
  return os.str();
}

// The subcommand CLI11 was parsing, or null.
const CLI::App* ActiveSubcommand(const CLI::App& app) {
  const auto subs = app.get_subcommands();
  return subs.empty() ? nullptr : subs.back();
}

// Parse errors name the subcommand and where its options are listed.
std::string FailureMessage(const CLI::App* app, const CLI::Error& e) {
  const CLI::App* sub = ActiveSubcommand(*app);
  const std::string cmd = sub ? "ember " + sub->get_name() : "ember";
  return cmd + ": error: " + e.what() + "\n(`" + cmd + " --help` lists the options)\n";
}

// Arguments the subcommand has no option or positional for (CLI11 keeps them with allow_extras).
int UnknownArguments(const CLI::App& sub, const std::vector<std::string>& extra) {
  const std::string& arg = extra.front();
  std::string msg;
  if (arg.size() > 1 && arg[0] == '-') {
    msg = "unknown option " + arg + " (options:";
    for (const CLI::Option* o : sub.get_options())
      if (!o->get_positional()) msg += " " + o->get_name();
    msg += ")";
  } else {
    msg = "unexpected argument " + arg;
  }
  std::cerr << "ember " << sub.get_name() << ": error: " << msg << "\n";
  return 1;
}

// Arguments no subcommand took: an unknown option (naming the valid ones) or an unknown command.
int UnknownAtTop(const CLI::App& app, const std::vector<std::string>& extra) {
  if (extra.front().size() > 1 && extra.front()[0] == '-')
    return Fail("unknown option " + extra.front() + " (options: --help --version; a command's: ember COMMAND --help)");
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({})) names += " " + sub->get_name();
  return Fail("unknown command " + extra.front() + " (commands:" + names + ")");
}

int ParseAndRun(int argc, char** argv) {
  CLI::App app{"ember: on-device neural-network inference for Paddle, ONNX and ncnn models", "ember"};
  app.footer(kFooter);
  app.set_version_flag("--version", std::function<std::string()>(VersionText),
                       "print the version, the instruction set the kernels use and the net profile");
  app.require_subcommand(0, 1);
  app.failure_message(FailureMessage);
  // A repeated single-value option keeps its last value, as the hand-written parser did.
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  const std::vector<cli::Command> commands = {
      AddInspect(&app), AddRun(&app), AddConvertCommand(&app), AddQuantizeCommand(&app), AddOcrCommand(&app),
      AddBenchCommand(&app), AddOps(&app), AddProfileCommand(&app, cli::CommandLine(argc, argv))};
  // Unknown arguments are reported by UnknownArguments / UnknownAtTop, which name the valid options.
  app.allow_extras();
  for (const cli::Command& c : commands) c.app->allow_extras();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 1;  // help and --version exit 0; errors 1 like the commands' own
  }
  for (const cli::Command& c : commands) {
    if (!c.app->parsed()) continue;
    const std::vector<std::string> extra = c.app->remaining();
    if (!extra.empty()) return UnknownArguments(*c.app, extra);
    const Status s = cli::LoadPlugins(*c.app);  // before the command loads models that use their ops
    return s.ok() ? c.run() : cli::Fail(s.message(), c.app->get_name());
  }
  if (!app.remaining().empty()) return UnknownAtTop(app, app.remaining());
  std::cout << app.help();
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return ParseAndRun(argc, argv);
  } catch (const std::exception& e) {
    return Fail(std::string("unexpected error: ") + e.what());
  }
}
