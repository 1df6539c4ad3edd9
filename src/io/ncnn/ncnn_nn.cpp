// ncnn layer converters: sources (Input, MemoryData), convolutions, pooling, fully connected and the
// normalization and per-channel layers that carry weights.
#include <algorithm>
#include <climits>

#include "io/converter_selection.h"
#include "io/ncnn/ncnn_context.h"
#include "operators/kernel/kernels_built.h"

namespace ember {

namespace {

Status ConvertInput(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  if (!L.bottoms.empty() || L.tops.size() != 1) return InvalidArgument("expects no input and 1 output");
  int w = pd.Int(0, 0), h = pd.Int(1, 0), c = pd.Int(2, 0);
  const std::vector<int>* hint = ctx.Hint(L.tops[0]);
  if (w <= 0 && h <= 0 && c <= 0 && hint) {
    const auto& s = *hint;
    w = s[0];
    h = s.size() >= 2 ? s[1] : 0;
    c = s.size() >= 3 ? s.back() : 0;
  }
  std::vector<int64_t> dims = {1};
  int rank;
  if (c > 0) dims.insert(dims.end(), {c, std::max(h, 1), std::max(w, 1)}), rank = 3;
  else if (h > 0) dims.insert(dims.end(), {h, std::max(w, 1)}), rank = 2;
  else if (w > 0) dims.push_back(w), rank = 1;
  else dims = {1, -1, -1, -1}, rank = 3;
  if (!DDim(dims).HasUnknown() && DDim(dims).numel() < 0)
    return InvalidArgument("input shape ", DDim(dims).ToString(), " has more elements than can be counted");
  const std::string name = L.tops[0];
  VarDesc v;
  v.name = name;
  v.dims = dims;
  ctx.block().AddVar(v);
  OpDesc op;
  op.type = "feed";
  op.SetInput("X", {"feed"});
  op.SetOutput("Out", {name});
  op.attrs["col"] = Attribute::Int(ctx.NextFeedColumn());
  ctx.block().ops.push_back(op);
  ctx.SetTop(L, 0, name, rank);
  return Status::OK();
}

Status ConvertMemoryData(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  if (!L.bottoms.empty() || L.tops.size() != 1) return InvalidArgument("expects no input and 1 output");
  const int w = pd.Int(0, 0), h = pd.Int(1, 0), d = pd.Int(11, 0), c = pd.Int(2, 0);
  std::vector<int64_t> dims = {1};
  int rank;
  if (c > 0 && d > 0) dims.insert(dims.end(), {c, d, std::max(h, 1), std::max(w, 1)}), rank = 4;
  else if (c > 0) dims.insert(dims.end(), {c, std::max(h, 1), std::max(w, 1)}), rank = 3;
  else if (h > 0) dims.insert(dims.end(), {h, std::max(w, 1)}), rank = 2;
  else if (w > 0) dims.push_back(w), rank = 1;
  else return InvalidArgument("no shape");
  std::vector<float> v;
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(DDim(dims).numel(), 1, &v));
  EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.tops[0], dims, std::move(v)));
  ctx.SetTop(L, 0, L.tops[0], rank);
  return Status::OK();
}

// ---------------------------------------------------------------------------------------------------------
// Convolution, Deconvolution (and their DepthWise forms), InnerProduct
// ---------------------------------------------------------------------------------------------------------

// The parameters Convolution and Deconvolution share.
struct ConvParams {
  int num_output, kw, kh, dw, dh, sw, sh, pl, pr, pt, pb, bias_term, group;
  int64_t wsize;
  ConvParams(const NcnnParamDict& pd, bool depthwise)
      : num_output(pd.Int(0, 0)), kw(pd.Int(1, 0)), kh(pd.Int(11, kw)), dw(pd.Int(2, 1)), dh(pd.Int(12, dw)),
        sw(pd.Int(3, 1)), sh(pd.Int(13, sw)), pl(pd.Int(4, 0)), pr(pd.Int(15, pl)), pt(pd.Int(14, pl)),
        pb(pd.Int(16, pt)), bias_term(pd.Int(5, 0)), group(depthwise ? pd.Int(7, 1) : 1), wsize(pd.Int(6, 0)) {}
  // Input channels per group, from the weight size.
  int64_t InPerGroup() const { return wsize / (static_cast<int64_t>(num_output) * kw * kh); }
  // One filter per channel: Paddle's depthwise ops.
  bool IsDepthwise() const { return group > 1 && group == num_output && group == InPerGroup() * group; }
};

