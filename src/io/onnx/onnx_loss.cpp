// ONNX converters for the loss ops exported training graphs keep: NegativeLogLikelihoodLoss and
// SoftmaxCrossEntropyLoss, onto nll_loss (after log_softmax for the latter).
#include <limits>

#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"

namespace ember {

namespace {

// nll_loss of log probabilities `x` by the node's labels (input 1) and optional weights (input 2).
void EmitNllLoss(OnnxContext& c, const std::string& x) {
  OnnxAttrs& a = c.attrs();
  OpDesc::Slots ins = {{"X", {x}}, {"Label", {c.In(1)}}};
  if (c.node().input_size() > 2 && !c.In(2).empty()) ins.push_back({"Weight", {c.In(2)}});
  // No ignore_index attribute: no label is ignored (Paddle's default, -100, is a valid ONNX label).
  const int64_t ignore = a.Has("ignore_index") ? a.Int("ignore_index", 0) : std::numeric_limits<int64_t>::min();
  c.SetType(c.Out(0), DataType::kFloat32);
  c.AddOp("nll_loss", ins, {{"Out", {c.Out(0)}}},
          {{"ignore_index", Attribute::Int(ignore)}, {"reduction", Attribute::String(a.String("reduction", "mean"))}});
}

Status ConvertNllLoss(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  EmitNllLoss(c, c.In(0));
  return Status::OK();
}

// Output 1, when asked for, is the log_softmax itself.
Status ConvertSoftmaxCrossEntropyLoss(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  const bool log_prob = c.node().output_size() > 1 && !c.Out(1).empty();
  const std::string lp = log_prob ? c.Out(1) : c.Temp(c.Out(0));
  c.SetType(lp, DataType::kFloat32);
  c.AddOp("log_softmax", {{"X", {c.In(0)}}}, {{"Out", {lp}}}, {{"axis", Attribute::Int(1)}});
  EmitNllLoss(c, lp);
  return Status::OK();
}

}  // namespace

const std::vector<OnnxConverter>& OnnxLossConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"NegativeLogLikelihoodLoss", 12, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "NegativeLogLikelihoodLoss", ConvertNllLoss)},
      {"SoftmaxCrossEntropyLoss", 12, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "SoftmaxCrossEntropyLoss", ConvertSoftmaxCrossEntropyLoss)},
  };
  return rows;
}

}  // namespace ember
