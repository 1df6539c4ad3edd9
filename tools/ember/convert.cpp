// `ember convert IN OUT_DIR [--params FILE] [--generate-weights] [--shape NAME=d0,d1,...]... [--no-infer]`
//
// Loads IN without the passes (Model::Load with optimize=false: the program as loaded, so the file holds
// only ops Ember/Paddle define and the passes run again whenever the converted model is loaded), writes
// it with WritePaddleModel, and loads the result back to check that it reads.
#include "convert.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "io/ember.h"
#include "io/paddle/paddle_writer.h"

using namespace ember;

namespace {

const char* kConvertUsage =
    "usage: ember convert IN OUT_DIR [--params FILE] [--generate-weights] [--shape NAME=d0,d1,...]... "
    "[--no-infer]\n"
    "Writes any model Ember loads (Paddle folder or file, .onnx, ncnn .param/.param.bin) as a Paddle\n"
    "inference model OUT_DIR/model.pdmodel + OUT_DIR/model.pdiparams. The program is written as loaded\n"
    "(before the fusion passes). It is run once on generated inputs (batch 1 for unknown dims, or --shape)\n"
    "to record every variable's dtype and shape; --no-infer skips that run. --generate-weights writes\n"
    "deterministic stand-in weights for a graph-only model.\n";

int ConvertFail(const std::string& msg) {
  std::cerr << "ember convert: error: " << msg << "\n";
  return 1;
}

Status ParseShape(const std::string& arg, std::string* name, std::vector<int64_t>* dims) {
  size_t eq = arg.find('=');
  if (eq == std::string::npos || eq == 0) return InvalidArgument("--shape wants NAME=d0,d1,..., got '", arg, "'");
  *name = arg.substr(0, eq);
  std::string value = arg.substr(eq + 1);
  dims->clear();
  size_t p = 0;
  while (true) {
    size_t c = value.find(',', p);
    std::string tok = value.substr(p, c == std::string::npos ? std::string::npos : c - p);
    char* end = nullptr;
    long long d = std::strtoll(tok.c_str(), &end, 10);
    if (tok.empty() || *end || d < 0) return InvalidArgument("--shape ", arg, ": bad dim '", tok, "'");
    dims->push_back(d);
    if (c == std::string::npos) break;
    p = c + 1;
  }
  return Status::OK();
}

}  // namespace

int ConvertMain(int argc, char** argv) {
  std::string in, out;
  ModelOptions mo;
  mo.optimize = false;  // the program as loaded; the passes run again when the converted model loads
  PaddleWriteOptions wo;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << kConvertUsage;
      return 0;
    } else if (arg == "--params" || arg == "--shape") {
      if (i + 1 >= argc) return std::cerr << kConvertUsage, ConvertFail(arg + " needs a value");
      std::string v = argv[++i];
      if (arg == "--params") {
        mo.params_file = v;
      } else {
        std::string name;
        std::vector<int64_t> dims;
        Status s = ParseShape(v, &name, &dims);
        if (!s.ok()) return ConvertFail(s.message());
        wo.feed_shapes[name] = dims;
      }
    } else if (arg == "--generate-weights") {
      mo.generate_weights = true;
    } else if (arg == "--no-infer") {
      wo.infer_var_descs = false;
    } else if (!arg.empty() && arg[0] == '-') {
      return std::cerr << kConvertUsage, ConvertFail("unknown option " + arg);
    } else if (in.empty()) {
      in = arg;
    } else if (out.empty()) {
      out = arg;
    } else {
      return std::cerr << kConvertUsage, ConvertFail("unexpected argument " + arg);
    }
  }
  if (in.empty() || out.empty()) return std::cerr << kConvertUsage, ConvertFail("convert needs IN and OUT_DIR");

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
  s = WritePaddleModel(prog, model->weights(), out, wo, &report);
  if (!s.ok()) return ConvertFail(s.message());
  if (!report.infer_error.empty())
    std::cerr << "ember convert: warning: variables keep their declared dtypes and shapes (" << report.infer_error
              << "); give the inputs' shapes with --shape NAME=d0,d1,...\n";

  // Read it back: the Paddle loader must accept what we wrote.
  std::shared_ptr<const Model> back;
  ModelOptions bo;
  bo.optimize = false;
  s = Model::Load(out, bo, &back);
  if (!s.ok()) return ConvertFail("the written model does not load back: " + s.message());

  std::printf("read %s (%s): %zu ops, %zu variables\n", in.c_str(), prog.format.c_str(), prog.block0().ops.size(),
              prog.block0().vars.size());
  std::printf("wrote %s/model.pdmodel (%zu ops) and %s/model.pdiparams (%zu weights, %zu bytes)\n", out.c_str(),
              back->programs().loaded.block0().ops.size(), out.c_str(), report.weights, report.params_bytes);
  if (report.dropped_weights) std::printf("dropped %zu constants no op reads\n", report.dropped_weights);
  if (wo.infer_var_descs && report.infer_error.empty())
    std::printf("inference run set the dtype or shape of %zu variables\n", report.vars_inferred);
  std::printf("feeds:");
  for (const auto& n : back->FeedNames()) std::printf(" %s", n.c_str());
  std::printf("; fetches:");
  for (const auto& n : back->FetchNames()) std::printf(" %s", n.c_str());
  std::printf("\n");
  return 0;
}
