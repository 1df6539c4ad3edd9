#include "quantize/quantize_model.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "io/paddle/paddle_writer.h"
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

// Only the folding passes: the weights they make are the ones quantized; fusions are left to load time.
Status FoldForQuantizing(ProgramDesc* p, Scope* w) {
  static const std::set<std::string> kFolds = {"dropout_to_scale", "remove_identity", "fold_conv_scale",
                                               "fold_conv_bias", "fold_conv_batch_norm"};
  PassOptions o;
  for (const Pass& pass : PassList())
    if (!kFolds.count(pass.name)) o.disabled.push_back(pass.name);
  return OptimizeProgram(p, w, o);
}

Status LoadInMemory(const ProgramDesc& program, const Scope& weights, std::shared_ptr<const Model>* out) {
  ProgramDesc p = program;
  EMBER_RETURN_IF_ERROR(PreparePaddleProgram(&p, weights));
  std::string model, params;
  EMBER_RETURN_IF_ERROR(SerializePaddleModel(p, weights, &model, &params));
  return Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), ModelOptions(), out);
}

Status SetSample(Predictor* pred, const CalibrationSample& sample) {
  for (const auto& kv : sample) EMBER_RETURN_IF_ERROR(pred->SetInput(kv.first, kv.second));
  return Status::OK();
}

bool ReadsWeight(const OpDesc& op, const BlockDesc& b) {
  for (const auto& n : op.AllInputNames()) {
    const VarDesc* v = b.FindVar(n);
    if (v && v->IsWeight()) return true;
  }
  return false;
}

// The variables the feeds reach (forward) or that reach the fetches (backward) through ops without weights:
// a conv reading the first set sees the raw input, one writing into the second makes an output.
std::set<std::string> ReachedWithoutWeights(const ProgramDesc& p, bool forward) {
  const BlockDesc& b = p.block0();
  const std::vector<std::string> ends = forward ? p.FeedNames() : p.FetchNames();
  std::set<std::string> reached(ends.begin(), ends.end());
  const size_t n = b.ops.size();
  for (size_t k = 0; k < n; ++k) {
    const OpDesc& op = b.ops[forward ? k : n - 1 - k];
    if (ReadsWeight(op, b)) continue;
    const auto from = forward ? op.AllInputNames() : op.AllOutputNames();
    if (std::none_of(from.begin(), from.end(), [&](const std::string& v) { return reached.count(v) > 0; })) continue;
    for (const auto& v : forward ? op.AllOutputNames() : op.AllInputNames()) reached.insert(v);
  }
  return reached;
}

// The convs that can be quantized: a 4-D float weight as filter, at least 8 input channels per group and
// options.min_k multiply-adds per output; the
// input convs (reading the feed through weightless ops) and output convs (writing into a fetch through them)
// stay float unless options.quantize_first_last.
std::vector<QuantizedLayer> FindConvs(const ProgramDesc& p, const Scope& w, const QuantizeOptions& o) {
  std::vector<QuantizedLayer> layers;
  const std::set<std::string> from_feed = ReachedWithoutWeights(p, true), to_fetch = ReachedWithoutWeights(p, false);
  for (const OpDesc& op : p.block0().ops) {
    if (!passes::IsConv(op) || op.Input("Input").size() != 1 || op.Output("Output").size() != 1) continue;
    QuantizedLayer l;
    l.output = op.Output("Output")[0];
    l.input = op.Input("Input")[0];
    const Tensor* f = passes::ConvFilter(op, w);
    l.weights = f ? f->numel() : 0;
    auto named = [&](const std::string& s) { return s == l.output || s == l.input || s == op.type; };
    if (!f) l.reason = "filter is not a float weight";
    else if (f->dims()[1] < 8) l.reason = "fewer than 8 input channels per group";
    else if (f->numel() / f->dims()[0] < o.min_k)
      l.reason = "K = " + std::to_string(f->numel() / f->dims()[0]) + " < --min-k";
    else if (std::any_of(o.keep_float.begin(), o.keep_float.end(), named)) l.reason = "--keep-float";
    else if (!o.quantize_first_last && from_feed.count(l.input)) l.reason = "reads the input";
    else if (!o.quantize_first_last && to_fetch.count(l.output)) l.reason = "makes an output";
    l.quantized = l.reason.empty();
    layers.push_back(l);
  }
  return layers;
}

