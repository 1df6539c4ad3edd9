// ember bench MODEL... [--params FILE] [--threads N] [--loops N] [--warmup N] [--profile]
//                      [--generate-weights [--ncnn-data]] [--shape NAME=d0,d1,...] [--sgemm [SIZE]]
//                      [--no-optimize] [--disable-pass NAME]... [--no-limit]
//
// Without a MODEL it prints the ISA level and the FMA limit only.
// Prints the ISA level the kernels run at and the measured FMA limit (1 thread and N threads), then per
// model: load ms, first-run ms, median/min/max ms over --loops runs after --warmup runs, GFLOP (conv, fc,
// mul, matmul multiply-adds x 2) and GFLOP/s with its share of the N-thread FMA limit. --profile runs the
// ops one by one (the same create -> InferShape -> Init -> Run sequence as the Executor, through the op
// registry) and prints each op's median time, share and GFLOP/s, then the totals per op type.
// --ncnn-data runs generated weights on the data ncnn's benchmark uses (every weight 0, inputs 0.01): under
// qemu, which emulates float arithmetic with shortcuts for zero operands, only the same data compares fairly.
// --no-limit skips measuring the FMA limit (its loop runs as long as a time budget asks, so a run's count of
// executed instructions would vary: tools/arm_bench.sh --insns counts them).
// --sgemm times SGEMM at M = N = K = SIZE (default 1024) for every ISA variant the machine can run.
#include "bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "framework/op_registry.h"
#include "io/ember.h"

#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/cpu_accel.h"
#include "plugin.h"
#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ember;

namespace {

const char* kBenchFooter =
    "Prints the ISA level the kernels run at and its measured FMA limit first (alone without a MODEL).\n"
    "GFLOP counts conv, fc, mul and matmul multiply-adds x 2 (conv2d_integer, quantized_conv2d and matmul_integer:\n"
    "integer ones, their GFLOP/s read as GOPS); %lim is GFLOP/s as a share of the N-thread FMA limit.\n"
    "--ncnn-data compares fairly with ncnn under qemu (it shortcuts zero operands). EMBER_ISA lowers the\n"
    "kernels' level, EMBER_CONV=gemm|winograd forces a conv path, EMBER_LAYOUT=nchw keeps every op on NCHW.\n";

using Clock = std::chrono::steady_clock;
double MsSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

struct BenchArgs {
  std::vector<std::string> models;
  std::string params, device = "cpu", pipeline_cache;
  std::map<std::string, std::vector<int64_t>> shapes;
  int threads = 1, loops = 10, warmup = 2;
  bool profile = false, generate_weights = false, ncnn_data = false, optimize = true, no_limit = false;
  bool fp16_weights = false, fp16_activations = false;
  std::vector<std::string> disabled_passes;
  int64_t sgemm = 0;
};

int Fail(const std::string& msg) {
  cli::ClearProgress();
  std::cerr << "ember: error: " << msg << "\n";
  return 1;
}

bool ParseInt(const std::string& s, int64_t lo, int64_t* out) {
  char* end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end || v < lo) return false;
  *out = v;
  return true;
}