// The int8 scales after int8 weights: `nscale` weight scales, the input scale and, with top_scale, the
// output scale (read past: Ember's int8 conv outputs float).
Status LoadInt8Scales(NcnnContext& ctx, int64_t nscale, bool top_scale, std::vector<float>* wscale,
                      std::vector<float>* in_scale) {
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(nscale, 1, wscale));
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(1, 1, in_scale));
  if (top_scale) {
    std::vector<float> top;
    EMBER_RETURN_IF_ERROR(ctx.LoadBin(1, 1, &top));
  }
  return Status::OK();
}

// Dequantizes int8 weights: w = q / scale, one scale per `per` consecutive values.
void Dequantize(const std::vector<float>& scales, int64_t per, std::vector<float>* w) {
  for (size_t i = 0; i < w->size(); ++i) {
    float s = scales[i / static_cast<size_t>(per)];
    (*w)[i] = s == 0.f ? 0.f : (*w)[i] / s;
  }
}

// The op of a (de)convolution with its weights, strides, dilations and groups; paddings are the caller's.
OpDesc ConvOp(const std::string& type, const std::string& x, const NcnnLayer& L, const ConvParams& p) {
  OpDesc op;
  op.type = type;
  op.SetInput("Input", {x});
  op.SetInput("Filter", {L.name + ".weight"});
  if (p.bias_term) op.SetInput("Bias", {L.name + ".bias"});
  op.SetOutput("Output", {L.tops[0]});
  op.attrs["strides"] = Attribute::Ints({p.sh, p.sw});
  op.attrs["dilations"] = Attribute::Ints({p.dh, p.dw});
  op.attrs["groups"] = Attribute::Int(p.group);
  return op;
}

// The kernel size and the weight count, the same for both: weight_data_size = num_output * kernel area *
// input channels per group.
Status CheckConvWeightSize(const ConvParams& p) {
  if (static_cast<int64_t>(p.kw) * p.kh > INT32_MAX) return InvalidArgument("kernel ", p.kw, "x", p.kh, " is too large");
  if (p.wsize <= 0 || p.wsize % (static_cast<int64_t>(p.num_output) * p.kw * p.kh) != 0)
    return InvalidArgument("weight_data_size ", p.wsize, " is not a multiple of num_output*kernel_w*kernel_h = ",
                           static_cast<int64_t>(p.num_output) * p.kw * p.kh);
  return Status::OK();
}

Status CheckConvParams(const NcnnLayer& L, const ConvParams& p) {
  if (L.pd.Int(19, 0) != 0) return Unimplemented("dynamic_weight = 1 is not supported");
  if (L.bottoms.size() != 1 || L.tops.size() != 1) return InvalidArgument("expects 1 input and 1 output");
  if (p.num_output <= 0 || p.kw <= 0 || p.kh <= 0 || p.dw <= 0 || p.dh <= 0 || p.sw <= 0 || p.sh <= 0 || p.group <= 0)
    return InvalidArgument("bad parameters num_output ", p.num_output, " kernel ", p.kw, "x", p.kh, " dilation ", p.dw,
                           "x", p.dh, " stride ", p.sw, "x", p.sh, " group ", p.group);
  if (p.num_output % p.group != 0)
    return InvalidArgument("num_output ", p.num_output, " is not a multiple of group ", p.group);
  EMBER_RETURN_IF_ERROR(CheckConvWeightSize(p));
  const float pad_value = L.pd.Float(18, 0.f);
  if (pad_value != 0.f) return Unimplemented("pad_value ", pad_value, " (only 0) is not supported");
  return Status::OK();
}

