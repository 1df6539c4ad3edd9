// ONNX converters for the recurrent ops LSTM, GRU and RNN (opsets 7 on), each onto onnx_rnn with its cell.
#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"

namespace ember {

namespace {

// onnx_rnn of `cell` over the node's inputs and outputs (any but X, W and R may be left out), with the
// attributes the three ops share and the cell's own in `attrs`.
Status EmitRnn(OnnxContext& c, const char* cell, std::map<std::string, Attribute> attrs) {
  const int n_in = c.node().input_size();
  if (n_in < 3 || c.In(0).empty() || c.In(1).empty() || c.In(2).empty())
    return InvalidArgument(c.Where(), ": needs inputs X, W and R");
  static const char* const kIns[] = {"X", "W", "R", "B", "SequenceLens", "InitialH", "InitialC", "P"};
  static const char* const kOuts[] = {"Y", "Y_h", "Y_c"};
  const int max_in = std::string(cell) == "lstm" ? 8 : 6, max_out = std::string(cell) == "lstm" ? 3 : 2;
  if (n_in > max_in || c.node().output_size() > max_out)
    return InvalidArgument(c.Where(), ": has ", n_in, " inputs and ", c.node().output_size(), " outputs, at most ",
                           max_in, " and ", max_out);
  OpDesc::Slots ins, outs;
  for (int i = 0; i < n_in; ++i)
    if (!c.In(i).empty()) ins.push_back({kIns[i], {c.In(i)}});
  for (int i = 0; i < c.node().output_size(); ++i)
    if (!c.Out(i).empty()) {
      outs.push_back({kOuts[i], {c.Out(i)}});
      c.SetType(c.Out(i), DataType::kFloat32);
    }
  if (outs.empty()) return InvalidArgument(c.Where(), ": has no output");
  OnnxAttrs& a = c.attrs();
  attrs["cell"] = Attribute::String(cell);
  attrs["hidden_size"] = Attribute::Int(a.Int("hidden_size", 0));
  attrs["direction"] = Attribute::String(a.String("direction", "forward"));
  attrs["layout"] = Attribute::Int(a.Int("layout", 0));
  if (a.Has("clip")) attrs["clip"] = Attribute::Float(a.Float("clip", 0.f));
  if (a.Has("activations")) attrs["activations"] = Attribute::Strings(a.Strings("activations", {}));
  attrs["activation_alpha"] = Attribute::Floats(a.Floats("activation_alpha", {}));
  attrs["activation_beta"] = Attribute::Floats(a.Floats("activation_beta", {}));
  c.AddOp("onnx_rnn", ins, outs, attrs);
  return Status::OK();
}

Status ConvertLstm(OnnxContext& c) {
  return EmitRnn(c, "lstm", {{"input_forget", Attribute::Int(c.attrs().Int("input_forget", 0))}});
}

Status ConvertGru(OnnxContext& c) {
  return EmitRnn(c, "gru", {{"linear_before_reset", Attribute::Int(c.attrs().Int("linear_before_reset", 0))}});
}

Status ConvertRnn(OnnxContext& c) { return EmitRnn(c, "rnn", {}); }

}  // namespace

const std::vector<OnnxConverter>& OnnxSequenceConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"LSTM", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LSTM", ConvertLstm)},
      {"GRU", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GRU", ConvertGru)},
      {"RNN", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "RNN", ConvertRnn)},
  };
  return rows;
}

}  // namespace ember