// Deterministic inputs for every feed: float feeds uniform in [-1, 1]; an int feed of shape [1, 2] (a
// detector's im_size) gets the first image feed's H, W; other int feeds 1. Unknown dims: batch 1, others
// 224, unless --shape gives them.
Status MakeInputs(const Model& model, const BenchArgs& a, std::vector<std::pair<std::string, Tensor>>* out) {
  int64_t img_hw[2] = {224, 224};
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (const auto& name : model.FeedNames()) {
    const VarDesc* vd = model.program().block0().FindVar(name);
    std::vector<int64_t> dims = vd ? vd->dims : std::vector<int64_t>{};
    auto it = a.shapes.find(name);
    if (it != a.shapes.end()) dims = it->second;
    if (dims.empty()) return InvalidArgument("feed '", name, "' has no declared shape: give --shape ", name, "=...");
    // Unknown batch -> 1, unknown image size -> 224; an unknown channel count cannot be guessed.
    if (dims.size() == 4 && dims[1] <= 0)
      return InvalidArgument("feed '", name, "' has an unknown channel count (", DDim(dims).ToString(),
                             "): give --shape ", name, "=N,C,H,W");
    for (size_t d = 0; d < dims.size(); ++d)
      if (dims[d] <= 0) dims[d] = d == 0 ? 1 : 224;
    const bool is_int = vd && (vd->dtype == static_cast<int>(VarDataType::kInt32) || vd->dtype == static_cast<int>(VarDataType::kInt64));
    if (!is_int) {
      Tensor t(DataType::kFloat32, DDim(dims));
      float* p = t.mutable_data<float>();
      for (int64_t i = 0; i < t.numel(); ++i) p[i] = a.ncnn_data ? 0.01f : dist(rng);
      if (dims.size() == 4) img_hw[0] = dims[2], img_hw[1] = dims[3];
      out->emplace_back(name, std::move(t));
    } else {
      const bool i64 = vd->dtype == static_cast<int>(VarDataType::kInt64);
      Tensor t(i64 ? DataType::kInt64 : DataType::kInt32, DDim(dims));
      for (int64_t i = 0; i < t.numel(); ++i) {
        int64_t v = t.numel() == 2 ? img_hw[i] : 1;
        if (i64) t.mutable_data<int64_t>()[i] = v;
        else t.mutable_data<int32_t>()[i] = static_cast<int32_t>(v);
      }
      out->emplace_back(name, std::move(t));
    }
  }
  return Status::OK();
}