// ncnn's int8 convolution as quantized_conv2d: ncnn quantizes the input as round(x * input_scale), ties away
// from zero, into [-127, 127], and the products come back times 1 / (input_scale * weight_scale[o]).
struct Int8Conv {
  bool on = false;
  float input_scale = 1.f;  // 1 with generated weights (no .bin)
};

void SetInt8ConvAttrs(const Int8Conv& q, const std::string& layer, OpDesc* op) {
  op->type = "quantized_conv2d";
  op->SetInput("FilterScale", {layer + ".weight_step"});
  op->attrs["input_mul"] = Attribute::Float(q.input_scale);
  op->attrs["input_step"] = Attribute::Float(1.f / q.input_scale);
  op->attrs["quant_min"] = Attribute::Int(-127);
  op->attrs["round_type"] = Attribute::Int(1);
}

// Weights [num_output][in/group][kh][kw] (dequantized when int8, or kept int8 for quantized_conv2d), then the
// bias.
Status LoadConvWeights(NcnnContext& ctx, const NcnnLayer& L, const ConvParams& p, bool depthwise, Int8Conv* q) {
  const int int8_term = L.pd.Int(8, 0);
  std::vector<float> w, b;
  bool int8 = false;
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(p.wsize, 0, &w, &int8));
  if (p.bias_term) EMBER_RETURN_IF_ERROR(ctx.LoadBin(p.num_output, 1, &b));
  if (int8_term) {
    const int nscale = depthwise ? p.group : p.num_output;  // one per output channel (per group for depthwise)
    std::vector<float> wscale, in_scale;
    EMBER_RETURN_IF_ERROR(LoadInt8Scales(ctx, nscale, int8_term > 100, &wscale, &in_scale));
    q->on = OpBuilt("quantized_conv2d") && !depthwise && (!ctx.has_bin() || int8) &&
            (in_scale.empty() || in_scale[0] > 0);
    if (q->on) {
      if (!in_scale.empty()) q->input_scale = in_scale[0];
      std::vector<float> steps(wscale.size());
      for (size_t o = 0; o < steps.size(); ++o) steps[o] = wscale[o] == 0.f ? 0.f : 1.f / wscale[o];
      EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".weight_step", {p.num_output}, std::move(steps)));
      EMBER_RETURN_IF_ERROR(
          ctx.AddWeight(L.name + ".weight", {p.num_output, p.InPerGroup(), p.kh, p.kw}, std::move(w), DataType::kInt8));
      if (p.bias_term) EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".bias", {p.num_output}, std::move(b)));
      return Status::OK();
    }
    if (ctx.has_bin() && int8) Dequantize(wscale, p.wsize / nscale, &w);  // w = q / scale
  }
  if (ctx.has_bin() && int8 && !int8_term) return InvalidArgument("int8 weights without int8_scale_term");
  EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".weight", {p.num_output, p.InPerGroup(), p.kh, p.kw}, std::move(w)));
  if (p.bias_term) EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".bias", {p.num_output}, std::move(b)));
  return Status::OK();
}