// Pass 1 (abs max) or 2 (histogram) over the calibration samples for each quantized layer's input.
Status Calibrate(const ProgramDesc& p, const Scope& w, const std::vector<CalibrationSample>& samples,
                 const QuantizeOptions& o, const std::vector<QuantizedLayer>& layers,
                 std::map<std::string, ActivationRange>* ranges) {
  std::shared_ptr<const Model> model;
  EMBER_RETURN_IF_ERROR(LoadInMemory(p, w, &model));
  std::unique_ptr<Predictor> pred;
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, PredictorOptions(), &pred));
  std::vector<std::string> fetch;
  for (const auto& l : layers)
    if (l.quantized && !ranges->count(l.input)) (*ranges)[l.input], fetch.push_back(l.input);
  if (fetch.empty()) return Status::OK();
  const int passes = o.method == CalibrationMethod::kMinMax ? 1 : 2;
  for (int pass = 0; pass < passes; ++pass)
    for (const auto& sample : samples) {
      EMBER_RETURN_IF_ERROR(SetSample(pred.get(), sample));
      EMBER_RETURN_IF_ERROR(pred->Run(fetch));
      for (const auto& name : fetch) {
        const Tensor* t = nullptr;
        EMBER_RETURN_IF_ERROR(pred->GetOutput(name, &t));
        if (t->dtype() != DataType::kFloat32) return InvalidArgument("conv input ", Quote(name), " is not float32");
        if (pass == 0) (*ranges)[name].ObserveMax(t->data<float>(), t->numel());
        else (*ranges)[name].ObserveHistogram(t->data<float>(), t->numel());
      }
    }
  return Status::OK();
}

void SetThresholds(const std::map<std::string, ActivationRange>& ranges, CalibrationMethod m, double percentile,
                   std::vector<QuantizedLayer>* layers) {
  for (auto& l : *layers)
    if (l.quantized) l.threshold = ranges.at(l.input).Threshold(m, percentile);
}

Tensor Scalar(float v) {
  Tensor t(DataType::kFloat32, DDim({1}));
  *t.mutable_data<float>() = v;
  return t;
}

Tensor Zeros(int64_t n) {
  Tensor t(DataType::kInt32, DDim({n}));
  std::fill(t.mutable_data<int32_t>(), t.mutable_data<int32_t>() + n, 0);
  return t;
}

// A float variable like `like` (its dims), declared in the block.
std::string AddActivation(BlockDesc* b, const std::string& like, const std::string& name) {
  VarDesc v;
  if (const VarDesc* l = b->FindVar(like)) v.dims = l->dims;
  v.name = name;
  b->AddVar(v);
  return name;
}

std::map<std::string, Attribute> QuantAttrs(int64_t axis) {
  return {{"bit_length", Attribute::Int(8)}, {"quant_axis", Attribute::Int(axis)}, {"round_type", Attribute::Int(0)}};
}

// quantize_linear + dequantize_linear of conv input x at threshold t; returns the dequantized variable.
std::string EmitActivationQdq(BlockDesc* b, Scope* w, const std::string& x, float t, std::vector<OpDesc>* ops) {
  const std::string scale = passes::AddWeight(b, w, x + ".quant_scale", Scalar(t > 0 ? t : 1.f));
  const std::string zero = passes::AddWeight(b, w, x + ".quant_zero", Zeros(1));
  const std::string xq = AddActivation(b, x, x + ".quantized"), xd = AddActivation(b, x, x + ".dequantized");
  OpDesc q, d;
  q.type = "quantize_linear";
  q.inputs = {{"X", {x}}, {"Scale", {scale}}, {"ZeroPoint", {zero}}};
  q.outputs = {{"Y", {xq}}};
  q.attrs = QuantAttrs(-1);
  d.type = "dequantize_linear";
  d.inputs = {{"X", {xq}}, {"Scale", {scale}}, {"ZeroPoint", {zero}}};
  d.outputs = {{"Y", {xd}}};
  d.attrs = QuantAttrs(-1);
  ops->push_back(q);
  ops->push_back(d);
  return xd;
}