// Multiply-add FLOPs (x2) of one op, from its tensors after a run; 0 for ops without a GEMM/conv core.
double OpFlops(const OpDesc& op, const std::map<std::string, DDim>& shapes) {
  // The shapes an op saw, wrapped so the formulas read like tensor code.
  struct Shape {
    DDim d;
    const DDim& dims() const { return d; }
    int64_t numel() const { return d.numel(); }
  };
  std::vector<Shape> keep;
  keep.reserve(8);
  auto dims = [&](const std::string& slot, bool output) -> const Shape* {
    const auto& names = output ? op.Output(slot) : op.Input(slot);
    if (names.empty() || !shapes.count(names[0])) return nullptr;
    keep.push_back({shapes.at(names[0])});
    return &keep.back();
  };
  const std::string& t = op.type;
  if (t == "conv2d" || t == "depthwise_conv2d" || t == "conv2d_integer" || t == "quantized_conv2d") {
    const Shape *out = dims("Output", true), *f = dims("Filter", false);
    if (!out || !f || f->dims().size() != 4) return 0;
    // Packed outputs [N, C/b, H, W, b] hold padding channels: count the filter's real output channels.
    const double outputs = out->dims().size() == 5 ? static_cast<double>(out->numel()) /
                                                         static_cast<double>(out->dims()[1] * out->dims()[4]) *
                                                         static_cast<double>(f->dims()[0])
                                                   : static_cast<double>(out->numel());
    return 2.0 * outputs * f->dims()[1] * f->dims()[2] * f->dims()[3];
  }
  if (t == "conv2d_transpose" || t == "depthwise_conv2d_transpose") {
    const Shape *in = dims("Input", false), *f = dims("Filter", false);
    if (!in || !f || f->dims().size() != 4) return 0;
    return 2.0 * in->numel() * f->dims()[1] * f->dims()[2] * f->dims()[3];
  }
  if (t == "fc") {
    const Shape *out = dims("Out", true), *w = dims("W", false);
    if (!out || !w || w->dims().size() < 1) return 0;
    return 2.0 * out->numel() * w->dims()[0];
  }
  if (t == "mul") {
    const Shape *out = dims("Out", true), *y = dims("Y", false);
    if (!out || !y || out->dims().size() == 0) return 0;
    const int64_t n = out->dims()[out->dims().size() - 1];
    return n ? 2.0 * out->numel() * (y->numel() / n) : 0;
  }
  if (t == "matmul" || t == "matmul_v2" || t == "matmul_integer") {
    const Shape *out = dims("Out", true), *x = dims("X", false);
    if (!out || !x || x->dims().size() == 0) return 0;
    AttrReader r(op);
    const bool tx = r.Bool(t == "matmul" ? "transpose_X" : "trans_x", false);
    const int rank = x->dims().size();
    const int64_t k = rank >= 2 && tx ? x->dims()[rank - 2] : x->dims()[rank - 1];
    return 2.0 * out->numel() * k;
  }
  return 0;
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

void SetThreads(int threads) {
#ifdef _OPENMP
  omp_set_num_threads(threads);
#endif
}

// Per-op profile from the predictor's own timings (PredictorOptions::profile): the same executor, memory
// plan and kernels as the timed runs. With print false it runs once and only counts the FLOPs.
Status Profile(const std::shared_ptr<const Model>& model, const std::vector<std::pair<std::string, Tensor>>& inputs,
               BenchArgs a, double fma_limit, bool print, double* total_flops) {
  if (!print) a.loops = 1, a.warmup = 0;
  PredictorOptions po;
  po.threads = a.threads;
  po.device = a.device;
  po.profile = true;
  std::unique_ptr<Predictor> pred;
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, po, &pred));
  for (const auto& in : inputs) EMBER_RETURN_IF_ERROR(pred->SetInput(in.first, in.second));
  std::vector<OpProfile> ops;
  std::vector<std::vector<double>> times;
  for (int loop = 0; loop < a.warmup + a.loops; ++loop) {
    EMBER_RETURN_IF_ERROR(pred->Run());
    if (loop < a.warmup) continue;
    ops = pred->LastProfile();
    times.resize(ops.size());
    for (size_t k = 0; k < ops.size(); ++k) times[k].push_back(ops[k].device_ms >= 0 ? ops[k].device_ms : ops[k].ms);
  }
  std::vector<double> ms(ops.size()), flops(ops.size());
  double total = 0;
  for (size_t k = 0; k < ops.size(); ++k) {
    ms[k] = Median(times[k]);
    flops[k] = OpFlops(*ops[k].op, ops[k].dims);
    total += ms[k];
    *total_flops += flops[k];
  }
  if (!print) return Status::OK();
  std::printf("  per-op profile (median of %d runs, %d thread%s; sum %.3f ms):\n", a.loops, a.threads,
              a.threads > 1 ? "s" : "", total);
  if (a.device != "cpu")
    std::printf("  ops on %s: their dispatches' time on the device (timestamps, one dispatch at a time)\n",
                a.device.c_str());
  std::printf("  %4s  %-22s %-34s %-20s %9s %6s %8s %6s  %s\n", "#", "type", "output", "shape", "ms", "%",
              "GFLOP/s", "%lim", "kernel");
  struct Agg { double ms = 0, flops = 0; int count = 0; };
  std::map<std::string, Agg> by_type;
  for (size_t k = 0; k < ops.size(); ++k) {
    const OpDesc& d = *ops[k].op;
    auto outs = d.AllOutputNames();
    const std::string out = outs.empty() ? "" : outs[0];
    const DDim* t = outs.empty() || !ops[k].dims.count(out) ? nullptr : &ops[k].dims.at(out);
    const double gfs = ms[k] > 0 ? flops[k] / (ms[k] * 1e6) : 0;
    std::printf("  %4zu  %-22s %-34s %-20s %9.3f %6.2f", k, d.type.c_str(), out.substr(0, 34).c_str(),
                t ? t->ToString().c_str() : "?", ms[k], total > 0 ? 100 * ms[k] / total : 0);
    if (flops[k] > 0) std::printf(" %8.1f %6.1f", gfs, fma_limit > 0 ? 100 * gfs / fma_limit : 0);
    else std::printf(" %8s %6s", "-", "-");
    std::printf("  %s\n", ops[k].kernel.empty() ? "-" : ops[k].kernel.c_str());
    Agg& g = by_type[d.type];
    g.ms += ms[k];
    g.flops += flops[k];
    g.count++;
  }
  std::vector<std::pair<std::string, Agg>> agg(by_type.begin(), by_type.end());
  std::sort(agg.begin(), agg.end(), [](const auto& x, const auto& y) { return x.second.ms > y.second.ms; });
  std::printf("  by op type:\n  %-22s %5s %9s %6s %8s\n", "type", "count", "ms", "%", "GFLOP/s");
  for (const auto& [type, g] : agg) {
    std::printf("  %-22s %5d %9.3f %6.2f", type.c_str(), g.count, g.ms, total > 0 ? 100 * g.ms / total : 0);
    if (g.flops > 0) std::printf(" %8.1f\n", g.flops / (g.ms * 1e6));
    else std::printf(" %8s\n", "-");
  }
  return Status::OK();
}