Status Conv(NcnnContext& ctx, const NcnnLayer& L, bool depthwise) {
  const ConvParams p(L.pd, depthwise);
  EMBER_RETURN_IF_ERROR(CheckConvParams(L, p));
  Int8Conv q;
  EMBER_RETURN_IF_ERROR(LoadConvWeights(ctx, L, p, depthwise, &q));
  const NcnnBlob* in = ctx.Bottom(L, 0);
  std::string x = in->var;
  if (in->rank == 1 || in->rank == 2) {
    if (in->rank == 2) return Unimplemented("convolution of a 2-D blob is not supported");
    x = ctx.ToImage(x);
  }
  OpDesc op = ConvOp(p.IsDepthwise() ? "depthwise_conv2d" : "conv2d", x, L, p);
  if (q.on) SetInt8ConvAttrs(q, L.name, &op);
  if (p.pl == -233 || p.pt == -233) {
    op.attrs["padding_algorithm"] = Attribute::String("SAME");
    op.attrs["paddings"] = Attribute::Ints({0, 0, 0, 0});
    if (p.dw != 1 || p.dh != 1) return Unimplemented("SAME padding (-233) with dilation is not supported");
  } else if (p.pl < 0 || p.pr < 0 || p.pt < 0 || p.pb < 0) {
    return Unimplemented("padding ", p.pl, " (only explicit pads and -233 SAME_UPPER) is not supported");
  } else {
    op.attrs["paddings"] = Attribute::Ints({p.pt, p.pb, p.pl, p.pr});
  }
  EMBER_RETURN_IF_ERROR(NcnnFusedActivation(L, &op));
  ctx.Emit(std::move(op));
  ctx.SetTop(L, 0, L.tops[0], 3);
  return Status::OK();
}

Status ConvertConvolution(NcnnContext& ctx, const NcnnLayer& L) { return Conv(ctx, L, false); }
Status ConvertConvolutionDepthWise(NcnnContext& ctx, const NcnnLayer& L) { return Conv(ctx, L, true); }

Status CheckDeconvParams(const NcnnLayer& L, const ConvParams& p) {
  const NcnnParamDict& pd = L.pd;
  const int out_w = pd.Int(20, 0), out_h = pd.Int(21, out_w);
  if (L.bottoms.size() != 1 || L.tops.size() != 1) return InvalidArgument("expects 1 input and 1 output");
  if (p.num_output <= 0 || p.kw <= 0 || p.kh <= 0 || p.dw <= 0 || p.dh <= 0 || p.sw <= 0 || p.sh <= 0 ||
      p.group <= 0 || p.num_output % p.group != 0)
    return InvalidArgument("bad parameters num_output ", p.num_output, " kernel ", p.kw, "x", p.kh, " group ", p.group);
  EMBER_RETURN_IF_ERROR(CheckConvWeightSize(p));
  if (p.pl < 0 || p.pr < 0 || p.pt < 0 || p.pb < 0)
    return Unimplemented("automatic padding (-233/-234) is not supported");
  if (out_w != 0 || out_h != 0) return Unimplemented("output_w/output_h are not supported");
  return Status::OK();
}

// ncnn: [group][out/g][in/g][kh*kw]; Paddle conv2d_transpose: [in][out/g][kh][kw] (in = g * in/g + i).
std::vector<float> DeconvWeightsToPaddle(const std::vector<float>& w, const ConvParams& p) {
  const int64_t in_per_group = p.InPerGroup(), out_per_group = p.num_output / p.group;
  const int64_t maxk = static_cast<int64_t>(p.kw) * p.kh;
  std::vector<float> wt(w.size());
  for (int64_t g = 0; g < p.group; ++g)
    for (int64_t o = 0; o < out_per_group; ++o)
      for (int64_t i = 0; i < in_per_group; ++i)
        for (int64_t k = 0; k < maxk; ++k)
          wt[static_cast<size_t>((((g * in_per_group + i) * out_per_group) + o) * maxk + k)] =
              w[static_cast<size_t>(((g * out_per_group + o) * in_per_group + i) * maxk + k)];
  return wt;
}

