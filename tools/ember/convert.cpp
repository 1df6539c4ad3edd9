// `ember convert IN OUT_DIR [--params FILE] [--generate-weights] [--shape NAME=d0,d1,...]... [--no-infer]
//                [--fp16-weights]`
// `ember convert IN OUT.ember --slim [--disable-pass NAME]...`
//
// Loads IN without the passes (Model::Load with optimize=false: the program as loaded, so the file holds
// only ops Ember/Paddle define and the passes run again whenever the converted model is loaded), writes
// it with WritePaddleModel, and loads the result back to check that it reads. --slim runs the passes that do
// not depend on the target first and writes the slim format (io/slim/slim_model.h) instead.
#include "convert.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "io/ember.h"
#include "io/paddle/paddle_writer.h"
#include "io/slim/slim_model.h"
#include "plugin.h"

using namespace ember;

namespace {

const char* kConvertFooter =
    "Writes any model Ember loads (Paddle folder or file, .onnx, ncnn .param/.param.bin) as a Paddle inference\n"
    "model OUT_DIR/model.pdmodel + OUT_DIR/model.pdiparams. The program is written as loaded (before the fusion\n"
    "passes). It is run once on generated inputs (batch 1 for unknown dims, or --shape) to record every\n"
    "variable's dtype and shape; --no-infer skips that run.\n"
    "--fp16-weights stores the float32 weights (all but scalars) as IEEE half: about half the params file.\n"
    "Values round to nearest even; finite ones beyond the half range become +-65504 (counted, with a warning),\n"
    "tiny ones subnormal or zero. Ember widens them back to float32 once at load; outputs differ from the\n"
    "float32 model's by the weights' rounding (relative 2^-11 each).\n"
    "--slim writes OUT as one slim model file (OUT.ember) instead: the program after the passes that do not\n"
    "depend on the machine, and its weights as the kernels read them. A build made with `tools/build.sh\n"
    "PLATFORM NET --slim` reads only such files: no importer, protobuf or passes in the library.\n";

struct ConvertArgs {
  std::string in, out;
  ModelOptions mo;
  PaddleWriteOptions wo;
  bool slim = false;
};

int ConvertFail(const std::string& msg) {
  cli::ClearProgress();
  std::cerr << "ember convert: error: " << msg << "\n";
  return 1;
}

// The slim model: the program as loaded through the passes that do not depend on the target, its folded
// weights in a scope over the model's, written and read back.
int RunConvertSlim(const ConvertArgs& a) {
  std::shared_ptr<const Model> model;
  Status s = Model::Load(a.in, a.mo, &model);
  if (!s.ok()) return ConvertFail(s.message());
  SlimWriteReport report;
  ProgramDesc written;
  s = WriteOptimizedSlimModel(model->programs().loaded, model->weights(), a.mo.disabled_passes, a.out, &report,
                              &written);
  if (!s.ok()) return ConvertFail(s.message());
  std::shared_ptr<const Model> back;
  if (!(s = Model::Load(a.out, ModelOptions(), &back)).ok())
    return ConvertFail("the written model does not load back: " + s.message());
  std::printf("read %s (%s): %zu ops; after the passes %zu ops\n", a.in.c_str(),
              model->programs().loaded.format.c_str(), model->programs().loaded.block0().ops.size(),
              written.block0().ops.size());
  std::printf("wrote %s: %zu weights, %zu bytes\n", a.out.c_str(), report.weights, report.file_bytes);
  return 0;
}

int RunConvert(const ConvertArgs& a) {
  if (a.slim) return RunConvertSlim(a);
  const std::string &in = a.in, &out = a.out;
  const ModelOptions& mo = a.mo;
  const PaddleWriteOptions& wo = a.wo;
  if (in.empty() || out.empty()) return ConvertFail("convert needs IN and OUT_DIR");
  cli::Progress progress("convert", 3);  // a big model takes seconds to load, write and read back
  progress.Step(1, "loading " + in);
  std::shared_ptr<const Model> model;
  Status s = Model::Load(in, mo, &model);
  if (!s.ok()) return ConvertFail(s.message());
  const ProgramDesc& prog = model->programs().loaded;
  std::vector<std::string> feeds = model->FeedNames();
  for (const auto& kv : wo.feed_shapes) {
    bool found = false;
    for (const auto& f : feeds) found = found || f == kv.first;
    if (!found) {
      std::string list;
      for (const auto& f : feeds) list += (list.empty() ? "" : ", ") + f;
      return ConvertFail("--shape names '" + kv.first + "', which is not an input of the model (inputs: " + list + ")");
    }
  }
  PaddleWriteReport report;
  progress.Step(2, "writing " + out);
  s = WritePaddleModel(prog, model->weights(), out, wo, &report);
  if (!s.ok()) return ConvertFail(s.message());
  if (!report.infer_error.empty()) {
    progress.Clear();
    std::cerr << "ember convert: warning: variables keep their declared dtypes and shapes (" << report.infer_error
              << "); give the inputs' shapes with --shape NAME=d0,d1,...\n";
  }

  // Read it back: the Paddle loader must accept what we wrote.
  std::shared_ptr<const Model> back;
  progress.Step(3, "reading back " + out);
  ModelOptions bo;
  bo.optimize = false;
  s = Model::Load(out, bo, &back);
  if (!s.ok()) return ConvertFail("the written model does not load back: " + s.message());
  progress.Clear();

  std::printf("read %s (%s): %zu ops, %zu variables\n", in.c_str(), prog.format.c_str(), prog.block0().ops.size(),
              prog.block0().vars.size());
  std::printf("wrote %s/model.pdmodel (%zu ops) and %s/model.pdiparams (%zu weights, %zu bytes)\n", out.c_str(),
              back->programs().loaded.block0().ops.size(), out.c_str(), report.weights, report.params_bytes);
  if (report.dropped_weights) std::printf("dropped %zu constants no op reads\n", report.dropped_weights);
  if (wo.fp16_weights) {
    std::printf("stored %zu float32 weights as fp16\n", report.fp16_weights);
    std::string names;  // a saturated variance or scale could change the outputs completely: these stay float32
    for (size_t i = 0; i < report.fp16_kept_float.size() && i < 5; ++i)
      names += (i ? ", " : "") + report.fp16_kept_float[i];
    if (report.fp16_kept_float.size() > 5) names += ", ...";
    if (!names.empty())
      std::printf("kept %zu weight(s) float32, holding values beyond the half range: %s\n",
                  report.fp16_kept_float.size(), names.c_str());
  }
  if (wo.infer_var_descs && report.infer_error.empty())
    std::printf("inference run set the dtype or shape of %zu variables\n", report.vars_inferred);
  std::printf("feeds:");
  for (const auto& n : back->FeedNames()) std::printf(" %s", n.c_str());
  std::printf("; fetches:");
  for (const auto& n : back->FetchNames()) std::printf(" %s", n.c_str());
  std::printf("\n");
  return 0;
}

}  // namespace