Status BenchModel(const std::string& path, const BenchArgs& a, double fma_limit, cli::Progress* progress) {
  ModelOptions mo;
  mo.params_file = a.params;
  mo.generate_weights = a.generate_weights;
  mo.zero_weights = a.ncnn_data;
  mo.optimize = a.optimize;
  mo.disabled_passes = a.disabled_passes;  // an A/B of one pass
  if (a.device != "cpu") mo.disabled_passes.push_back("nchw16c_layout");  // the CPU's packed layout (NCHW16c / NCHW4c)
  std::shared_ptr<const Model> model;
  auto t0 = Clock::now();
  EMBER_RETURN_IF_ERROR(Model::Load(path, mo, &model));
  const double load_ms = MsSince(t0);
  std::unique_ptr<Predictor> pred;
  PredictorOptions po;
  po.threads = a.threads;
  po.device = a.device;
  po.vulkan_pipeline_cache = a.pipeline_cache;
  po.vulkan_fp16_weights = a.fp16_weights;
  po.vulkan_fp16_activations = a.fp16_activations;
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, po, &pred));
  std::vector<std::pair<std::string, Tensor>> inputs;
  EMBER_RETURN_IF_ERROR(MakeInputs(*model, a, &inputs));
  for (const auto& in : inputs) EMBER_RETURN_IF_ERROR(pred->SetInput(in.first, in.second));
  t0 = Clock::now();
  EMBER_RETURN_IF_ERROR(pred->Run());
  const double first_ms = MsSince(t0);
  for (int i = 0; i < a.warmup; ++i) EMBER_RETURN_IF_ERROR(pred->Run());
  std::vector<double> runs;
  for (int i = 0; i < a.loops; ++i) {
    t0 = Clock::now();
    EMBER_RETURN_IF_ERROR(pred->Run());
    runs.push_back(MsSince(t0));
  }
  const DeviceRunStats d = pred->LastDeviceRun();
  pred.reset();  // the profiled run's predictor is a second arena: not both at once (the peak RSS is one predictor's)
  // FLOPs from the shapes each op saw in one profiled run.
  double flops = 0;
  EMBER_RETURN_IF_ERROR(Profile(model, inputs, a, fma_limit, false, &flops));
  const double med = Median(runs);
  const double gfs = med > 0 ? flops / (med * 1e6) : 0;
  progress->Clear();
  std::printf("%-40s %8.1f %9.2f %9.3f %9.3f %9.3f %7.3f %8.1f %6.1f\n", path.substr(0, 40).c_str(), load_ms, first_ms,
              med, *std::min_element(runs.begin(), runs.end()), *std::max_element(runs.begin(), runs.end()),
              flops / 1e9, gfs, fma_limit > 0 ? 100 * gfs / fma_limit : 0);
  if (a.device != "cpu") {
    std::printf("  on %s, per run: %d dispatches, %d barriers, %d submits (%d of a command buffer recorded before)\n",
                a.device.c_str(), d.dispatches, d.barriers, d.submits, d.reused);
  }
  std::fflush(stdout);
  double unused = 0;
  if (a.profile) EMBER_RETURN_IF_ERROR(Profile(model, inputs, a, fma_limit, true, &unused));
  return Status::OK();
}