Status Deconv(NcnnContext& ctx, const NcnnLayer& L, bool depthwise) {
  const ConvParams p(L.pd, depthwise);
  EMBER_RETURN_IF_ERROR(CheckDeconvParams(L, p));
  const int out_pad_r = L.pd.Int(18, 0), out_pad_b = L.pd.Int(19, out_pad_r);
  std::vector<float> w, b;
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(p.wsize, 0, &w));
  if (p.bias_term) EMBER_RETURN_IF_ERROR(ctx.LoadBin(p.num_output, 1, &b));
  std::vector<float> wt;
  if (ctx.has_bin()) wt = DeconvWeightsToPaddle(w, p);
  const int64_t in_ch = p.InPerGroup() * p.group;
  EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".weight", {in_ch, p.num_output / p.group, p.kh, p.kw}, std::move(wt)));
  if (p.bias_term) EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".bias", {p.num_output}, std::move(b)));
  const NcnnBlob* in = ctx.Bottom(L, 0);
  std::string x = in->var;
  if (in->rank == 1) x = ctx.ToImage(x);
  OpDesc op = ConvOp(p.IsDepthwise() ? "depthwise_conv2d_transpose" : "conv2d_transpose", x, L, p);
  op.attrs["paddings"] = Attribute::Ints({p.pt, p.pb, p.pl, p.pr});
  if (out_pad_r || out_pad_b) op.attrs["output_padding"] = Attribute::Ints({out_pad_b, out_pad_r});
  EMBER_RETURN_IF_ERROR(NcnnFusedActivation(L, &op));
  ctx.Emit(std::move(op));
  ctx.SetTop(L, 0, L.tops[0], 3);
  return Status::OK();
}

Status ConvertDeconvolution(NcnnContext& ctx, const NcnnLayer& L) { return Deconv(ctx, L, false); }
Status ConvertDeconvolutionDepthWise(NcnnContext& ctx, const NcnnLayer& L) { return Deconv(ctx, L, true); }

Status ConvertInnerProduct(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const NcnnParamDict& pd = L.pd;
  const int num_output = pd.Int(0, 0);
  const int bias_term = pd.Int(1, 0);
  const int64_t wsize = pd.Int(2, 0);
  const int int8_term = pd.Int(8, 0);
  if (num_output <= 0 || wsize <= 0 || wsize % num_output != 0)
    return InvalidArgument("bad num_output ", num_output, " / weight_data_size ", wsize);
  const int64_t num_input = wsize / num_output;
  std::vector<float> w, b;
  bool int8 = false;
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(wsize, 0, &w, &int8));
  if (bias_term) EMBER_RETURN_IF_ERROR(ctx.LoadBin(num_output, 1, &b));
  if (int8_term) {
    std::vector<float> wscale, in_scale;
    EMBER_RETURN_IF_ERROR(LoadInt8Scales(ctx, num_output, false, &wscale, &in_scale));
    if (ctx.has_bin() && int8) Dequantize(wscale, num_input, &w);
  }
  // ncnn [out][in] -> Paddle fc W [in][out].
  std::vector<float> wt;
  if (ctx.has_bin()) {
    wt.resize(w.size());
    for (int64_t o = 0; o < num_output; ++o)
      for (int64_t i = 0; i < num_input; ++i)
        wt[static_cast<size_t>(i * num_output + o)] = w[static_cast<size_t>(o * num_input + i)];
  }
  const std::string wname = L.name + ".weight", bname = L.name + ".bias";
  EMBER_RETURN_IF_ERROR(ctx.AddWeight(wname, {num_input, num_output}, std::move(wt)));
  if (bias_term) EMBER_RETURN_IF_ERROR(ctx.AddWeight(bname, {num_output}, std::move(b)));
  const NcnnBlob* in = ctx.Bottom(L, 0);
  // A 2-D blob whose rows have num_input values is multiplied row by row (ncnn's gemm path).
  const bool rows = in->rank == 2 && !in->hint.empty() && in->hint[0] == num_input;
  OpDesc op;
  op.type = "fc";
  op.SetInput("Input", {in->var});
  op.SetInput("W", {wname});
  if (bias_term) op.SetInput("Bias", {bname});
  op.SetOutput("Out", {L.tops[0]});
  op.attrs["in_num_col_dims"] = Attribute::Int(rows ? 2 : 1);
  EMBER_RETURN_IF_ERROR(NcnnFusedActivation(L, &op));
  ctx.Emit(std::move(op));
  ctx.SetTop(L, 0, L.tops[0], rows ? 2 : 1);
  return Status::OK();
}

