// ONNX converters that move data without arithmetic: Reshape, Flatten, Transpose, Concat, Squeeze /
// Unsqueeze, Slice, Split, Pad, Gather, GatherElements, Expand, Tile, Range, DepthToSpace / SpaceToDepth, Trilu.
#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/tensor_proto.h"

namespace ember {

namespace {

// Reshape-1/4: the shape is an attribute.
Status ConvertReshapeAttr(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  c.SameType();
  c.AddOp("reshape2", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}},
          {{"shape", Attribute::Ints(c.attrs().Ints("shape", {}))}});
  return Status::OK();
}

Status ConvertReshape(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string x = c.In(0), y = c.Out(0);
  c.SameType();
  std::map<std::string, Attribute> attrs;
  if (c.attrs().Int("allowzero", 0) != 0) attrs["allowzero"] = Attribute::Bool(true);  // a 0 is a zero-size dim
  if (const Tensor* s = c.Const(c.In(1))) {
    attrs["shape"] = Attribute::Ints(ToInts(*s));
    c.AddOp("reshape2", {{"X", {x}}}, {{"Out", {y}}}, attrs);
  } else {
    c.AddOp("reshape2", {{"X", {x}}, {"Shape", {c.In(1)}}}, {{"Out", {y}}}, attrs);
  }
  return Status::OK();
}

Status ConvertFlatten(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  int64_t axis = c.attrs().Int("axis", 1);
  if (axis < 0) {
    int r = c.Rank(c.In(0));
    if (r < 0) return c.Fail("a negative axis needs the input's rank (no value_info for it)");
    axis += r;
  }
  c.SameType();
  c.AddOp("flatten", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}}, {{"axis", Attribute::Int(axis)}});
  return Status::OK();
}

Status ConvertTranspose(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  std::vector<int64_t> perm = c.attrs().Ints("perm", {});
  if (perm.empty()) {
    int r = c.Rank(c.In(0));
    if (r < 0) return c.Fail("a Transpose without perm needs the input's rank (no value_info for it)");
    for (int i = r - 1; i >= 0; --i) perm.push_back(i);
  }
  c.SameType();
  c.AddOp("transpose2", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}}, {{"axis", Attribute::Ints(perm)}});
  return Status::OK();
}

Status ConvertConcat(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  std::vector<std::string> xs;
  for (const auto& s : c.node().input())
    if (!s.empty()) xs.push_back(s);
  c.SameType();
  c.AddOp("concat", {{"X", xs}}, {{"Out", {c.Out(0)}}}, {{"axis", Attribute::Int(c.attrs().Int("axis", 0))}});
  return Status::OK();
}