// --sgemm N: an N^3 Sgemm at each level the machine runs, against that level's FMA limit.
void BenchSgemmPerLevel(const IsaAccel& isa, const BenchArgs& a) {
  const int64_t n = a.sgemm;
  std::vector<float> A(static_cast<size_t>(n * n)), B(A.size()), C(A.size());
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (auto& v : A) v = dist(rng);
  for (auto& v : B) v = dist(rng);
  SetThreads(a.threads);
  const int active = isa.active();
  for (int v = isa.detected(); v >= 0; --v) {
    isa.set_active(v);  // Sgemm runs at the active level
    const double lim = isa.fma_peak_gflops ? isa.fma_peak_gflops(v, a.threads) : 0.0;  // 0: not built
    std::vector<double> t;
    for (int i = 0; i < a.warmup + a.loops; ++i) {
      auto t0 = Clock::now();
      Sgemm(false, false, n, n, n, 1.f, A.data(), n, B.data(), n, 0.f, C.data(), n);
      if (i >= a.warmup) t.push_back(MsSince(t0));
    }
    const double best = *std::min_element(t.begin(), t.end()), med = Median(t);
    const double g = 2.0 * n * n * n / (best * 1e6);
    std::printf("sgemm %lldx%lldx%lld %-9s %d thread%s: best %.2f ms median %.2f ms = %.1f GFLOP/s, %.1f%% of "
                "its FMA limit %.1f\n",
                static_cast<long long>(n), static_cast<long long>(n), static_cast<long long>(n), isa.name(v),
                a.threads, a.threads > 1 ? "s" : "", best, med, g, lim > 0 ? 100 * g / lim : 0.0, lim);
  }
  isa.set_active(active);
}

// Prints the active instruction-set level and its measured FMA limit (and runs --sgemm); returns the limit on
// a.threads threads in GFLOP/s, 0 when the build has no instruction-set folder.
double ReportIsa(const BenchArgs& a) {
  const IsaAccel* isa = CpuAccel().isa;
  if (!isa) return 0;
  const int level = isa->active();
  if (a.no_limit || !isa->fma_peak_gflops) {
    std::printf("isa: %s (FMA limit not measured: %s)\n", isa->name(level),
                a.no_limit ? "--no-limit" : "a net profile's build has no FMA loop");
    if (a.sgemm) BenchSgemmPerLevel(*isa, a);
    return 0;
  }
  const double limit1 = isa->fma_peak_gflops(level, 1);
  const double limit = a.threads == 1 ? limit1 : isa->fma_peak_gflops(level, a.threads);
  std::printf("isa: %s (detected %s; %s lowers it)\n", isa->name(level), isa->name(isa->detected()),
              isa->lower_hint);
  std::printf("measured FMA limit (%s): %.1f GFLOP/s on 1 thread, %.1f on %d thread%s\n", isa->name(level), limit1,
              limit, a.threads, a.threads > 1 ? "s" : "");
  if (a.sgemm) BenchSgemmPerLevel(*isa, a);
  return limit;
}