// ---------------------------------------------------------------------------------------------------------
// Pooling
// ---------------------------------------------------------------------------------------------------------

// The kernel, stride, pad mode and padding attrs of a (non-global, non-adaptive) pooling.
Status WindowPoolAttrs(const NcnnParamDict& pd, std::map<std::string, Attribute>* a) {
  const int kw = pd.Int(1, 0), kh = pd.Int(11, kw);
  const int sw = pd.Int(2, 1), sh = pd.Int(12, sw);
  const int pl = pd.Int(3, 0), pr = pd.Int(14, pl), pt = pd.Int(13, pl), pb = pd.Int(15, pt);
  const int pad_mode = pd.Int(5, 0);
  const int include_pad = pd.Int(6, 0);
  if (kw <= 0 || kh <= 0 || sw <= 0 || sh <= 0)
    return InvalidArgument("bad kernel ", kw, "x", kh, " or stride ", sw, "x", sh);
  (*a)["ksize"] = Attribute::Ints({kh, kw});
  (*a)["strides"] = Attribute::Ints({sh, sw});
  if (pl < 0 || pr < 0 || pt < 0 || pb < 0) return InvalidArgument("negative pads");
  (*a)["paddings"] = Attribute::Ints({pt, pb, pl, pr});
  if (pad_mode == 0) (*a)["ceil_mode"] = Attribute::Bool(true);
  else if (pad_mode == 1) (*a)["ceil_mode"] = Attribute::Bool(false);
  else if (pad_mode == 2) (*a)["padding_algorithm"] = Attribute::String("SAME");
  else return Unimplemented("pad_mode ", pad_mode, " (SAME_LOWER) is not supported");
  (*a)["exclusive"] = Attribute::Bool(include_pad == 0);
  return Status::OK();
}

Status ConvertPooling(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const NcnnParamDict& pd = L.pd;
  const int type = pd.Int(0, 0);
  const int global = pd.Int(4, 0);
  const int adaptive = pd.Int(7, 0);
  const int out_w = pd.Int(8, 0), out_h = pd.Int(18, out_w);
  if (type != 0 && type != 1) return Unimplemented("pooling_type ", type, " (only 0 max, 1 avg) is not supported");
  const NcnnBlob* in = ctx.Bottom(L, 0);
  if (in->rank != 0 && in->rank != 3) return Unimplemented("pooling of a ", in->rank, "-D blob is not supported");
  const std::string& out = L.tops[0];
  std::map<std::string, Attribute> a;
  a["pooling_type"] = Attribute::String(type == 0 ? "max" : "avg");
  if (global) {
    a["global_pooling"] = Attribute::Bool(true);
    a["ksize"] = Attribute::Ints({1, 1});
    std::string t = ctx.Temp(out);
    ctx.AddOp("pool2d", {{"X", {in->var}}}, {{"Out", {t}}}, a);
    // ncnn's global pooling gives a 1-D blob of channels.
    ctx.AddOp("reshape2", {{"X", {t}}}, {{"Out", {out}}}, {{"shape", Attribute::Ints({1, -1})}});
    ctx.SetTop(L, 0, out, 1);
    return Status::OK();
  }
  if (adaptive) {
    if (out_w <= 0 || out_h <= 0) return InvalidArgument("adaptive pooling needs out_w/out_h, got ", out_w, " ", out_h);
    a["adaptive"] = Attribute::Bool(true);
    a["ksize"] = Attribute::Ints({out_h, out_w});
  } else {
    EMBER_RETURN_IF_ERROR(WindowPoolAttrs(pd, &a));
  }
  ctx.AddOp("pool2d", {{"X", {in->var}}}, {{"Out", {out}}}, a);
  ctx.SetTop(L, 0, out, 3);
  return Status::OK();
}

// ---------------------------------------------------------------------------------------------------------
// Normalization and per-channel layers
// ---------------------------------------------------------------------------------------------------------

