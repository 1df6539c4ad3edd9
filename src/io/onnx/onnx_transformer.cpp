// ONNX converters for the transformer-era ops of opsets 23-24: Attention, RMSNormalization,
// RotaryEmbedding, each onto one fused Ember op.
#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"

namespace ember {

namespace {

// The node's input i in `slot` when given (inputs may be skipped with an empty name).
void OptionalIn(OnnxContext& c, int i, const char* slot, OpDesc::Slots* ins) {
  if (c.node().input_size() > i && !c.In(i).empty()) ins->push_back({slot, {c.In(i)}});
}
void OptionalOut(OnnxContext& c, int i, const char* slot, OpDesc::Slots* outs) {
  if (c.node().output_size() > i && !c.Out(i).empty()) {
    outs->push_back({slot, {c.Out(i)}});
    c.SetType(c.Out(i), DataType::kFloat32);
  }
}

Status ConvertAttention(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  OnnxAttrs& a = c.attrs();
  OpDesc::Slots ins = {{"Q", {c.In(0)}}, {"K", {c.In(1)}}, {"V", {c.In(2)}}};
  OptionalIn(c, 3, "AttnMask", &ins);
  OptionalIn(c, 4, "PastKey", &ins);
  OptionalIn(c, 5, "PastValue", &ins);
  OptionalIn(c, 6, "NonpadKvSeqlen", &ins);
  OpDesc::Slots outs = {{"Out", {c.Out(0)}}};
  c.SetType(c.Out(0), DataType::kFloat32);
  OptionalOut(c, 1, "PresentKey", &outs);
  OptionalOut(c, 2, "PresentValue", &outs);
  OptionalOut(c, 3, "QkOutput", &outs);
  a.Ignore({"softmax_precision"});  // Ember's softmax is float32 whatever is asked
  std::map<std::string, Attribute> attrs = {
      {"is_causal", Attribute::Bool(a.Int("is_causal", 0) != 0)},
      {"q_num_heads", Attribute::Int(a.Int("q_num_heads", 0))},
      {"kv_num_heads", Attribute::Int(a.Int("kv_num_heads", 0))},
      {"qk_matmul_output_mode", Attribute::Int(a.Int("qk_matmul_output_mode", 0))},
      {"scale", Attribute::Float(a.Float("scale", 0.f))},
      {"softcap", Attribute::Float(a.Float("softcap", 0.f))}};
  c.AddOp("attention", ins, outs, attrs);
  return Status::OK();
}

Status ConvertRmsNormalization(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  a.Ignore({"stash_type"});  // the mean square is accumulated in double anyway
  c.SameType();
  c.AddOp("rms_norm", {{"X", {c.In(0)}}, {"Scale", {c.In(1)}}}, {{"Y", {c.Out(0)}}},
          {{"begin_norm_axis", Attribute::Int(a.Int("axis", -1))},
           {"epsilon", Attribute::Float(a.Float("epsilon", 1e-5f))}});
  return Status::OK();
}

Status ConvertRotaryEmbedding(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  OnnxAttrs& a = c.attrs();
  OpDesc::Slots ins = {{"X", {c.In(0)}}, {"CosCache", {c.In(1)}}, {"SinCache", {c.In(2)}}};
  OptionalIn(c, 3, "PositionIds", &ins);
  c.SameType();
  c.AddOp("rotary_embedding", ins, {{"Out", {c.Out(0)}}},
          {{"interleaved", Attribute::Bool(a.Int("interleaved", 0) != 0)},
           {"num_heads", Attribute::Int(a.Int("num_heads", 0))},
           {"rotary_embedding_dim", Attribute::Int(a.Int("rotary_embedding_dim", 0))}});
  return Status::OK();
}

}  // namespace

const std::vector<OnnxConverter>& OnnxTransformerConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"Attention", 23, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Attention", ConvertAttention)},
      {"RMSNormalization", 23, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "RMSNormalization", ConvertRmsNormalization)},
      {"RotaryEmbedding", 23, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "RotaryEmbedding", ConvertRotaryEmbedding)},
  };
  return rows;
}

}  // namespace ember
