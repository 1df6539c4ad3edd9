// `ember quantize MODEL OUT_DIR --calib DIR_OR_FILE... [--method auto|kl|minmax|percentile] [--percentile P]
//                 [--keep-float NAME...] [--quantize-first-last] [--report] [--shape NAME=dims]
//                 [--pixel-scale S] [--pixel-bias B]`
#include "quantize.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <dirent.h>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "image.h"
#include "io/ember.h"
#include "npy.h"
#include "plugin.h"
#if EMBER_FORMAT_PADDLE
#include "io/paddle/paddle_writer.h"
#include "quantize/quantize_model.h"
#endif

using namespace ember;

namespace {

const char* kQuantizeFooter =
    "Quantizes the model's convolutions to int8 (symmetric; one scale per output channel for the weights, one per\n"
    "tensor for the activations, calibrated on the --calib inputs) and writes a Paddle quantized inference model\n"
    "OUT_DIR/model.pdmodel + model.pdiparams: quantize_linear / dequantize_linear around each quantized conv, the\n"
    "weights stored as int8. Ember loads it onto its int8 conv kernel; Paddle's tools read it too.\n"
    "--calib takes .npy files, images (.png/.jpg/.bmp: resized to the input's H x W, each pixel v/255*S+B) or\n"
    "folders of them; each file is one sample of the model's single input.\n"
    "Methods: kl (the threshold whose 128-level histogram loses least, TensorRT's), minmax (the abs max seen),\n"
    "percentile (--percentile of |x|, default 99.99), and auto (default): each of the three tried, the one whose\n"
    "model is closest to the float model on the --calib samples kept (kl clips some networks into nonsense). Convs that read the model's input or write its\n"
    "outputs (through ops without weights) stay float unless --quantize-first-last; convs with fewer than 8 input\n"
    "channels per group (depthwise ones) always do, and so do convs with fewer than --min-k multiply-adds per\n"
    "output (input channels per group x kernel size; default 128: below it the int8 conv is not faster).\n"
    "--report adds, per quantized conv, the output error its quantization alone causes.\n";

struct QuantizeArgs {
  std::string model, out, params, method = "auto";
  std::vector<std::string> calib, keep_float;
  double percentile = 99.99;
  int64_t min_k = 128;
  bool first_last = false, report = false;
  cli::Shapes shapes;
  float pixel_scale = 1.f, pixel_bias = 0.f;
};

int QuantizeFail(const std::string& msg) {
  cli::ClearProgress();
  std::cerr << "ember quantize: error: " << msg << "\n";
  return 1;
}

bool EndsWith(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// The files of each --calib entry (a folder's .npy and image files, sorted).
Status ListCalibrationFiles(const std::vector<std::string>& entries, std::vector<std::string>* files) {
  for (const auto& e : entries) {
    struct stat st;
    if (stat(e.c_str(), &st) != 0) return NotFound("calibration input ", Quote(e), " does not exist");
    if (!S_ISDIR(st.st_mode)) {
      files->push_back(e);
      continue;
    }
    std::vector<std::string> found;
    if (DIR* d = opendir(e.c_str())) {
      while (dirent* ent = readdir(d)) {
        const std::string name = ent->d_name;
        if (EndsWith(name, ".npy") || IsImagePath(name)) found.push_back(e + "/" + name);
      }
      closedir(d);
    }
    if (found.empty()) return InvalidArgument("calibration folder ", Quote(e), " holds no .npy or image file");
    std::sort(found.begin(), found.end());
    files->insert(files->end(), found.begin(), found.end());
  }
  return Status::OK();
}

#if EMBER_FORMAT_PADDLE

Status LoadSamples(const QuantizeArgs& a, const Model& model, std::vector<CalibrationSample>* samples) {
  const std::vector<std::string> feeds = model.FeedNames();
  if (feeds.size() != 1)
    return InvalidArgument("the model has ", feeds.size(), " inputs; quantize calibrates single-input models");
  std::vector<std::string> files;
  EMBER_RETURN_IF_ERROR(ListCalibrationFiles(a.calib, &files));
  const VarDesc* v = model.program().block0().FindVar(feeds[0]);
  std::vector<int64_t> dims = v ? v->dims : std::vector<int64_t>{};
  if (!dims.empty() && dims[0] < 0) dims[0] = 1;
  if (a.shapes.count(feeds[0])) dims = a.shapes.at(feeds[0]);
  for (const auto& f : files) {
    Tensor t;
    if (EndsWith(f, ".npy")) {
      EMBER_RETURN_IF_ERROR(ReadNpy(f, &t));
    } else {
      if (dims.size() != 4) return InvalidArgument("image ", Quote(f), " needs a 4-D input; pass --shape");
      EMBER_RETURN_IF_ERROR(LoadImageTensor(f, static_cast<int>(dims[1]), static_cast<int>(dims[2]),
                                            static_cast<int>(dims[3]), a.pixel_scale, a.pixel_bias, &t));
    }
    samples->push_back({{feeds[0], std::move(t)}});
  }
  return Status::OK();
}

void PrintLayers(const std::vector<QuantizedLayer>& layers, bool report) {
  std::printf("%-36s %10s %10s  %s\n", "conv (output)", "weights", "threshold",
              report ? "int8 (output error alone)" : "");
  for (const auto& l : layers) {
    std::printf("%-36s %10lld ", l.output.c_str(), static_cast<long long>(l.weights));
    if (!l.quantized) {
      std::printf("%10s  float: %s\n", "-", l.reason.c_str());
      continue;
    }
    std::printf("%10.4g  int8", l.threshold);
    if (l.alone_error >= 0) std::printf(" (%.2e)", l.alone_error);
    std::printf("\n");
  }
}

int RunQuantize(const QuantizeArgs& a) {
  QuantizeOptions o;
  Status s = ParseCalibrationMethod(a.method, &o.method);
  if (!s.ok()) return QuantizeFail(s.message());
  o.percentile = a.percentile;
  o.keep_float = a.keep_float;
  o.quantize_first_last = a.first_last;
  o.min_k = a.min_k;
  o.sensitivity = a.report;
  ModelOptions mo;
  mo.params_file = a.params;
  mo.optimize = false;
  std::shared_ptr<const Model> model;
  if (!(s = Model::Load(a.model, mo, &model)).ok()) return QuantizeFail(s.message());
  std::vector<CalibrationSample> samples;
  if (!(s = LoadSamples(a, *model, &samples)).ok()) return QuantizeFail(s.message());
  Scope weights(&model->weights());
  QuantizeResult result;
  if (!(s = QuantizeModel(model, samples, o, &weights, &result)).ok()) return QuantizeFail(s.message());
  PaddleWriteOptions wo;
  for (const auto& kv : samples[0]) wo.feed_shapes[kv.first] = kv.second.dims().vec();
  PaddleWriteReport report;
  if (!(s = WritePaddleModel(result.program, weights, a.out, wo, &report)).ok()) return QuantizeFail(s.message());

  // Read it back as a user would, and measure it against the float model on the calibration samples.
  std::shared_ptr<const Model> back, reference;
  if (!(s = Model::Load(a.out, ModelOptions(), &back)).ok())
    return QuantizeFail("the written model does not load back: " + s.message());
  ModelOptions ro;
  ro.params_file = a.params;
  OutputError e;
  if (!(s = Model::Load(a.model, ro, &reference)).ok() || !(s = CompareModels(reference, back, samples, &e)).ok())
    return QuantizeFail(s.message());
  PrintLayers(result.layers, a.report);
  int quantized = 0;
  for (const auto& l : result.layers) quantized += l.quantized;
  const auto counts = back->program().OpTypeCounts();
  const int running = counts.count("quantized_conv2d") ? counts.at("quantized_conv2d") : 0;
  for (const auto& t : result.tried)
    std::printf("method %s: mean |diff| / output range %.3e on the calibration samples\n",
                CalibrationMethodName(t.first), t.second);
  std::printf("calibrated on %zu sample(s), method %s%s; %d of %zu convs int8\n", samples.size(),
              CalibrationMethodName(result.method), result.tried.empty() ? "" : " (auto: the closest)", quantized,
              result.layers.size());
  std::printf("wrote %s/model.pdmodel and %s/model.pdiparams (%zu bytes)\n", a.out.c_str(), a.out.c_str(),
              report.params_bytes);
  std::printf("loaded back: %d quantized_conv2d op(s) run on the int8 kernel\n", running);
  std::printf("against the float model on the calibration samples: max |diff| / output range %.3e (mean %.3e), "
              "top-1 of the first output agrees on %d of %d\n", e.max_rel, e.mean_rel, e.top1_same, e.samples);
  return running == quantized ? 0 : QuantizeFail("the loaded model runs " + std::to_string(running) + " of " +
                                                 std::to_string(quantized) + " quantized convs in int8");
}

#else

int RunQuantize(const QuantizeArgs&) {
  return QuantizeFail("this build has no Paddle format, which the quantized model is written in (build with "
                      "-DEMBER_FORMATS including paddle)");
}

#endif

}  // namespace

cli::Command AddQuantizeCommand(CLI::App* app) {
  auto a = std::make_shared<QuantizeArgs>();
  CLI::App* sub = app->add_subcommand("quantize", "post-training int8 quantization into a Paddle quantized model");
  sub->footer(kQuantizeFooter);
  sub->add_option("MODEL", a->model, "model folder or file (Paddle, .onnx, ncnn .param)")->type_name("");
  sub->add_option("OUT_DIR", a->out, "folder for model.pdmodel and model.pdiparams")->type_name("");
  sub->add_option("--params", a->params, "combined params file of a Paddle model file")->type_name("FILE");
  sub->add_option("--calib", a->calib, "calibration inputs: .npy files, images or folders of them")
      ->type_name("PATH")->take_all();
  sub->add_option("--method", a->method, "auto (default), kl, minmax or percentile")->type_name("M");
  sub->add_option("--percentile", a->percentile, "for --method percentile (default 99.99)")->type_name("P");
  sub->add_option("--keep-float", a->keep_float, "leave convs float, by output or input variable or op type")
      ->type_name("NAME")->take_all();
  sub->add_option("--min-k", a->min_k, "convs with fewer multiply-adds per output stay float (default 128)")
      ->type_name("K")->check(cli::IntRange(0, 1 << 30));
  sub->add_flag("--quantize-first-last", a->first_last,
                "also quantize the convs reading the input and making the outputs");
  sub->add_flag("--report", a->report, "per quantized conv, the output error its quantization alone adds");
  cli::AddShapeOption(sub, &a->shapes, 1, "the input's shape for image calibration files");
  sub->add_option("--pixel-scale", a->pixel_scale, "image inputs: v/255*S+B (default 1)")->type_name("S");
  sub->add_option("--pixel-bias", a->pixel_bias, "image inputs: v/255*S+B (default 0)")->type_name("B");
  cli::AddPluginOption(sub);
  return {sub, [a] {
            if (a->model.empty() || a->out.empty()) return QuantizeFail("quantize needs MODEL and OUT_DIR");
            if (a->calib.empty()) return QuantizeFail("quantize needs calibration inputs: --calib DIR_OR_FILE...");
            return RunQuantize(*a);
          }};
}