Status ConvertBatchNorm(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const int c = L.pd.Int(0, 0);
  const float eps = L.pd.Float(1, 0.f);
  if (c <= 0) return InvalidArgument("channels must be positive, got ", c);
  const char* names[] = {".slope", ".mean", ".var", ".bias"};
  for (const char* n : names) {
    std::vector<float> v;
    EMBER_RETURN_IF_ERROR(ctx.LoadBin(c, 1, &v));
    EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + n, {c}, std::move(v)));
  }
  const NcnnBlob* in = ctx.Bottom(L, 0);
  ctx.AddOp("batch_norm",
            {{"X", {in->var}}, {"Scale", {L.name + ".slope"}}, {"Bias", {L.name + ".bias"}},
             {"Mean", {L.name + ".mean"}}, {"Variance", {L.name + ".var"}}},
            {{"Y", {L.tops[0]}}}, {{"epsilon", Attribute::Float(eps)}});
  ctx.SetTop(L, 0, L.tops[0], in->rank);
  return Status::OK();
}

Status ConvertScale(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const int size = L.pd.Int(0, 0);
  const int bias_term = L.pd.Int(1, 0);
  if (size == -233) return Unimplemented("scale from a second blob is not supported");
  if (size <= 0) return InvalidArgument("scale_data_size must be positive, got ", size);
  const NcnnBlob* in = ctx.Bottom(L, 0);
  const std::string& out = L.tops[0];
  std::vector<float> s, b;
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(size, 1, &s));
  EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".scale", {size}, std::move(s)));
  const int64_t axis = in->rank >= 2 ? 1 : -1;
  std::string mid = bias_term ? ctx.Temp(out) : out;
  ctx.AddOp("elementwise_mul", {{"X", {in->var}}, {"Y", {L.name + ".scale"}}}, {{"Out", {mid}}},
            {{"axis", Attribute::Int(axis)}});
  if (bias_term) {
    EMBER_RETURN_IF_ERROR(ctx.LoadBin(size, 1, &b));
    EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".bias", {size}, std::move(b)));
    ctx.AddOp("elementwise_add", {{"X", {mid}}, {"Y", {L.name + ".bias"}}}, {{"Out", {out}}},
              {{"axis", Attribute::Int(axis)}});
  }
  ctx.SetTop(L, 0, out, in->rank);
  return Status::OK();
}

Status ConvertPReLU(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const int n = L.pd.Int(0, 0);
  if (n <= 0) return InvalidArgument("num_slope must be positive, got ", n);
  std::vector<float> s;
  EMBER_RETURN_IF_ERROR(ctx.LoadBin(n, 1, &s));
  EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".slope", {n}, std::move(s)));
  const NcnnBlob* in = ctx.Bottom(L, 0);
  ctx.AddOp("prelu", {{"X", {in->var}}, {"Alpha", {L.name + ".slope"}}}, {{"Out", {L.tops[0]}}},
            {{"mode", Attribute::String(n == 1 ? "all" : "channel")}});
  ctx.SetTop(L, 0, L.tops[0], in->rank);
  return Status::OK();
}

Status ConvertLRN(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const NcnnParamDict& pd = L.pd;
  const int region = pd.Int(0, 0), size = pd.Int(1, 5);
  const float alpha = pd.Float(2, 1.f), beta = pd.Float(3, 0.75f), bias = pd.Float(4, 1.f);
  if (region != 0) return Unimplemented("region_type ", region, " (only 0 across channels) is not supported");
  if (size <= 0) return InvalidArgument("local_size must be positive, got ", size);
  return ctx.AddActivationLayer(L, "lrn",
                                {{"n", Attribute::Int(size)}, {"k", Attribute::Float(bias)},
                                 {"alpha", Attribute::Float(alpha / size)}, {"beta", Attribute::Float(beta)}});
}

