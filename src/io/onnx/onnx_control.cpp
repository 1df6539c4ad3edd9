// ONNX converters for constants, copies and type / shape queries: Constant, ConstantOfShape, Identity,
// Dropout, Cast, Shape, Size.
#include <cstring>
#include <limits>

#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/tensor_proto.h"

namespace ember {

namespace {

Status ConvertConstant(OnnxContext& c) {
  OnnxAttrs& a = c.attrs();
  Tensor t;
  std::string what = c.Where();
  if (const auto* v = a.Get("value")) {
    EMBER_RETURN_IF_ERROR(TensorFromProto(v->t(), c.dir(), what, &t));
  } else if (const auto* vf = a.Get("value_float")) {
    t.Resize(DDim(std::vector<int64_t>{}));
    *t.mutable_data<float>() = vf->f();
  } else if (const auto* vi = a.Get("value_int")) {
    t.Resize(DDim(std::vector<int64_t>{}));
    *t.mutable_data<int64_t>() = vi->i();
  } else if (const auto* vfs = a.Get("value_floats")) {
    t.Resize(DDim({static_cast<int64_t>(vfs->floats_size())}));
    float* p = t.mutable_data<float>();
    for (int i = 0; i < vfs->floats_size(); ++i) p[i] = vfs->floats(i);
  } else if (const auto* vis = a.Get("value_ints")) {
    t.Resize(DDim({static_cast<int64_t>(vis->ints_size())}));
    int64_t* p = t.mutable_data<int64_t>();
    for (int i = 0; i < vis->ints_size(); ++i) p[i] = vis->ints(i);
  } else {
    return c.Fail("only value, value_float(s) and value_int(s) are supported");
  }
  return c.AddWeight(c.Out(0), t);
}

Status ConvertConstantOfShape(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const std::string x = c.In(0), y = c.Out(0);
  Tensor value;
  if (const auto* v = a.Get("value")) {
    EMBER_RETURN_IF_ERROR(TensorFromProto(v->t(), c.dir(), c.Where() + " attribute value", &value));
    if (value.numel() != 1) return c.Fail("attribute value must hold one element");
  } else {
    value.Resize(DDim({1}));
    *value.mutable_data<float>() = 0.f;
  }
  value.Resize(DDim(std::vector<int64_t>{}));
  if (const Tensor* t = c.Const(x)) {
    // Known shape: the result is a constant.
    std::vector<int64_t> shape = ToInts(*t);
    Tensor filled(value.dtype(), DDim(shape));
    EMBER_RETURN_IF_ERROR(filled.Allocate());
    const size_t esz = SizeOf(value.dtype());
    for (int64_t i = 0; i < filled.numel(); ++i)
      std::memcpy(static_cast<char*>(filled.raw_data()) + i * esz, value.raw_data(), esz);
    return c.AddWeight(y, filled);
  }
  std::string scalar = c.Temp(y);
  EMBER_RETURN_IF_ERROR(c.AddWeight(scalar, value));
  c.SetType(y, value.dtype());
  c.AddOp("expand_v2", {{"X", {scalar}}, {"Shape", {x}}}, {{"Out", {y}}});
  return Status::OK();
}

Status ConvertIdentity(OnnxContext& c) { return c.EmitUnary("assign"); }

// Training mode: onnx_dropout draws the mask, or copies when the runtime values make it deterministic.
Status EmitTrainingDropout(OnnxContext& c, float ratio, const std::string& ratio_var, bool training,
                           const std::string& training_var, int64_t seed) {
  if (c.opset() < 10 && c.node().output_size() > 1 && !c.Out(1).empty())
    return c.Fail("output mask of a training-mode Dropout before opset 10 (of the input's type) is not supported");
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  if (!ratio_var.empty()) ins.push_back({"Ratio", {ratio_var}});
  if (!training_var.empty()) ins.push_back({"TrainingMode", {training_var}});
  OpDesc::Slots outs = {{"Out", {c.Out(0)}}};
  if (c.node().output_size() > 1 && !c.Out(1).empty()) {
    c.SetType(c.Out(1), DataType::kBool);
    outs.push_back({"Mask", {c.Out(1)}});
  }
  c.SameType();
  c.AddOp("onnx_dropout", ins, outs,
          {{"ratio", Attribute::Float(ratio)}, {"training_mode", Attribute::Bool(training)},
           {"seed", Attribute::Int(seed)}});
  return Status::OK();
}

Status ConvertDropout(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const int64_t seed = a.Int("seed", 0);
  float ratio = a.Float("ratio", 0.5f);
  std::string ratio_var, training_var;  // known at run time only
  if (c.opset() >= 12 && !c.In(1).empty()) {
    const Tensor* r = c.Const(c.In(1));
    if (r && r->numel() != 1) return c.Fail("input ratio must hold one value");
    if (r) ratio = static_cast<float>(ToDoubles(*r)[0]);
    else ratio_var = c.In(1);
  }
  bool training = false;
  if (c.opset() >= 12 && !c.In(2).empty()) {
    const Tensor* t = c.Const(c.In(2));
    if (t && t->numel() != 1) return c.Fail("input training_mode must hold one value");
    if (t) training = ToInts(*t) != std::vector<int64_t>{0};
    else training_var = c.In(2);
  }
  if (c.opset() < 7 && a.Int("is_test", 0) == 0) training = true;
  const bool maybe_random = (training || !training_var.empty()) && (ratio != 0.f || !ratio_var.empty());
  if (maybe_random) return EmitTrainingDropout(c, ratio, ratio_var, training, training_var, seed);
  if (c.node().output_size() > 1 && !c.Out(1).empty()) {
    // The mask of an inference dropout is all true.
    Tensor t(DataType::kBool, DDim(std::vector<int64_t>{}));
    *t.mutable_data<bool>() = true;
    std::string one = c.Temp(c.Out(1)), shape = c.Temp(c.Out(1));
    EMBER_RETURN_IF_ERROR(c.AddWeight(one, t));
    c.AddOp("shape", {{"Input", {c.In(0)}}}, {{"Out", {shape}}});
    c.SetType(c.Out(1), DataType::kBool);
    c.AddOp("expand_v2", {{"X", {one}}, {"Shape", {shape}}}, {{"Out", {c.Out(1)}}});
  }
  return c.EmitUnary("assign");
}

// x as type dt (Cast's `to`, or CastLike's second input's type); half: to float16, which Ember holds as
// float32 values rounded to half precision.
Status EmitCast(OnnxContext& c, DataType dt, bool half = false) {
  c.attrs().Ignore({"saturate", "round_mode"});
  c.SetType(c.Out(0), dt);
  const int64_t out = half ? static_cast<int64_t>(VarDataType::kFP16) : VarDataTypeOf(dt);
  c.AddOp("cast", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}},
          {{"in_dtype", Attribute::Int(VarDataTypeOf(c.TypeOf(c.In(0))))}, {"out_dtype", Attribute::Int(out)}});
  return Status::OK();
}