// The conv's filter as int8 with one scale (abs max) per output channel, and its dequantize_linear.
std::string EmitFilterDequantize(BlockDesc* b, Scope* w, const std::string& name, const Tensor& f,
                                 std::vector<OpDesc>* ops) {
  const int64_t cout = f.dims()[0], per = f.numel() / cout;
  Tensor q(DataType::kInt8, f.dims()), scales(DataType::kFloat32, DDim({cout}));
  const float* src = f.data<float>();
  for (int64_t o = 0; o < cout; ++o) {
    float m = 0;
    for (int64_t k = 0; k < per; ++k) m = std::max(m, std::fabs(src[o * per + k]));
    m = m > 0 ? m : 1.f;
    scales.mutable_data<float>()[o] = m;
    for (int64_t k = 0; k < per; ++k) {
      const float v = std::nearbyint(src[o * per + k] / m * 127.f);
      q.mutable_data<int8_t>()[o * per + k] = static_cast<int8_t>(std::min(127.f, std::max(-127.f, v)));
    }
  }
  OpDesc d;
  d.type = "dequantize_linear";
  d.inputs = {{"X", {passes::AddWeight(b, w, name + ".int8", std::move(q))}},
              {"Scale", {passes::AddWeight(b, w, name + ".quant_scale", std::move(scales))}},
              {"ZeroPoint", {passes::AddWeight(b, w, name + ".quant_zero", Zeros(cout))}}};
  d.outputs = {{"Y", {AddActivation(b, name, name + ".dequantized")}}};
  d.attrs = QuantAttrs(0);
  ops->push_back(d);
  return d.outputs[0].second[0];
}

// The quantize / dequantize ops in front of each quantized layer's conv (one pair per input variable).
void InsertQdq(ProgramDesc* p, Scope* w, const std::vector<QuantizedLayer>& layers) {
  BlockDesc& b = p->block0();
  std::map<std::string, const QuantizedLayer*> by_output;
  for (const auto& l : layers)
    if (l.quantized) by_output[l.output] = &l;
  std::map<std::string, std::string> dequantized;
  std::vector<OpDesc> ops;
  for (OpDesc op : b.ops) {
    auto it = passes::IsConv(op) && op.Output("Output").size() == 1 ? by_output.find(op.Output("Output")[0])
                                                                    : by_output.end();
    if (it != by_output.end()) {
      const QuantizedLayer& l = *it->second;
      if (!dequantized.count(l.input)) dequantized[l.input] = EmitActivationQdq(&b, w, l.input, l.threshold, &ops);
      const std::string filter = op.Input("Filter")[0];
      op.SetInput("Filter", {EmitFilterDequantize(&b, w, filter, *passes::ConvFilter(op, *w), &ops)});
      op.SetInput("Input", {dequantized[l.input]});
    }
    ops.push_back(std::move(op));
  }
  b.ops = std::move(ops);
}

// max and mean of |want - got| over want's range (max - min).
void RelativeErrors(const Tensor& want, const Tensor& got, double* max_rel, double* mean_rel) {
  const float* a = want.data<float>();
  const float* b = got.data<float>();
  if (!a || !b || want.numel() != got.numel()) {
    *max_rel = *mean_rel = want.numel() == got.numel() && !a && !b ? 0.0 : 1e30;
    return;
  }
  double lo = a[0], hi = a[0], diff = 0, sum = 0;
  for (int64_t i = 0; i < want.numel(); ++i) {
    lo = std::min<double>(lo, a[i]), hi = std::max<double>(hi, a[i]);
    const double d = std::fabs(static_cast<double>(a[i]) - b[i]);
    diff = std::max(diff, d);
    sum += d;
  }
  const double range = hi > lo ? hi - lo : 1.0;
  *max_rel = diff / range;
  *mean_rel = want.numel() > 0 ? sum / static_cast<double>(want.numel()) / range : 0.0;
}

int64_t ArgMax(const Tensor& t) {
  const float* d = t.data<float>();
  return d && t.numel() > 0 ? std::max_element(d, d + t.numel()) - d : -1;
}

}  // namespace

Status CompareModels(const std::shared_ptr<const Model>& reference, const std::shared_ptr<const Model>& model,
                     const std::vector<CalibrationSample>& samples, OutputError* error) {
  *error = OutputError();
  std::unique_ptr<Predictor> preds[2];
  EMBER_RETURN_IF_ERROR(Predictor::Create(reference, PredictorOptions(), &preds[0]));
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, PredictorOptions(), &preds[1]));
  const std::vector<std::string> fetch = preds[0]->FetchNames();
  for (const auto& sample : samples) {
    for (auto& pred : preds) {
      EMBER_RETURN_IF_ERROR(SetSample(pred.get(), sample));
      EMBER_RETURN_IF_ERROR(pred->Run());
    }
    for (size_t k = 0; k < fetch.size(); ++k) {
      const Tensor *want = nullptr, *got = nullptr;
      EMBER_RETURN_IF_ERROR(preds[0]->GetOutput(fetch[k], &want));
      EMBER_RETURN_IF_ERROR(preds[1]->GetOutput(fetch[k], &got));
      double max_rel = 0, mean_rel = 0;
      RelativeErrors(*want, *got, &max_rel, &mean_rel);
      error->max_rel = std::max(error->max_rel, max_rel);
      error->mean_rel += mean_rel;
      if (k == 0) error->top1_same += ArgMax(*want) == ArgMax(*got);
    }
    ++error->samples;
  }
  if (!fetch.empty() && error->samples > 0) error->mean_rel /= static_cast<double>(fetch.size() * error->samples);
  return Status::OK();
}