int RunBench(const BenchArgs& a) {
  const double limit = ReportIsa(a);  // N-thread FMA limit of the active ISA, GFLOP/s
  if (a.models.empty()) return 0;
  std::printf("%-40s %8s %9s %9s %9s %9s %7s %8s %6s\n", "model", "load ms", "first ms", "median", "min", "max", "GFLOP",
              "GFLOP/s", "%lim");
  int rc = 0;
  cli::Progress progress("bench", a.models.size());
  for (size_t i = 0; i < a.models.size(); ++i) {
    const std::string& m = a.models[i];
    progress.Step(i + 1, m);
    Status s = BenchModel(m, a, limit, &progress);
    if (!s.ok()) {
      progress.Clear();
      std::fflush(stdout);
      std::cerr << "ember: error: " << m << ": " << s.message() << "\n";
      rc = 1;
    }
  }
  return rc;
}

}  // namespace

cli::Command AddBenchCommand(CLI::App* app) {
  auto a = std::make_shared<BenchArgs>();
  auto sgemm = std::make_shared<std::string>();
  CLI::App* sub = app->add_subcommand("bench", "times models: load, first run, median/min/max run, GFLOP/s");
  sub->footer(kBenchFooter);
  sub->add_option("MODEL", a->models, "models to time (none: only the ISA level and FMA limit)")
      ->type_name("")->take_all();
  sub->add_option("--params", a->params, "combined params file of a Paddle model file")->type_name("FILE");
  sub->add_option("--threads", a->threads, "threads (default 1)")->type_name("N")->check(cli::IntRange(1, 1024));
  sub->add_option("--device", a->device, "cpu (default) or vulkan: ops with a Vulkan kernel run on the GPU")
      ->type_name("D")->check(CLI::IsMember({"cpu", "vulkan"}));
  sub->add_option("--pipeline-cache", a->pipeline_cache,
                  "vulkan: load the compiled pipelines from FILE when it exists, save them to it")
      ->type_name("FILE");
  cli::AddFp16WeightsFlag(sub, &a->fp16_weights);
  cli::AddFp16ActivationsFlag(sub, &a->fp16_activations);
  sub->add_option("--loops", a->loops, "timed runs (default 10)")->type_name("N")->check(cli::IntRange(1, 1 << 30));
  sub->add_option("--warmup", a->warmup, "untimed runs first (default 2)")
      ->type_name("N")->check(cli::IntRange(0, 1 << 30));
  sub->add_flag("--profile", a->profile, "per-op table: time, share, GFLOP/s and kernel of each op, then per type");
  sub->add_flag("--generate-weights", a->generate_weights, "deterministic stand-in weights for a graph-only model");
  sub->add_flag("--ncnn-data", a->ncnn_data, "with --generate-weights: ncnn's benchmark data (weights 0, inputs 0.01)");
  cli::AddShapeOption(sub, &a->shapes, 1, "a feed's shape (repeatable; default: declared, batch 1, unknown 224)");
  sub->add_option("--sgemm", *sgemm, "time an SGEMM of M = N = K = SIZE (default 1024) at every ISA level")
      ->expected(0, 1)->type_name("[SIZE]");
  sub->add_flag_callback("--no-optimize", [a] { a->optimize = false; }, "skip the optimizer passes");
  sub->add_option("--disable-pass", a->disabled_passes, "skip the pass NAME (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false)
      ->take_all();
  sub->add_flag("--no-limit", a->no_limit, "do not measure the FMA limit (its loop runs for a time budget)");
  cli::AddPluginOption(sub);
  return {sub, [a, sgemm, sub] {
            if (sub->count("--sgemm")) {
              a->sgemm = 1024;
              // A non-number after --sgemm is a MODEL, as before CLI11: --sgemm's SIZE is optional.
              if (!sgemm->empty() && sgemm->front() != '-' && !ParseInt(*sgemm, 1, &a->sgemm))
                a->models.insert(a->models.begin(), *sgemm), a->sgemm = 1024;
            }
            if (a->ncnn_data && !a->generate_weights) return Fail("--ncnn-data needs --generate-weights");
            return RunBench(*a);
          }};
}
