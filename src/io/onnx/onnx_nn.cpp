// ONNX converters for neural-network layers: Conv / ConvTranspose, pooling, normalization, LRN.
#include <algorithm>
#include <cfloat>

#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/tensor_proto.h"

namespace ember {

namespace {

// --- convolution and pooling (2-D; 1-D runs as 2-D with a height of 1)
// kernel/strides/dilations/pads/auto_pad for `nsp` spatial dims as 2-D values with explicit pads
// [top, bottom, left, right] (or padding_algorithm SAME when the input size is unknown).
struct Spatial {
  std::vector<int64_t> kernel, strides, dilations, paddings, output_padding;
  std::string algo = "EXPLICIT";
};

// The pads auto_pad SAME_* (or a ConvTranspose output_shape) asks for, from the input's spatial size `in_sz`.
Status SamePads(OnnxContext& c, const std::string& ap, bool transposed, const std::vector<int64_t>& in_sz,
                const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
                const std::vector<int64_t>& dil, const std::vector<int64_t>& out_shape,
                std::vector<int64_t>* out_pad, std::vector<int64_t>* pads) {
  const int nsp = static_cast<int>(kernel.size());
  for (int i = 0; i < nsp; ++i) {
    int64_t eff = (kernel[i] - 1) * dil[i] + 1, total;
    if (transposed) {
      int64_t target = out_shape.empty() ? in_sz[i] * strides[i] : out_shape[i];
      total = strides[i] * (in_sz[i] - 1) + (*out_pad)[i] + eff - target;
    } else {
      int64_t out = (in_sz[i] + strides[i] - 1) / strides[i];
      total = std::max<int64_t>((out - 1) * strides[i] + eff - in_sz[i], 0);
    }
    bool upper = transposed ? ap == "SAME_UPPER" : ap != "SAME_LOWER";
    int64_t small = total >= 0 ? total / 2 : -((-total + 1) / 2), big = total - small;  // floor division
    (*pads)[i] = upper ? small : big;
    (*pads)[i + nsp] = upper ? big : small;
    if ((*pads)[i + nsp] < 0 && transposed) {  // a larger output: the missing rows come from output_padding
      (*out_pad)[i] -= (*pads)[i + nsp];
      (*pads)[i + nsp] = 0;
    }
    if ((*pads)[i] < 0 || (*pads)[i + nsp] < 0)
      return c.Fail(StrCat("output_shape ", DDim(out_shape).ToString(), " is larger than the op can produce"));
  }
  return Status::OK();
}

// ONNX pads [begin..., end...] as Paddle's paddings, and the other attributes as 2-D values for 1-D.
void ToPaddleLayout(int nsp, const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
                    const std::vector<int64_t>& dil, const std::vector<int64_t>& pads, Spatial* sp) {
  if (nsp == 1) {
    sp->kernel = {1, kernel[0]};
    sp->strides = {1, strides[0]};
    sp->dilations = {1, dil[0]};
    sp->paddings = {0, 0, pads[0], pads[1]};
  } else if (nsp == 2) {
    sp->kernel = kernel;
    sp->strides = strides;
    sp->dilations = dil;
    sp->paddings = {pads[0], pads[2], pads[1], pads[3]};
  } else {  // 3-D: Paddle's {front, back, top, bottom, left, right}
    sp->kernel = kernel;
    sp->strides = strides;
    sp->dilations = dil;
    sp->paddings = {pads[0], pads[3], pads[1], pads[4], pads[2], pads[5]};
  }
  if (sp->algo != "EXPLICIT") sp->paddings.assign(sp->paddings.size(), 0);
}

Status ReadSpatial(OnnxContext& c, int nsp, const std::vector<int64_t>& kernel, bool transposed, Spatial* sp) {
  OnnxAttrs& a = c.attrs();
  if (nsp < 1 || nsp > 3)
    return c.Fail(StrCat("only 1-D, 2-D and 3-D ", Quote(c.op_type()), " are supported, got ", nsp, " spatial dims"));
  std::vector<int64_t> strides = a.Ints("strides", std::vector<int64_t>(nsp, 1));
  std::vector<int64_t> dil = a.Ints("dilations", std::vector<int64_t>(nsp, 1));
  std::vector<int64_t> pads = a.Ints("pads", std::vector<int64_t>(2 * nsp, 0));
  std::string ap = a.String("auto_pad", "NOTSET");
  if (static_cast<int>(strides.size()) != nsp || static_cast<int>(dil.size()) != nsp ||
      static_cast<int>(pads.size()) != 2 * nsp || static_cast<int>(kernel.size()) != nsp)
    return c.Fail("kernel_shape, strides, dilations and pads do not match the number of spatial dims");
  std::vector<int64_t> in_sz;
  const auto* xs = c.Shape(c.In(0));
  if (xs && static_cast<int>(xs->size()) == nsp + 2) in_sz.assign(xs->end() - nsp, xs->end());
  bool known = !in_sz.empty() && std::all_of(in_sz.begin(), in_sz.end(), [](int64_t v) { return v > 0; });
  std::vector<int64_t> out_pad = transposed ? a.Ints("output_padding", std::vector<int64_t>(nsp, 0)) : std::vector<int64_t>();
  std::vector<int64_t> out_shape = transposed ? a.Ints("output_shape", {}) : std::vector<int64_t>();
  if (out_shape.size() > static_cast<size_t>(nsp)) out_shape.erase(out_shape.begin(), out_shape.end() - nsp);
  if (ap == "VALID") {
    std::fill(pads.begin(), pads.end(), 0);
  } else if (ap == "SAME_UPPER" || ap == "SAME_LOWER" || !out_shape.empty()) {
    if (ap != "NOTSET" && ap != "SAME_UPPER" && ap != "SAME_LOWER") return a.Unsupported("auto_pad", Quote(ap));
    if (known) {
      EMBER_RETURN_IF_ERROR(SamePads(c, ap, transposed, in_sz, kernel, strides, dil, out_shape, &out_pad, &pads));
    } else if (ap == "SAME_UPPER" && !transposed && out_shape.empty()) {
      sp->algo = "SAME";
    } else {
      return c.Fail(StrCat("auto_pad ", Quote(ap), " / output_shape needs the input's spatial size (no value_info for it)"));
    }
  } else if (ap != "NOTSET") {
    return a.Unsupported("auto_pad", Quote(ap));
  }
  ToPaddleLayout(nsp, kernel, strides, dil, pads, sp);
  if (transposed) {
    if (static_cast<int>(out_pad.size()) != nsp) return a.Unsupported("output_padding", DDim(out_pad).ToString());
    sp->output_padding = nsp == 1 ? std::vector<int64_t>{0, out_pad[0]} : out_pad;
  }
  return Status::OK();
}

// 1-D: X [N, C, L] → [N, C, 1, L] before, and the output back after.
std::string To2d(OnnxContext& c, int nsp) {
  const std::string x = c.In(0);
  if (nsp != 1) return x;
  std::string x4 = c.Temp(x);
  c.SameType();
  c.CopyType(x, x4);
  c.AddOp("unsqueeze2", {{"X", {x}}}, {{"Out", {x4}}}, {{"axes", Attribute::Ints({2})}});
  return x4;
}

void From2d(OnnxContext& c, int nsp, const std::string& y4) {
  if (nsp != 1) return;
  c.AddOp("squeeze2", {{"X", {y4}}}, {{"Out", {c.Out(0)}}}, {{"axes", Attribute::Ints({2})}});
}

// The filter for a 1-D convolution as [out, in, 1, k]: reshaped at load when constant, else unsqueezed.
Status Filter2d(OnnxContext& c, const Tensor* w, std::string* filter) {
  *filter = c.Temp(c.In(1));
  if (!w) {
    c.AddOp("unsqueeze2", {{"X", {c.In(1)}}}, {{"Out", {*filter}}}, {{"axes", Attribute::Ints({2})}});
    return Status::OK();
  }
  Tensor w4;
  EMBER_RETURN_IF_ERROR(w4.CopyFrom(*w));
  w4.Resize(DDim({w->dims()[0], w->dims()[1], 1, w->dims()[2]}));
  return c.AddWeight(*filter, w4);
}

}  // namespace

// Conv and ConvTranspose (onnx_context.h: QLinearConv and ConvInteger reuse it).
Status ConvertConv(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  const std::string x = c.In(0), y = c.Out(0);
  const bool transposed = c.op_type() == "ConvTranspose";
  // ConvInteger (onnx_quantize.cpp): conv2d_integer, inputs 2 and 3 the zero points, int32 out.
  const bool integer = c.op_type() == "ConvInteger";
  const Tensor* w = c.Const(c.In(1));
  int wrank = w ? w->dims().size() : c.Rank(c.In(1));
  std::vector<int64_t> kernel = a.Ints("kernel_shape", {});
  const auto* ws = c.Shape(c.In(1));
  if (w && w->dims().size() < 3)
    return c.Fail(StrCat("weight ", Quote(c.In(1)), " has rank ", w->dims().size(), "; it needs [out, in, kernel...]"));
  if (w) kernel.assign(w->dims().vec().begin() + 2, w->dims().vec().end());
  else if (kernel.empty() && ws && ws->size() > 2) kernel.assign(ws->begin() + 2, ws->end());
  if (wrank < 0) wrank = static_cast<int>(kernel.size()) + 2;
  const int nsp = wrank - 2;
  Spatial sp;
  EMBER_RETURN_IF_ERROR(ReadSpatial(c, nsp, kernel, transposed, &sp));
  std::string filter = c.In(1);
  if (nsp == 1) EMBER_RETURN_IF_ERROR(Filter2d(c, w, &filter));
  std::string x4 = To2d(c, nsp), y4 = nsp >= 2 ? y : c.Temp(y);
  std::map<std::string, Attribute> attrs = {
      {"strides", Attribute::Ints(sp.strides)}, {"paddings", Attribute::Ints(sp.paddings)},
      {"dilations", Attribute::Ints(sp.dilations)}, {"groups", Attribute::Int(a.Int("group", 1))},
      {"padding_algorithm", Attribute::String(sp.algo)}};
  if (transposed && std::any_of(sp.output_padding.begin(), sp.output_padding.end(), [](int64_t v) { return v != 0; }))
    attrs["output_padding"] = Attribute::Ints(sp.output_padding);
  OpDesc::Slots ins = {{"Input", {x4}}, {"Filter", {filter}}};
  if (integer) {
    if (nsp != 1 && nsp != 2) return c.Fail(StrCat(nsp, "-D ConvInteger is not supported (1-D and 2-D only)"));
    if (!c.In(2).empty()) ins.push_back({"InputZeroPoint", {c.In(2)}});
    if (!c.In(3).empty()) ins.push_back({"FilterZeroPoint", {c.In(3)}});
    c.SetType(y, DataType::kInt32);
    c.SetType(y4, DataType::kInt32);
    c.AddOp("conv2d_integer", ins, {{"Output", {y4}}}, attrs);
    From2d(c, nsp, y4);
    return Status::OK();
  }
  if (!c.In(2).empty()) ins.push_back({"Bias", {c.In(2)}});
  c.SameType();
  c.CopyType(x, y4);
  if (nsp == 3) c.AddOp(transposed ? "conv3d_transpose" : "conv3d", ins, {{"Output", {y4}}}, attrs);
  else c.AddOp(transposed ? "conv2d_transpose" : "conv2d", ins, {{"Output", {y4}}}, attrs);
  From2d(c, nsp, y4);
  return Status::OK();
}

namespace {

// MaxPool's Indices output (1-D and 2-D).
// Indices: ONNX counts over the whole tensor, ((n * C + c) * H + h) * W + w (storage_order 0) or
// (n * C + c) * H * W + w * H + h (1). pool2d's Mask is h * W + w in the plane; pooling the input with H
// and W swapped gives w * H + h. The plane offsets need the input's dims at load.
Status EmitPoolWithIndices(OnnxContext& c, int nsp, const Spatial& sp, bool swap_hw, bool dilated,
                           std::map<std::string, Attribute> attrs, const std::string& x4, const std::string& y4) {
  const std::string x = c.In(0), y = c.Out(0), indices = c.Out(1);
  const auto* xs = c.Shape(x);
  if (!xs || static_cast<int>(xs->size()) != nsp + 2 ||
      std::any_of(xs->begin(), xs->end(), [](int64_t d) { return d <= 0; }))
    return c.Fail("output Indices needs the input's shape at load (no value_info for it)");
  const std::vector<int64_t> xd = *xs;
  int64_t plane = 1;
  for (size_t i = 2; i < xd.size(); ++i) plane *= xd[i];
  // 1-D runs as 2-D [N, C, 1, L]: the plane index is l either way.
  std::string src = x4, pooled = y4, mask = c.Temp(indices);
  if (swap_hw) {
    src = c.Temp(x);
    pooled = c.Temp(y);
    c.AddOp("transpose2", {{"X", {x}}}, {{"Out", {src}}}, {{"axis", Attribute::Ints({0, 1, 3, 2})}});
    auto swap = [](std::vector<int64_t> v, size_t i, size_t j) { std::swap(v[i], v[j]); return v; };
    attrs["ksize"] = Attribute::Ints(swap(sp.kernel, 0, 1));
    attrs["strides"] = Attribute::Ints(swap(sp.strides, 0, 1));
    attrs["paddings"] = Attribute::Ints({sp.paddings[2], sp.paddings[3], sp.paddings[0], sp.paddings[1]});
    if (dilated) attrs["dilations"] = Attribute::Ints(swap(sp.dilations, 0, 1));
  }
  c.AddOp("pool2d", {{"X", {src}}}, {{"Out", {pooled}}, {"Mask", {mask}}}, attrs);
  if (swap_hw) {
    std::string mt = c.Temp(indices);
    c.AddOp("transpose2", {{"X", {pooled}}}, {{"Out", {y}}}, {{"axis", Attribute::Ints({0, 1, 3, 2})}});
    c.AddOp("transpose2", {{"X", {mask}}}, {{"Out", {mt}}}, {{"axis", Attribute::Ints({0, 1, 3, 2})}});
    mask = mt;
  }
  std::string m64 = c.Temp(indices), offsets = c.Temp(indices);
  c.AddOp("cast", {{"X", {mask}}}, {{"Out", {m64}}},
          {{"in_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt32))},
           {"out_dtype", Attribute::Int(static_cast<int>(VarDataType::kInt64))}});
  Tensor off(DataType::kInt64, DDim({xd[0], xd[1], 1, 1}));
  for (int64_t i = 0; i < xd[0] * xd[1]; ++i) off.mutable_data<int64_t>()[i] = i * plane;
  EMBER_RETURN_IF_ERROR(c.AddWeight(offsets, off));
  c.SetType(indices, DataType::kInt64);
  std::string idx = nsp == 2 ? indices : c.Temp(indices);
  c.AddOp("elementwise_add", {{"X", {m64}}, {"Y", {offsets}}}, {{"Out", {idx}}}, {{"axis", Attribute::Int(-1)}});
  if (nsp == 1) {
    From2d(c, nsp, y4);
    c.AddOp("squeeze2", {{"X", {idx}}}, {{"Out", {indices}}}, {{"axes", Attribute::Ints({2})}});
  }
  return Status::OK();
}

// 8-bit max pooling through float32, which holds every int8 / uint8 value exactly.
Status EmitIntegerMaxPool(OnnxContext& c, DataType t, const std::map<std::string, Attribute>& attrs) {
  const std::string xf = c.Temp(c.In(0)), yf = c.Temp(c.Out(0));
  c.AddCast(c.In(0), t, xf, DataType::kFloat32);
  c.SetType(yf, DataType::kFloat32);
  c.AddOp("pool2d", {{"X", {xf}}}, {{"Out", {yf}}}, attrs);
  c.AddCast(yf, DataType::kFloat32, c.Out(0), t);
  return Status::OK();
}

// MaxPool, AveragePool and LpPool.
Status ConvertPool(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const bool max = c.op_type() == "MaxPool", lp = c.op_type() == "LpPool";
  std::vector<int64_t> k = a.Ints("kernel_shape", {});
  int nsp = static_cast<int>(k.size());
  Spatial sp;
  EMBER_RETURN_IF_ERROR(ReadSpatial(c, nsp, k, false, &sp));
  const bool dilated = std::any_of(sp.dilations.begin(), sp.dilations.end(), [](int64_t d) { return d != 1; });
  const int64_t storage_order = a.Int("storage_order", 0);
  if (storage_order != 0 && storage_order != 1) return a.Unsupported("storage_order", std::to_string(storage_order));
  const bool indices = c.node().output_size() > 1 && !c.Out(1).empty();
  if (indices && nsp == 3) return c.Fail("output Indices is supported for 1-D and 2-D MaxPool only, got 3-D");
  bool ceil = a.Int("ceil_mode", 0) != 0;
  bool exclusive = a.Int("count_include_pad", 0) == 0;
  std::string x4 = To2d(c, nsp), y4 = nsp >= 2 ? c.Out(0) : c.Temp(c.Out(0));
  c.SameType();
  c.CopyType(c.In(0), y4);
  std::map<std::string, Attribute> attrs = {
      {"pooling_type", Attribute::String(max ? "max" : lp ? "lp" : "avg")}, {"ksize", Attribute::Ints(sp.kernel)},
      {"strides", Attribute::Ints(sp.strides)}, {"paddings", Attribute::Ints(sp.paddings)},
      {"ceil_mode", Attribute::Bool(ceil)}, {"last_window_in_input", Attribute::Bool(true)},
      {"exclusive", Attribute::Bool(exclusive)}, {"padding_algorithm", Attribute::String(sp.algo)}};
  if (dilated) attrs["dilations"] = Attribute::Ints(sp.dilations);
  if (lp) attrs["norm_p"] = Attribute::Float(static_cast<float>(a.Int("p", 2)));
  const DataType xt = c.TypeOf(c.In(0));
  if (max && nsp == 2 && !indices && (xt == DataType::kInt8 || xt == DataType::kUInt8))
    return EmitIntegerMaxPool(c, xt, attrs);
  if (nsp == 3) {
    c.AddOp("pool3d", {{"X", {x4}}}, {{"Out", {y4}}}, attrs);
    return Status::OK();
  }
  if (indices) return EmitPoolWithIndices(c, nsp, sp, storage_order == 1 && nsp == 2, dilated, attrs, x4, y4);
  if (storage_order != 0) return a.Unsupported("storage_order", "1 (without the Indices output)");
  c.AddOp("pool2d", {{"X", {x4}}}, {{"Out", {y4}}}, attrs);
  From2d(c, nsp, y4);
  return Status::OK();
}

// GlobalAveragePool, GlobalMaxPool and GlobalLpPool.
Status ConvertGlobalPool(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  int r = c.Rank(c.In(0));
  if (r >= 0 && r != 4 && r != 5) return c.Fail(StrCat("only 4-D and 5-D inputs are supported, got rank ", r));
  c.SameType();
  const std::string& t = c.op_type();
  c.AddOp(r == 5 ? "pool3d" : "pool2d", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}},
          {{"pooling_type", Attribute::String(t == "GlobalMaxPool" ? "max" : t == "GlobalLpPool" ? "lp" : "avg")},
           {"norm_p", Attribute::Float(static_cast<float>(c.attrs().Int("p", 2)))},
           {"ksize", Attribute::Ints(r == 5 ? std::vector<int64_t>{1, 1, 1} : std::vector<int64_t>{1, 1})},
           {"global_pooling", Attribute::Bool(true)}});
  return Status::OK();
}

// GroupNormalization: scale / bias per channel (opset 21), or per group before it (spread over the channels
// at load, which needs them constant and the channel count known).
Status ConvertGroupNormalization(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  OnnxAttrs& a = c.attrs();
  const int64_t groups = a.Int("num_groups", 1);
  a.Ignore({"stash_type"});
  OpDesc::Slots ins = {{"X", {c.In(0)}}, {"Scale", {c.In(1)}}, {"Bias", {c.In(2)}}};
  if (c.opset() < 21) {
    const auto* xs = c.Shape(c.In(0));
    const Tensor* s = c.Const(c.In(1));
    const Tensor* b = c.Const(c.In(2));
    if (!xs || xs->size() < 2 || (*xs)[1] <= 0 || !s || !b)
      return c.Fail("per-group scale and bias (opset < 21) need constant scale / bias and a known channel count");
    const int64_t ch = (*xs)[1];
    for (int i = 1; i <= 2; ++i) {
      const Tensor& src = *(i == 1 ? s : b);
      if (src.numel() != groups || ch % groups) return c.Fail("scale and bias must hold one value per group");
      Tensor per(DataType::kFloat32, DDim({ch}));
      for (int64_t k = 0; k < ch; ++k) per.mutable_data<float>()[k] = src.data<float>()[k / (ch / groups)];
      const std::string name = c.Temp(c.In(i));
      EMBER_RETURN_IF_ERROR(c.AddWeight(name, per));
      ins[static_cast<size_t>(i)].second = {name};
    }
  }
  c.SameType();
  c.AddOp("group_norm", ins, {{"Y", {c.Out(0)}}},
          {{"groups", Attribute::Int(groups)}, {"epsilon", Attribute::Float(a.Float("epsilon", 1e-5f))}});
  return Status::OK();
}

// LpNormalization: x / (sum over the axis of |x|^p)^(1/p), p 1 or 2; a zero vector stays zero (its norm is
// floored at FLT_MIN).
Status ConvertLpNormalization(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const int64_t p = a.Int("p", 2);
  if (p != 1 && p != 2) return a.Unsupported("p", std::to_string(p));
  const std::string x = c.In(0), y = c.Out(0), t = c.Temp(y), s = c.Temp(y), n = c.Temp(y), safe = c.Temp(y);
  const std::string floor = c.Temp(y);
  Tensor tiny(DataType::kFloat32, DDim(std::vector<int64_t>{}));
  *tiny.mutable_data<float>() = FLT_MIN;
  EMBER_RETURN_IF_ERROR(c.AddWeight(floor, tiny));
  if (p == 1) c.AddOp("abs", {{"X", {x}}}, {{"Out", {t}}});
  else c.AddOp("elementwise_mul", {{"X", {x}}, {"Y", {x}}}, {{"Out", {t}}}, {{"axis", Attribute::Int(-1)}});
  c.AddOp("reduce_sum", {{"X", {t}}}, {{"Out", {p == 1 ? n : s}}},
          {{"dim", Attribute::Ints({a.Int("axis", -1)})}, {"keep_dim", Attribute::Bool(true)}});
  if (p == 2) c.AddOp("sqrt", {{"X", {s}}}, {{"Out", {n}}});
  c.AddOp("elementwise_max", {{"X", {n}}, {"Y", {floor}}}, {{"Out", {safe}}}, {{"axis", Attribute::Int(-1)}});
  c.SameType();
  c.AddOp("elementwise_div", {{"X", {x}}, {"Y", {safe}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

// MeanVarianceNormalization: (x - mean) / (sqrt(mean(x^2) - mean^2) + 1e-9) over `axes`, as ONNX defines it.
Status ConvertMeanVarianceNormalization(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string x = c.In(0), y = c.Out(0);
  std::map<std::string, Attribute> red = {{"dim", Attribute::Ints(c.attrs().Ints("axes", {0, 2, 3}))},
                                          {"keep_dim", Attribute::Bool(true)}};
  const std::string mean = c.Temp(y), sq = c.Temp(y), msq = c.Temp(y), m2 = c.Temp(y), var = c.Temp(y),
                    sd = c.Temp(y), den = c.Temp(y), diff = c.Temp(y);
  const Attribute last = Attribute::Int(-1);
  c.AddOp("reduce_mean", {{"X", {x}}}, {{"Out", {mean}}}, red);
  c.AddOp("elementwise_mul", {{"X", {x}}, {"Y", {x}}}, {{"Out", {sq}}}, {{"axis", last}});
  c.AddOp("reduce_mean", {{"X", {sq}}}, {{"Out", {msq}}}, red);
  c.AddOp("elementwise_mul", {{"X", {mean}}, {"Y", {mean}}}, {{"Out", {m2}}}, {{"axis", last}});
  c.AddOp("elementwise_sub", {{"X", {msq}}, {"Y", {m2}}}, {{"Out", {var}}}, {{"axis", last}});
  c.AddOp("sqrt", {{"X", {var}}}, {{"Out", {sd}}});
  c.AddOp("scale", {{"X", {sd}}}, {{"Out", {den}}},
          {{"scale", Attribute::Float(1)}, {"bias", Attribute::Float(1e-9f)}});
  c.AddOp("elementwise_sub", {{"X", {x}}, {"Y", {mean}}}, {{"Out", {diff}}}, {{"axis", last}});
  c.SameType();
  c.AddOp("elementwise_div", {{"X", {diff}}, {"Y", {den}}}, {{"Out", {y}}}, {{"axis", last}});
  return Status::OK();
}

// Batch statistics: y = (x - m) / sqrt(v + eps) * scale + B with m, v over every dim but 1; the running
// statistics outputs are input * momentum + batch * (1 - momentum).
Status EmitTrainingBatchNorm(OnnxContext& c) {
  OnnxAttrs& a = c.attrs();
  const std::string x = c.In(0), y = c.Out(0);
  int r = c.Rank(x);
  if (r < 2) return a.Unsupported("training_mode", "1 (the input's rank must be known at load)");
  float eps = a.Float("epsilon", 1e-5f), mom = a.Float("momentum", 0.9f);
  std::vector<int64_t> dims = {0}, mid;
  for (int i = 2; i < r; ++i) {
    dims.push_back(i);
    mid.push_back(i - 1);
  }
  std::map<std::string, Attribute> red = {{"dim", Attribute::Ints(dims)}, {"keep_dim", Attribute::Bool(true)}};
  auto ew = [&](const std::string& type, const std::string& l, const std::string& rr) {
    std::string o = c.Temp(y);
    c.AddOp(type, {{"X", {l}}, {"Y", {rr}}}, {{"Out", {o}}}, {{"axis", Attribute::Int(-1)}});
    return o;
  };
  auto scale = [&](const std::string& v, float sc, float bias) {
    std::string o = c.Temp(y);
    c.AddOp("scale", {{"X", {v}}}, {{"Out", {o}}}, {{"scale", Attribute::Float(sc)}, {"bias", Attribute::Float(bias)}});
    return o;
  };
  auto per_channel = [&](const std::string& v) {  // [C] -> [C, 1, ...] against [N, C, ...]
    if (mid.empty()) return v;
    std::string o = c.Temp(y);
    c.AddOp("unsqueeze2", {{"X", {v}}}, {{"Out", {o}}}, {{"axes", Attribute::Ints(mid)}});
    return o;
  };
  auto flat = [&](const std::string& v) {
    std::string o = c.Temp(y);
    c.AddOp("reshape2", {{"X", {v}}}, {{"Out", {o}}}, {{"shape", Attribute::Ints({-1})}});
    return o;
  };
  std::string m = c.Temp(y), v = c.Temp(y), inv = c.Temp(y);
  c.AddOp("reduce_mean", {{"X", {x}}}, {{"Out", {m}}}, red);
  std::string d = ew("elementwise_sub", x, m);
  c.AddOp("reduce_mean", {{"X", {ew("elementwise_mul", d, d)}}}, {{"Out", {v}}}, red);
  c.AddOp("pow", {{"X", {scale(v, 1.f, eps)}}}, {{"Out", {inv}}}, {{"factor", Attribute::Float(-0.5)}});
  std::string normed = ew("elementwise_mul", ew("elementwise_mul", d, inv), per_channel(c.In(1)));
  c.SameType();
  c.AddOp("elementwise_add", {{"X", {normed}}, {"Y", {per_channel(c.In(2))}}}, {{"Out", {y}}},
          {{"axis", Attribute::Int(-1)}});
  for (int k = 1; k <= 2; ++k) {
    if (c.node().output_size() <= k || c.Out(k).empty()) continue;
    std::string batch = scale(flat(k == 1 ? m : v), 1.f - mom, 0.f);
    std::string run = scale(c.In(k + 2), mom, 0.f);
    c.AddOp("elementwise_add", {{"X", {run}}, {"Y", {batch}}}, {{"Out", {c.Out(k)}}}, {{"axis", Attribute::Int(-1)}});
  }
  return Status::OK();
}

Status ConvertBatchNormalization(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(5));
  OnnxAttrs& a = c.attrs();
  a.Ignore({"momentum", "is_test"});
  if (a.Int("spatial", 1) == 0) return a.Unsupported("spatial", "0");
  if (a.Int("training_mode", 0) != 0) return EmitTrainingBatchNorm(c);
  for (int i = 1; i < c.node().output_size(); ++i)
    if (!c.Out(i).empty()) return c.Fail("outputs running_mean/running_var exist only in training mode");
  c.SameType();
  c.AddOp("batch_norm",
          {{"X", {c.In(0)}}, {"Scale", {c.In(1)}}, {"Bias", {c.In(2)}}, {"Mean", {c.In(3)}}, {"Variance", {c.In(4)}}},
          {{"Y", {c.Out(0)}}}, {{"epsilon", Attribute::Float(a.Float("epsilon", 1e-5f))}});
  return Status::OK();
}

Status ConvertInstanceNormalization(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  c.SameType();
  c.AddOp("instance_norm", {{"X", {c.In(0)}}, {"Scale", {c.In(1)}}, {"Bias", {c.In(2)}}}, {{"Y", {c.Out(0)}}},
          {{"epsilon", Attribute::Float(c.attrs().Float("epsilon", 1e-5f))}});
  return Status::OK();
}

// LayerNormalization's Mean and InvStdDev outputs, shaped X[:axis] + 1s: reductions over dims axis..rank-1
// with keep_dim.
Status EmitLayerNormStats(OnnxContext& c, int64_t axis, int r) {
  const std::string x = c.In(0), y = c.Out(0);
  if (r < 0) return c.Fail("outputs Mean/InvStdDev need the input's rank (no value_info for it)");
  std::vector<int64_t> dims;
  for (int64_t i = axis; i < r; ++i) dims.push_back(i);
  std::map<std::string, Attribute> red = {{"dim", Attribute::Ints(dims)}, {"keep_dim", Attribute::Bool(true)}};
  std::string mean = c.Out(1).empty() ? c.Temp(y) : c.Out(1);
  std::string diff = c.Temp(y), sq = c.Temp(y), var = c.Temp(y), ve = c.Temp(y);
  c.AddOp("reduce_mean", {{"X", {x}}}, {{"Out", {mean}}}, red);
  if (c.node().output_size() > 2 && !c.Out(2).empty()) {
    c.AddOp("elementwise_sub", {{"X", {x}}, {"Y", {mean}}}, {{"Out", {diff}}}, {{"axis", Attribute::Int(-1)}});
    c.AddOp("elementwise_mul", {{"X", {diff}}, {"Y", {diff}}}, {{"Out", {sq}}}, {{"axis", Attribute::Int(-1)}});
    c.AddOp("reduce_mean", {{"X", {sq}}}, {{"Out", {var}}}, red);
    c.AddOp("scale", {{"X", {var}}}, {{"Out", {ve}}},
            {{"scale", Attribute::Float(1)}, {"bias", Attribute::Float(c.attrs().Float("epsilon", 1e-5f))}});
    c.AddOp("pow", {{"X", {ve}}}, {{"Out", {c.Out(2)}}}, {{"factor", Attribute::Float(-0.5)}});
  }
  return Status::OK();
}

Status ConvertLayerNormalization(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  const std::string x = c.In(0), y = c.Out(0);
  int64_t axis = a.Int("axis", -1);
  int r = c.Rank(x);
  if (axis < 0) {
    if (r < 0) return c.Fail("a negative axis needs the input's rank (no value_info for it)");
    axis += r;
  }
  if (a.Int("stash_type", 1) != 1) return a.Unsupported("stash_type", std::to_string(a.Int("stash_type", 1)));
  if ((c.node().output_size() > 1 && !c.Out(1).empty()) || (c.node().output_size() > 2 && !c.Out(2).empty()))
    EMBER_RETURN_IF_ERROR(EmitLayerNormStats(c, axis, r));
  // Paddle's layer_norm takes Scale/Bias flattened to [prod(dims[axis:])].
  OpDesc::Slots ins = {{"X", {x}}};
  for (int i = 1; i <= 2; ++i) {
    if (c.In(i).empty()) continue;
    std::string flat = c.Temp(c.In(i));
    c.AddOp("reshape2", {{"X", {c.In(i)}}}, {{"Out", {flat}}}, {{"shape", Attribute::Ints({-1})}});
    ins.push_back({i == 1 ? "Scale" : "Bias", {flat}});
  }
  c.SameType();
  std::string lx = x, ly = y;
  if (axis == 0) {  // Paddle's layer_norm needs begin_norm_axis >= 1: add a leading 1 and drop it after
    lx = c.Temp(x);
    ly = c.Temp(y);
    c.AddOp("unsqueeze2", {{"X", {x}}}, {{"Out", {lx}}}, {{"axes", Attribute::Ints({0})}});
    ins[0].second = {lx};
  }
  c.AddOp("layer_norm", ins, {{"Y", {ly}}},
          {{"begin_norm_axis", Attribute::Int(axis == 0 ? 1 : axis)}, {"epsilon", Attribute::Float(a.Float("epsilon", 1e-5f))}});
  if (axis == 0) c.AddOp("squeeze2", {{"X", {ly}}}, {{"Out", {y}}}, {{"axes", Attribute::Ints({0})}});
  return Status::OK();
}

Status ConvertLRN(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  int64_t size = a.Int("size", 0);
  if (size <= 0) return a.Unsupported("size", std::to_string(size));
  c.SameType();
  c.AddOp("lrn", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}},
          {{"n", Attribute::Int(size)}, {"alpha", Attribute::Float(a.Float("alpha", 1e-4f) / size)},
           {"beta", Attribute::Float(a.Float("beta", 0.75f))}, {"k", Attribute::Float(a.Float("bias", 1.f))}});
  return Status::OK();
}

}  // namespace

const std::vector<OnnxConverter>& OnnxNnConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"Conv", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Conv", ConvertConv)},
      {"ConvTranspose", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ConvTranspose", ConvertConv)},
      {"MaxPool", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "MaxPool", ConvertPool)},
      {"AveragePool", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "AveragePool", ConvertPool)},
      {"GlobalAveragePool", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GlobalAveragePool", ConvertGlobalPool)},
      {"GlobalMaxPool", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GlobalMaxPool", ConvertGlobalPool)},
      {"GlobalLpPool", 2, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GlobalLpPool", ConvertGlobalPool)},
      {"LpPool", 2, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LpPool", ConvertPool)},
      {"GroupNormalization", 18, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "GroupNormalization", ConvertGroupNormalization)},
      {"LpNormalization", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LpNormalization", ConvertLpNormalization)},
      {"MeanVarianceNormalization", 9, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "MeanVarianceNormalization", ConvertMeanVarianceNormalization)},
      {"BatchNormalization", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "BatchNormalization", ConvertBatchNormalization)},
      {"InstanceNormalization", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "InstanceNormalization", ConvertInstanceNormalization)},
      {"LayerNormalization", 17, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LayerNormalization", ConvertLayerNormalization)},
      {"LRN", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LRN", ConvertLRN)},
  };
  return rows;
}

}  // namespace ember