namespace {

// The model with `layers` quantized as they say, against `reference` on the samples.
Status QuantizedError(const ProgramDesc& folded, const Scope& weights, const std::vector<QuantizedLayer>& layers,
                      const std::shared_ptr<const Model>& reference, const std::vector<CalibrationSample>& samples,
                      OutputError* e) {
  ProgramDesc q = folded;
  Scope scratch(&weights);
  InsertQdq(&q, &scratch, layers);
  std::shared_ptr<const Model> quantized;
  EMBER_RETURN_IF_ERROR(LoadInMemory(q, scratch, &quantized));
  return CompareModels(reference, quantized, samples, e);
}

// kAuto: each method's thresholds tried on the samples; the closest to float by the mean error kept (the first of
// equals): the max is no guide where an output is a softmax (one flipped probability makes it about 1 for every
// method on PP-OCRv4's recognizer, which kl makes read nothing and percentile reads right).
Status PickMethod(const ProgramDesc& folded, const Scope& weights, const std::map<std::string, ActivationRange>& ranges,
                  const std::shared_ptr<const Model>& reference, const std::vector<CalibrationSample>& samples,
                  double percentile, std::vector<QuantizedLayer>* layers, QuantizeResult* result) {
  double best = 0;
  for (CalibrationMethod m : {CalibrationMethod::kKl, CalibrationMethod::kPercentile, CalibrationMethod::kMinMax}) {
    SetThresholds(ranges, m, percentile, layers);
    OutputError e;
    EMBER_RETURN_IF_ERROR(QuantizedError(folded, weights, *layers, reference, samples, &e));
    const double err = e.mean_rel;
    result->tried.emplace_back(m, err);
    if (result->tried.size() == 1 || err < best) best = err, result->method = m;
  }
  SetThresholds(ranges, result->method, percentile, layers);
  return Status::OK();
}

}  // namespace

Status QuantizeModel(const std::shared_ptr<const Model>& model, const std::vector<CalibrationSample>& calibration,
                     const QuantizeOptions& options, Scope* weights, QuantizeResult* result) {
  if (calibration.empty()) return InvalidArgument("quantizing needs at least one calibration sample");
  for (const auto& feed : model->FeedNames())
    if (!calibration[0].count(feed)) return InvalidArgument("the calibration samples do not give input ", Quote(feed));
  ProgramDesc folded = model->programs().loaded;
  EMBER_RETURN_IF_ERROR(FoldForQuantizing(&folded, weights));
  std::vector<QuantizedLayer> layers = FindConvs(folded, *weights, options);
  std::map<std::string, ActivationRange> ranges;
  EMBER_RETURN_IF_ERROR(Calibrate(folded, *weights, calibration, options, layers, &ranges));
  const bool auto_method = options.method == CalibrationMethod::kAuto;
  std::shared_ptr<const Model> reference;
  if (options.sensitivity || auto_method) EMBER_RETURN_IF_ERROR(LoadInMemory(folded, *weights, &reference));
  result->tried.clear();
  result->method = options.method;
  if (auto_method)
    EMBER_RETURN_IF_ERROR(PickMethod(folded, *weights, ranges, reference, calibration, options.percentile, &layers,
                                     result));
  else SetThresholds(ranges, options.method, options.percentile, &layers);
  if (options.sensitivity)
    for (auto& l : layers) {
      if (!l.quantized) continue;
      std::vector<QuantizedLayer> alone = layers;
      for (auto& a : alone) a.quantized = a.output == l.output;
      OutputError e;
      EMBER_RETURN_IF_ERROR(QuantizedError(folded, *weights, alone, reference, calibration, &e));
      l.alone_error = e.max_rel;
    }
  result->program = folded;
  InsertQdq(&result->program, weights, layers);
  result->layers = std::move(layers);
  return Status::OK();
}

}  // namespace ember