// Double and float16 values are float32 in Ember, as the loader widens their tensors: a cast to double
// computes in float32 (exporters widen for a reduction's accuracy), one to float16 rounds to half precision.
Status ConvertCast(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  int64_t to = a.Int("to", 0);
  DataType dt;
  if (!EmberTypeOf(static_cast<int>(to), &dt))
    return a.Unsupported("to", StrCat(to, " (", OnnxTypeName(static_cast<int>(to)), ")"));
  if (to == kOnnxFloat16) c.SetHalf(c.Out(0));
  return EmitCast(c, dt, to == kOnnxFloat16);
}

Status ConvertCastLike(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  if (!c.HasType(c.In(1))) return c.Fail("the type of input target_type is not known at load");
  const bool half = c.IsHalf(c.In(1));
  if (half) c.SetHalf(c.Out(0));
  return EmitCast(c, c.TypeOf(c.In(1)), half);
}

Status ConvertShape(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const std::string y = c.Out(0);
  int64_t start = a.Int("start", 0);
  bool has_end = a.Has("end");
  int64_t end = a.Int("end", 0);
  std::string s32 = c.Temp(y), s64 = (start != 0 || has_end) ? c.Temp(y) : y;
  c.AddOp("shape", {{"Input", {c.In(0)}}}, {{"Out", {s32}}});
  c.AddOp("cast", {{"X", {s32}}}, {{"Out", {s64}}},
          {{"in_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt32))},
           {"out_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt64))}});
  c.SetType(y, DataType::kInt64);
  if (s64 != y)
    c.AddOp("slice", {{"Input", {s64}}}, {{"Out", {y}}},
            {{"axes", Attribute::Ints({0})}, {"starts", Attribute::Ints({start})},
             {"ends", Attribute::Ints({has_end ? end : std::numeric_limits<int32_t>::max()})}});
  return Status::OK();
}

Status ConvertSize(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  c.SetType(c.Out(0), DataType::kInt64);
  c.AddOp("size", {{"Input", {c.In(0)}}}, {{"Out", {c.Out(0)}}});
  return Status::OK();
}

}  // namespace

const std::vector<OnnxConverter>& OnnxControlConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"Constant", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Constant", ConvertConstant)},
      {"ConstantOfShape", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ConstantOfShape", ConvertConstantOfShape)},
      {"Identity", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Identity", ConvertIdentity)},
      {"Dropout", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Dropout", ConvertDropout)},
      {"Cast", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Cast", ConvertCast)},
      {"CastLike", 15, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "CastLike", ConvertCastLike)},
      {"Shape", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Shape", ConvertShape)},
      {"Size", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Size", ConvertSize)},
  };
  return rows;
}

}  // namespace ember