cli::Command AddConvertCommand(CLI::App* app) {
  auto a = std::make_shared<ConvertArgs>();
  a->mo.optimize = false;  // the program as loaded; the passes run again when the converted model loads
  CLI::App* sub = app->add_subcommand("convert", "writes a model Ember loads as a Paddle inference model");
  sub->footer(kConvertFooter);
  sub->add_option("IN", a->in, "model folder or file (Paddle, .onnx, ncnn .param)")->type_name("");
  sub->add_option("OUT_DIR", a->out, "folder for model.pdmodel and model.pdiparams")->type_name("");
  sub->add_option("--params", a->mo.params_file, "combined params file of a Paddle model file")->type_name("FILE");
  sub->add_flag("--generate-weights", a->mo.generate_weights,
                "write deterministic stand-in weights (graph-only model)");
  cli::AddShapeOption(sub, &a->wo.feed_shapes, 0, "a feed's shape for the inference run (repeatable)");
  sub->add_flag_callback("--no-infer", [a] { a->wo.infer_var_descs = false; }, "keep the declared dtypes and shapes");
  sub->add_flag("--fp16-weights", a->wo.fp16_weights,
                "store float32 weights as fp16 (half the size; large values saturate to +-65504)");
  sub->add_flag("--slim", a->slim, "write OUT as one slim model file (after the passes), for --slim builds");
  sub->add_option("--disable-pass", a->mo.disabled_passes, "with --slim: a pass not to run (repeatable)")
      ->type_name("NAME");
  cli::AddPluginOption(sub);
  return {sub, [a] { return RunConvert(*a); }};
}