// Squeeze and Unsqueeze: axes an attribute before opset 13, an optional input from 13.
Status ConvertSqueeze(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const bool unsqueeze = c.op_type() == "Unsqueeze";
  std::vector<int64_t> axes;
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  if (c.opset() >= 13) {
    if (!c.In(1).empty()) {
      if (const Tensor* t = c.Const(c.In(1))) axes = ToInts(*t);
      else ins.push_back({"AxesTensor", {c.In(1)}});  // axes known at run time only
    }
  } else {
    axes = c.attrs().Ints("axes", {});
  }
  if (unsqueeze && axes.empty() && ins.size() == 1) return c.Fail("Unsqueeze needs axes");
  c.SameType();
  std::map<std::string, Attribute> attrs = {{"axes", Attribute::Ints(axes)}};
  // ONNX's axes are positions in the output (any order, negatives from the output rank).
  if (unsqueeze) attrs["output_axes"] = Attribute::Bool(true);
  c.AddOp(unsqueeze ? "unsqueeze2" : "squeeze2", ins, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

Status ConvertSlice(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  // strided_slice takes every part as an attribute (constant) or a tensor (runtime).
  std::map<std::string, Attribute> attrs;
  OpDesc::Slots ins = {{"Input", {c.In(0)}}};
  if (c.opset() < 10) {
    attrs["starts"] = Attribute::Ints(a.Ints("starts", {}));
    attrs["ends"] = Attribute::Ints(a.Ints("ends", {}));
    if (a.Has("axes")) attrs["axes"] = Attribute::Ints(a.Ints("axes", {}));
  } else {
    if (c.node().input_size() < 3) return InvalidArgument(c.Where(), ": needs starts and ends");
    const char* attr_names[] = {"", "starts", "ends", "axes", "strides"};
    const char* slots[] = {"", "StartsTensor", "EndsTensor", "AxesTensor", "StridesTensor"};
    for (int i = 1; i <= 4; ++i) {
      if (c.In(i).empty()) continue;
      if (const Tensor* t = c.Const(c.In(i))) attrs[attr_names[i]] = Attribute::Ints(ToInts(*t));
      else ins.push_back({slots[i], {c.In(i)}});
    }
  }
  c.SameType();
  c.AddOp("strided_slice", ins, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

Status ConvertSplit(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  std::vector<int64_t> split;
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  if (c.opset() >= 13) {
    if (!c.In(1).empty()) {
      if (const Tensor* t = c.Const(c.In(1))) split = ToInts(*t);
      else ins.push_back({"SectionsTensorList", {c.In(1)}});  // one 1-D tensor of every section
    }
  } else {
    split = a.Ints("split", {});
  }
  int64_t num_outputs = a.Int("num_outputs", 0);
  std::vector<std::string> outs(c.node().output().begin(), c.node().output().end());
  for (auto& o : outs) {
    if (o.empty()) o = c.Temp(c.Out(0));
    c.CopyType(c.In(0), o);
  }
  std::map<std::string, Attribute> attrs = {{"axis", Attribute::Int(a.Int("axis", 0))}};
  if (!split.empty()) attrs["sections"] = Attribute::Ints(split);
  else if (ins.size() > 1) attrs["sections"] = Attribute::Ints({});
  else if (num_outputs > 0 && num_outputs != static_cast<int64_t>(outs.size()))
    return a.Unsupported("num_outputs", std::to_string(num_outputs));
  else attrs["num"] = Attribute::Int(static_cast<int64_t>(outs.size()));
  if (num_outputs > 0) attrs["uneven_num"] = Attribute::Bool(true);
  c.AddOp("split", ins, {{"Out", outs}}, attrs);
  return Status::OK();
}

// Runtime ONNX pads [begins..., ends...] reordered at run time into Ember's [begin_0, end_0, ...] by a gather.
Status RuntimePads(OnnxContext& c, const std::string& pads_t, int r, std::string* pairs) {
  int64_t n = r;
  const auto* ps = c.Shape(pads_t);
  if (n < 0 && ps && ps->size() == 1 && (*ps)[0] > 0) n = (*ps)[0] / 2;
  if (n < 0) return c.Fail("runtime pads need the rank of the data input (no value_info for it)");
  Tensor perm(DataType::kInt64, DDim({2 * n}));
  for (int64_t i = 0; i < n; ++i) {
    perm.mutable_data<int64_t>()[2 * i] = i;
    perm.mutable_data<int64_t>()[2 * i + 1] = n + i;
  }
  std::string idx = c.Temp(c.Out(0));
  *pairs = c.Temp(c.Out(0));
  EMBER_RETURN_IF_ERROR(c.AddWeight(idx, perm));
  c.AddOp("gather", {{"X", {pads_t}}, {"Index", {idx}}}, {{"Out", {*pairs}}}, {{"axis", Attribute::Int(0)}});
  return Status::OK();
}

// Constant ONNX pads over `axes` (all dims when empty) as Ember's [begin_0, end_0, ...] over every dim.
Status ConstantPads(OnnxContext& c, const std::vector<int64_t>& pads, std::vector<int64_t> axes, int r,
                    std::vector<int64_t>* pairs) {
  size_t n = pads.size() / 2;
  if (pads.size() % 2) return c.attrs().Unsupported("pads", DDim(pads).ToString());
  if (axes.empty()) {
    for (size_t i = 0; i < n; ++i) axes.push_back(static_cast<int64_t>(i));
  } else if (axes.size() != n) {
    return c.Fail("pads must have two values per axis");
  }
  size_t full = r >= 0 ? static_cast<size_t>(r) : n;
  pairs->assign(2 * full, 0);
  for (size_t i = 0; i < n; ++i) {
    if (axes[i] < 0 || static_cast<size_t>(axes[i]) >= full) return c.Fail("pads do not match the data rank");
    (*pairs)[2 * static_cast<size_t>(axes[i])] = pads[i];
    (*pairs)[2 * static_cast<size_t>(axes[i]) + 1] = pads[i + n];
  }
  return Status::OK();
}

Status ConvertPad(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  std::string mode = a.String("mode", "constant");
  if (mode != "constant" && mode != "reflect" && mode != "edge" && !(mode == "wrap" && c.opset() >= 19))
    return a.Unsupported("mode", Quote(mode));
  std::map<std::string, Attribute> attrs = {{"mode", Attribute::String(mode)}};
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  std::vector<int64_t> pads;
  std::string pads_t;
  if (c.opset() < 11) {
    pads = a.Ints("pads", {});
    attrs["pad_value"] = Attribute::Float(a.Float("value", 0.f));
  } else {
    if (c.node().input_size() < 2) return InvalidArgument(c.Where(), ": needs pads");
    if (const Tensor* t = c.Const(c.In(1))) pads = ToInts(*t);
    else pads_t = c.In(1);
    if (!c.In(2).empty()) {
      const Tensor* v = c.Const(c.In(2));
      if (v && v->numel() == 1 && v->dtype() == DataType::kFloat32) attrs["pad_value"] = Attribute::Float(ToDoubles(*v)[0]);
      else ins.push_back({"PadValue", {c.In(2)}});
    }
  }
  // ONNX pads are [begin_0 .. begin_n-1, end_0 .. end_n-1] over `axes` (all dims by default); Ember's are
  // [begin_0, end_0, begin_1, end_1, ...] over every dim.
  int r = c.Rank(c.In(0));
  std::vector<int64_t> axes;
  const bool has_axes = c.opset() >= 18 && !c.In(3).empty();
  if (has_axes && (!pads_t.empty() || !c.Const(c.In(3)) || r < 0)) {
    // Runtime pads or axes, or an unknown rank: the op maps ONNX's layout over Axes when it runs.
    if (pads_t.empty()) {
      pads_t = c.Temp(c.Out(0));
      EMBER_RETURN_IF_ERROR(c.AddWeight(pads_t, *c.Const(c.In(1))));
    }
    ins.push_back({"Paddings", {pads_t}});
    ins.push_back({"Axes", {c.In(3)}});
    c.SameType();
    c.AddOp("pad", ins, {{"Out", {c.Out(0)}}}, attrs);
    return Status::OK();
  }
  if (has_axes) {
    EMBER_RETURN_IF_ERROR(c.ConstInts(3, "axes", &axes));
    for (auto& ax : axes) ax = NormAxis(ax, r);
  }
  if (!pads_t.empty()) {
    std::string pairs;
    EMBER_RETURN_IF_ERROR(RuntimePads(c, pads_t, r, &pairs));
    ins.push_back({"Paddings", {pairs}});
  } else {
    std::vector<int64_t> pairs;
    EMBER_RETURN_IF_ERROR(ConstantPads(c, pads, axes, r, &pairs));
    attrs["paddings"] = Attribute::Ints(pairs);
  }
  c.SameType();
  c.AddOp("pad", ins, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

Status ConvertGather(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  c.SameType();
  c.AddOp("gather", {{"X", {c.In(0)}}, {"Index", {c.In(1)}}}, {{"Out", {c.Out(0)}}},
          {{"axis", Attribute::Int(c.attrs().Int("axis", 0))}});
  return Status::OK();
}

// ScatterElements (and Scatter, its older name).
Status ConvertScatterElements(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  OnnxAttrs& a = c.attrs();
  c.SameType();
  c.AddOp("put_along_axis", {{"Input", {c.In(0)}}, {"Index", {c.In(1)}}, {"Value", {c.In(2)}}},
          {{"Result", {c.Out(0)}}},
          {{"Axis", Attribute::Int(a.Int("axis", 0))}, {"Reduce", Attribute::String(a.String("reduction", "none"))}});
  return Status::OK();
}

Status ConvertScatterNd(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  c.SameType();
  c.AddOp("scatter_nd", {{"X", {c.In(0)}}, {"Index", {c.In(1)}}, {"Updates", {c.In(2)}}}, {{"Out", {c.Out(0)}}},
          {{"reduction", Attribute::String(c.attrs().String("reduction", "none"))}});
  return Status::OK();
}

Status ConvertGatherNd(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  c.SameType();
  c.AddOp("gather_nd", {{"X", {c.In(0)}}, {"Index", {c.In(1)}}}, {{"Out", {c.Out(0)}}},
          {{"batch_dims", Attribute::Int(c.attrs().Int("batch_dims", 0))}});
  return Status::OK();
}

Status ConvertCenterCropPad(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  c.SameType();
  c.AddOp("center_crop_pad", {{"X", {c.In(0)}}, {"Shape", {c.In(1)}}}, {{"Out", {c.Out(0)}}},
          {{"axes", Attribute::Ints(c.attrs().Ints("axes", {}))}});
  return Status::OK();
}

Status ConvertUnique(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  OpDesc::Slots outs = {{"Out", {c.Out(0)}}};
  const char* slots[] = {"Indices", "Inverse", "Counts"};
  for (int i = 1; i < 4; ++i)
    if (c.node().output_size() > i && !c.Out(i).empty()) {
      outs.push_back({slots[i - 1], {c.Out(i)}});
      c.SetType(c.Out(i), DataType::kInt64);
    }
  c.SameType();
  c.AddOp("unique", {{"X", {c.In(0)}}}, outs,
          {{"has_axis", Attribute::Bool(a.Has("axis"))}, {"axis", Attribute::Int(a.Int("axis", 0))},
           {"sorted", Attribute::Bool(a.Int("sorted", 1) != 0)}});
  return Status::OK();
}

Status ConvertReverseSequence(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  c.SameType();
  c.AddOp("reverse_sequence", {{"X", {c.In(0)}}, {"SequenceLens", {c.In(1)}}}, {{"Out", {c.Out(0)}}},
          {{"batch_axis", Attribute::Int(a.Int("batch_axis", 1))},
           {"time_axis", Attribute::Int(a.Int("time_axis", 0))}});
  return Status::OK();
}

// NonZero: where_index's [n, rank] coordinates, transposed to ONNX's [rank, n].
Status ConvertNonZero(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string idx = c.Temp(c.Out(0));
  c.SetType(idx, DataType::kInt64);
  c.SetType(c.Out(0), DataType::kInt64);
  c.AddOp("where_index", {{"Condition", {c.In(0)}}}, {{"Out", {idx}}});
  c.AddOp("transpose2", {{"X", {idx}}}, {{"Out", {c.Out(0)}}}, {{"axis", Attribute::Ints({1, 0})}});
  return Status::OK();
}

// Compress: the slices along `axis` (of the flattened input without one) where condition is true.
Status ConvertCompress(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  const std::string y = c.Out(0), idx = c.Temp(y), flat_idx = c.Temp(y);
  std::string x = c.In(0);
  const bool has_axis = c.attrs().Has("axis");
  if (!has_axis) {
    const std::string flat = c.Temp(y);
    c.CopyType(x, flat);
    c.AddOp("reshape2", {{"X", {x}}}, {{"Out", {flat}}}, {{"shape", Attribute::Ints({-1})}});
    x = flat;
  }
  c.AddOp("where_index", {{"Condition", {c.In(1)}}}, {{"Out", {idx}}});
  c.AddOp("reshape2", {{"X", {idx}}}, {{"Out", {flat_idx}}}, {{"shape", Attribute::Ints({-1})}});
  c.SameType();
  c.AddOp("gather", {{"X", {x}}, {"Index", {flat_idx}}}, {{"Out", {y}}},
          {{"axis", Attribute::Int(has_axis ? c.attrs().Int("axis", 0) : 0)}});
  return Status::OK();
}

// EyeLike: a constant, made at load from the input's known 2-D shape.
Status ConvertEyeLike(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const auto* xs = c.Shape(c.In(0));
  if (!xs || xs->size() != 2 || (*xs)[0] < 0 || (*xs)[1] < 0)
    return c.Fail("EyeLike needs the input's 2-D shape at load");
  DataType dt = c.TypeOf(c.In(0));
  if (a.Has("dtype") && !EmberTypeOf(static_cast<int>(a.Int("dtype", 1)), &dt))
    return a.Unsupported("dtype", std::to_string(a.Int("dtype", 1)));
  const int64_t rows = (*xs)[0], cols = (*xs)[1], k = a.Int("k", 0);
  Tensor eye(DataType::kFloat32, DDim({rows, cols}));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) eye.mutable_data<float>()[i * cols + j] = j - i == k ? 1.f : 0.f;
  const std::string w = c.Temp(c.Out(0));
  EMBER_RETURN_IF_ERROR(c.AddWeight(w, eye));
  c.AddCast(w, DataType::kFloat32, c.Out(0), dt);
  return Status::OK();
}

Status ConvertGatherElements(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  c.SameType();
  c.AddOp("take_along_axis", {{"Input", {c.In(0)}}, {"Index", {c.In(1)}}}, {{"Result", {c.Out(0)}}},
          {{"Axis", Attribute::Int(c.attrs().Int("axis", 0))}});
  return Status::OK();
}

// Input 1 as the op's attribute `attr` when constant, else bound to its tensor slot `slot`.
Status EmitWithIntsInput(OnnxContext& c, const std::string& type, const std::string& attr, const std::string& slot) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  c.SameType();
  if (const Tensor* t = c.Const(c.In(1)))
    c.AddOp(type, {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}}, {{attr, Attribute::Ints(ToInts(*t))}});
  else
    c.AddOp(type, {{"X", {c.In(0)}}, {slot, {c.In(1)}}}, {{"Out", {c.Out(0)}}});
  return Status::OK();
}

Status ConvertExpand(OnnxContext& c) { return EmitWithIntsInput(c, "expand_v2", "shape", "Shape"); }
Status ConvertTile(OnnxContext& c) { return EmitWithIntsInput(c, "tile", "repeat_times", "RepeatTimes"); }

Status ConvertRange(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  c.SameType();
  c.AddOp("range", {{"Start", {c.In(0)}}, {"End", {c.In(1)}}, {"Step", {c.In(2)}}}, {{"Out", {c.Out(0)}}});
  return Status::OK();
}

// DepthToSpace and SpaceToDepth.
Status ConvertDepthToSpace(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const bool d2s = c.op_type() == "DepthToSpace";
  std::map<std::string, Attribute> attrs = {{"blocksize", Attribute::Int(a.Int("blocksize", 0))}};
  if (d2s) {
    std::string mode = a.String("mode", "DCR");
    if (mode != "DCR" && mode != "CRD") return a.Unsupported("mode", Quote(mode));
    attrs["mode"] = Attribute::String(mode);
  }
  c.SameType();
  c.AddOp(d2s ? "depth_to_space" : "space_to_depth", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

Status ConvertTrilu(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  std::map<std::string, Attribute> attrs = {{"lower", Attribute::Bool(c.attrs().Int("upper", 1) == 0)}};
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  if (!c.In(1).empty()) {
    if (const Tensor* t = c.Const(c.In(1))) {
      std::vector<int64_t> k = ToInts(*t);
      if (k.size() != 1) return c.Fail("input k must hold one value");
      attrs["diagonal"] = Attribute::Int(k[0]);
    } else {
      ins.push_back({"Diagonal", {c.In(1)}});
    }
  }
  c.SameType();
  c.AddOp("tril_triu", ins, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

}  // namespace

const std::vector<OnnxConverter>& OnnxShapeConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"Reshape", 1, 4, EMBER_KEPT_CONVERTER("onnx", "Reshape", ConvertReshapeAttr)},
      {"Reshape", 5, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Reshape", ConvertReshape)},
      {"Flatten", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Flatten", ConvertFlatten)},
      {"Transpose", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Transpose", ConvertTranspose)},
      {"Concat", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Concat", ConvertConcat)},
      {"Squeeze", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Squeeze", ConvertSqueeze)},
      {"Unsqueeze", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Unsqueeze", ConvertSqueeze)},
      {"Slice", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Slice", ConvertSlice)},
      {"Split", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Split", ConvertSplit)},
      {"Pad", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Pad", ConvertPad)},
      {"Gather", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Gather", ConvertGather)},
      {"Scatter", 9, 10, EMBER_KEPT_CONVERTER("onnx", "Scatter", ConvertScatterElements)},
      {"ScatterElements", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ScatterElements", ConvertScatterElements)},
      {"ScatterND", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ScatterND", ConvertScatterNd)},
      {"GatherND", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GatherND", ConvertGatherNd)},
      {"CenterCropPad", 18, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "CenterCropPad", ConvertCenterCropPad)},
      {"Unique", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Unique", ConvertUnique)},
      {"ReverseSequence", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReverseSequence", ConvertReverseSequence)},
      {"NonZero", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "NonZero", ConvertNonZero)},
      {"Compress", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Compress", ConvertCompress)},
      {"EyeLike", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "EyeLike", ConvertEyeLike)},
      {"GatherElements", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GatherElements", ConvertGatherElements)},
      {"Expand", 8, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Expand", ConvertExpand)},
      {"Tile", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Tile", ConvertTile)},
      {"Range", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Range", ConvertRange)},
      {"DepthToSpace", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "DepthToSpace", ConvertDepthToSpace)},
      {"SpaceToDepth", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "SpaceToDepth", ConvertDepthToSpace)},
      {"Trilu", 14, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Trilu", ConvertTrilu)},
  };
  return rows;
}

}  // namespace ember