Status ConvertLayerNorm(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const int affine_size = L.pd.Int(0, 0);
  const float eps = L.pd.Float(1, 0.001f);
  const int affine = L.pd.Int(2, 1);
  const NcnnBlob* in = ctx.Bottom(L, 0);
  if (affine_size <= 0) return InvalidArgument("affine_size must be positive");
  if (in->rank != 2 && in->rank != 1) return Unimplemented("layer norm of a ", in->rank, "-D blob is not supported");
  ctx.AddOp("layer_norm", {{"X", {in->var}}}, {{"Y", {L.tops[0]}}},
            {{"begin_norm_axis", Attribute::Int(in->rank)}, {"epsilon", Attribute::Float(eps)}});
  if (affine) {
    std::vector<float> g, b;
    EMBER_RETURN_IF_ERROR(ctx.LoadBin(affine_size, 1, &g));
    EMBER_RETURN_IF_ERROR(ctx.LoadBin(affine_size, 1, &b));
    EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".gamma", {affine_size}, std::move(g)));
    EMBER_RETURN_IF_ERROR(ctx.AddWeight(L.name + ".beta", {affine_size}, std::move(b)));
    OpDesc& op = ctx.block().ops.back();  // the layer_norm: AddWeight adds variables, not ops
    op.SetInput("Scale", {L.name + ".gamma"});
    op.SetInput("Bias", {L.name + ".beta"});
  }
  ctx.SetTop(L, 0, L.tops[0], in->rank);
  return Status::OK();
}

Status ConvertSoftmax(NcnnContext& ctx, const NcnnLayer& L) {
  return ctx.AddActivationLayer(L, "softmax", {{"axis", Attribute::Int(NcnnAxisToEmber(L.pd.Int(0, 0)))}});
}

Status ConvertDropout(NcnnContext& ctx, const NcnnLayer& L) {
  const float scale = L.pd.Float(0, 1.f);
  if (scale == 1.f) return ctx.AddActivationLayer(L, "assign");
  return ctx.AddActivationLayer(L, "scale", {{"scale", Attribute::Float(scale)}, {"bias", Attribute::Float(0.f)}});
}

}  // namespace

const std::vector<NcnnConverter>& NcnnNnConverters() {
  static const std::vector<NcnnConverter> rows = {
      {"Input", EMBER_KEPT_CONVERTER("ncnn", "Input", ConvertInput)},
      {"MemoryData", EMBER_KEPT_CONVERTER("ncnn", "MemoryData", ConvertMemoryData)},
      {"Convolution", EMBER_KEPT_CONVERTER("ncnn", "Convolution", ConvertConvolution)},
      {"ConvolutionDepthWise", EMBER_KEPT_CONVERTER("ncnn", "ConvolutionDepthWise", ConvertConvolutionDepthWise)},
      {"Deconvolution", EMBER_KEPT_CONVERTER("ncnn", "Deconvolution", ConvertDeconvolution)},
      {"DeconvolutionDepthWise", EMBER_KEPT_CONVERTER("ncnn", "DeconvolutionDepthWise", ConvertDeconvolutionDepthWise)},
      {"InnerProduct", EMBER_KEPT_CONVERTER("ncnn", "InnerProduct", ConvertInnerProduct)},
      {"Pooling", EMBER_KEPT_CONVERTER("ncnn", "Pooling", ConvertPooling)},
      {"BatchNorm", EMBER_KEPT_CONVERTER("ncnn", "BatchNorm", ConvertBatchNorm)},
      {"Scale", EMBER_KEPT_CONVERTER("ncnn", "Scale", ConvertScale)},
      {"PReLU", EMBER_KEPT_CONVERTER("ncnn", "PReLU", ConvertPReLU)},
      {"LRN", EMBER_KEPT_CONVERTER("ncnn", "LRN", ConvertLRN)},
      {"LayerNorm", EMBER_KEPT_CONVERTER("ncnn", "LayerNorm", ConvertLayerNorm)},
      {"Softmax", EMBER_KEPT_CONVERTER("ncnn", "Softmax", ConvertSoftmax)},
      {"Dropout", EMBER_KEPT_CONVERTER("ncnn", "Dropout", ConvertDropout)},
  };
  return rows;
}

}  // namespace ember
