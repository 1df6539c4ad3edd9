// ncnn layer converters that move data without arithmetic: Split, Noop, Concat, Slice, Crop, Reshape,
// Flatten, Permute, Interp, Padding, ShuffleChannel.
#include <algorithm>
#include <climits>

#include "io/converter_selection.h"
#include "io/ncnn/ncnn_context.h"

namespace ember {

namespace {

Status ConvertSplit(NcnnContext& ctx, const NcnnLayer& L) {
  if (L.bottoms.size() != 1) return InvalidArgument("expects 1 input");
  const NcnnBlob in = *ctx.Bottom(L, 0);
  for (size_t i = 0; i < L.tops.size(); ++i) ctx.SetTop(L, i, in.var, in.rank);
  return Status::OK();
}

// Top i is bottom i (the last bottom for the tops beyond); without tops it adds nothing.
Status ConvertNoop(NcnnContext& ctx, const NcnnLayer& L) {
  for (size_t i = 0; i < L.tops.size(); ++i) {
    const NcnnBlob in = *ctx.Bottom(L, std::min(i, L.bottoms.size() - 1));
    ctx.SetTop(L, i, in.var, in.rank);
  }
  return Status::OK();
}

Status ConvertConcat(NcnnContext& ctx, const NcnnLayer& L) {
  if (L.bottoms.empty() || L.tops.size() != 1) return InvalidArgument("expects inputs and 1 output");
  int rank = 0;
  for (size_t i = 0; i < L.bottoms.size(); ++i) rank = std::max(rank, ctx.Bottom(L, i)->rank);
  ctx.AddOp("concat", {{"X", ctx.BottomVars(L)}}, {{"Out", {L.tops[0]}}},
            {{"axis", Attribute::Int(NcnnAxisToEmber(L.pd.Int(0, 0)))}});
  ctx.SetTop(L, 0, L.tops[0], rank);
  return Status::OK();
}

// Several -233 among fixed sizes: each takes an equal share of what is left; needs the axis size.
Status SliceSections(const NcnnBlob& in, int axis, const std::vector<int>& slices, std::vector<int64_t>* sec) {
  const size_t n = slices.size();
  int rank = in.rank;
  int a_idx = axis < 0 ? axis + rank : axis;
  if (in.hint.empty() || a_idx < 0 || a_idx >= rank)
    return Unimplemented("several automatic (-233) slices among fixed sizes need the input's shape hint");
  int64_t size = in.hint[static_cast<size_t>(rank - 1 - a_idx)];
  int64_t used = 0;
  for (size_t i = 0; i < n; ++i) {
    int64_t s = slices[i];
    if (s == -233) s = (size - used) / static_cast<int64_t>(n - i);
    sec->push_back(s);
    used += s;
  }
  return Status::OK();
}

Status ConvertSlice(NcnnContext& ctx, const NcnnLayer& L) {
  std::vector<int> slices = L.pd.Ints(0);
  std::vector<int> indices = L.pd.Ints(1);
  const int axis = L.pd.Int(1, 0);
  const NcnnBlob* in = ctx.Bottom(L, 0);
  const size_t n = L.tops.size();
  if (!indices.empty()) return Unimplemented("slice indices (-23301) are not supported");
  if (slices.size() != n) return InvalidArgument(slices.size(), " slices for ", n, " outputs");
  int auto_count = 0;
  for (int s : slices) auto_count += s == -233;
  std::map<std::string, Attribute> a;
  a["axis"] = Attribute::Int(NcnnAxisToEmber(axis));
  if (auto_count == static_cast<int>(n)) {
    a["num"] = Attribute::Int(static_cast<int64_t>(n));
  } else if (auto_count <= 1) {
    std::vector<int64_t> sec;
    for (int s : slices) sec.push_back(s == -233 ? -1 : s);
    a["sections"] = Attribute::Ints(sec);
  } else {
    std::vector<int64_t> sec;
    EMBER_RETURN_IF_ERROR(SliceSections(*in, axis, slices, &sec));
    a["sections"] = Attribute::Ints(sec);
  }
  ctx.AddOp("split", {{"X", {in->var}}}, {{"Out", L.tops}}, a);
  for (size_t i = 0; i < n; ++i) ctx.SetTop(L, i, L.tops[i], in->rank);
  return Status::OK();
}

// A slice op's axes, starts and ends.
struct CropRange {
  std::vector<int64_t> axes, starts, ends;
};

// Crop by the starts / ends / axes arrays (-23309, -23310, -23311).
Status CropFromArrays(const NcnnParamDict& pd, CropRange* r) {
  std::vector<int> s = pd.Ints(9), e = pd.Ints(10), ax = pd.Ints(11);
  if (s.size() != e.size() || s.size() != ax.size())
    return InvalidArgument("starts, ends and axes have ", s.size(), ", ", e.size(), " and ", ax.size(), " values");
  for (size_t i = 0; i < s.size(); ++i) {
    r->axes.push_back(NcnnAxisToEmber(ax[i]));
    r->starts.push_back(s[i]);
    r->ends.push_back(e[i] == -233 || e[i] >= (1 << 30) ? INT32_MAX : e[i]);
  }
  return Status::OK();
}

// Crop by per-dim offsets and sizes (w, h, c; depth is not supported).
Status CropFromOffsets(const NcnnParamDict& pd, int rank, CropRange* r) {
  const int woff = pd.Int(0, 0), hoff = pd.Int(1, 0), doff = pd.Int(13, 0), coff = pd.Int(2, 0);
  const int outw = pd.Int(3, 0), outh = pd.Int(4, 0), outd = pd.Int(14, 0), outc = pd.Int(5, 0);
  const int woff2 = pd.Int(6, 0), hoff2 = pd.Int(7, 0), doff2 = pd.Int(15, 0), coff2 = pd.Int(8, 0);
  if (doff || outd || doff2) return Unimplemented("depth cropping is not supported");
  if (rank == 0) return Unimplemented("cropping needs the input's rank (no shape hint)");
  if (rank > 3) return Unimplemented("cropping a ", rank, "-D blob is not supported");
  // (offset, size, offset2) per ncnn dim, outermost first; a blob of rank r has the last r of them.
  struct D { int off, size, off2; };
  const D all[3] = {{coff, outc, coff2}, {hoff, outh, hoff2}, {woff, outw, woff2}};
  for (int i = 0; i < rank; ++i) {
    const D& d = all[3 - rank + i];
    if (d.off == 0 && d.size <= 0 && d.off2 == 0) continue;
    r->axes.push_back(i + 1);
    r->starts.push_back(d.off);
    if (d.size == -233 || d.size <= 0) {
      if (d.off2 != 0) return Unimplemented("crop with offset2 is not supported");
      r->ends.push_back(INT32_MAX);
    } else {
      r->ends.push_back(static_cast<int64_t>(d.off) + d.size);
    }
  }
  return Status::OK();
}

Status ConvertCrop(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const NcnnBlob* in = ctx.Bottom(L, 0);
  if (L.bottoms.size() != 1) return Unimplemented("crop to a reference blob (2 inputs) is not supported");
  CropRange r;
  if (pd.HasArray(9) || pd.HasArray(10) || pd.HasArray(11))
    EMBER_RETURN_IF_ERROR(CropFromArrays(pd, &r));
  else
    EMBER_RETURN_IF_ERROR(CropFromOffsets(pd, in->rank, &r));
  const std::string& out = L.tops[0];
  if (r.axes.empty()) {
    ctx.AddOp("assign", {{"X", {in->var}}}, {{"Out", {out}}});
  } else {
    ctx.AddOp("slice", {{"Input", {in->var}}}, {{"Out", {out}}},
              {{"axes", Attribute::Ints(r.axes)}, {"starts", Attribute::Ints(r.starts)},
               {"ends", Attribute::Ints(r.ends)}});
  }
  ctx.SetTop(L, 0, out, in->rank);
  return Status::OK();
}

Status ConvertReshape(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int w = pd.Int(0, -233), h = pd.Int(1, -233), d = pd.Int(11, -233), c = pd.Int(2, -233);
  if (pd.Int(3, 0) != 0) return Unimplemented("permute = 1 (caffe-order reshape) is not supported");
  if (L.bottoms.size() != 1) return Unimplemented("reshape to a shape blob is not supported");
  const NcnnBlob* in = ctx.Bottom(L, 0);
  std::vector<int> ncnn;  // outermost first
  if (h == -233) ncnn = {w};
  else if (c == -233) ncnn = {h, w};
  else if (d == -233) ncnn = {c, h, w};
  else ncnn = {c, d, h, w};
  std::vector<int64_t> shape = {1};
  for (size_t i = 0; i < ncnn.size(); ++i) {
    int v = ncnn[i];
    if (v == 0) {
      // 0 copies the input's dim at the same ncnn position (w with w, h with h, ...).
      const int rank_out = static_cast<int>(ncnn.size());
      if (in->rank != rank_out)
        return Unimplemented("0 in a reshape that changes the rank needs the input's shape");
      shape.push_back(0);
    } else {
      if (v < -1) return InvalidArgument("bad target dim ", v);
      shape.push_back(v);
    }
  }
  const std::string& out = L.tops[0];
  ctx.AddOp("reshape2", {{"X", {in->var}}}, {{"Out", {out}}}, {{"shape", Attribute::Ints(shape)}});
  ctx.SetTop(L, 0, out, static_cast<int>(ncnn.size()));
  return Status::OK();
}

Status ConvertFlatten(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  ctx.AddActivation("reshape2", ctx.Bottom(L, 0)->var, L.tops[0], {{"shape", Attribute::Ints({1, -1})}});
  ctx.SetTop(L, 0, L.tops[0], 1);
  return Status::OK();
}

Status ConvertPermute(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const int order = L.pd.Int(0, 0);
  const NcnnBlob* in = ctx.Bottom(L, 0);
  std::vector<int64_t> axis;
  if (in->rank == 2) {
    if (order == 0) axis = {0, 1, 2};
    else if (order == 1) axis = {0, 2, 1};
    else return InvalidArgument("order_type ", order, " is not valid for a 2-D blob");
  } else if (in->rank == 3) {
    // order_type names the output's (w, h, c) in terms of the input's; in Ember's [1, c, h, w] order:
    static const int64_t kAxes[6][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3},
                                        {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1}};
    if (order < 0 || order > 5) return Unimplemented("order_type ", order, " is not supported for a 3-D blob");
    axis.assign(kAxes[order], kAxes[order] + 4);
  } else {
    return Unimplemented("permute of a ", in->rank, "-D blob is not supported");
  }
  return ctx.AddActivationLayer(L, "transpose2", {{"axis", Attribute::Ints(axis)}});
}

Status ConvertInterp(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int type = pd.Int(0, 0);
  const float hs = pd.Float(1, 1.f), ws = pd.Float(2, 1.f);
  const int oh = pd.Int(3, 0), ow = pd.Int(4, 0);
  const int dynamic = pd.Int(5, 0);
  const int align = pd.Int(6, 0);
  const NcnnBlob* in = ctx.Bottom(L, 0);
  if (L.bottoms.size() != 1 || dynamic) return Unimplemented("interp to a reference size is not supported");
  if (in->rank != 3 && in->rank != 0) return Unimplemented("interp of a ", in->rank, "-D blob is not supported");
  std::map<std::string, Attribute> a;
  std::string t;
  if (type == 1) t = "nearest_interp_v2";
  else if (type == 2) t = "bilinear_interp_v2";
  else return Unimplemented("resize_type ", type, " (only 1 nearest, 2 bilinear) is not supported");
  a["interp_method"] = Attribute::String(type == 1 ? "nearest" : "bilinear");
  a["align_corners"] = Attribute::Bool(align != 0);
  a["align_mode"] = Attribute::Int(0);
  if (oh > 0 && ow > 0) {
    a["out_h"] = Attribute::Int(oh);
    a["out_w"] = Attribute::Int(ow);
  } else {
    if (!(hs > 0.f) || !(ws > 0.f)) return InvalidArgument("bad scales ", hs, " ", ws);
    a["scale"] = Attribute::Floats({hs, ws});
  }
  const std::string& out = L.tops[0];
  ctx.AddOp(t, {{"X", {in->var}}}, {{"Out", {out}}}, a);
  ctx.SetTop(L, 0, out, 3);
  return Status::OK();
}

Status ConvertPadding(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const int top = pd.Int(0, 0), bottom = pd.Int(1, 0), left = pd.Int(2, 0), right = pd.Int(3, 0);
  const int type = pd.Int(4, 0);
  const float value = pd.Float(5, 0.f);
  const int per_channel = pd.Int(6, 0);
  const int front = pd.Int(7, 0), behind = pd.Int(8, 0);
  if (per_channel) return Unimplemented("per-channel pad values are not supported");
  if (L.bottoms.size() != 1) return Unimplemented("pads from a blob are not supported");
  const NcnnBlob* in = ctx.Bottom(L, 0);
  if (in->rank != 3 && in->rank != 0) return Unimplemented("padding a ", in->rank, "-D blob is not supported");
  if (top < 0 || bottom < 0 || left < 0 || right < 0 || front < 0 || behind < 0)
    return InvalidArgument("negative pads");
  const char* mode2d = type == 0 ? "constant" : type == 1 ? "edge" : type == 2 ? "reflect" : nullptr;
  const char* mode3d = type == 0 ? "constant" : type == 1 ? "replicate" : type == 2 ? "reflect" : nullptr;
  if (!mode2d) return Unimplemented("type ", type, " is not supported");
  const std::string& out = L.tops[0];
  if (front == 0 && behind == 0) {
    ctx.AddOp("pad2d", {{"X", {in->var}}}, {{"Out", {out}}},
              {{"paddings", Attribute::Ints({top, bottom, left, right})}, {"mode", Attribute::String(mode2d)},
               {"pad_value", Attribute::Float(value)}});
  } else {
    // Channel padding: view [1, c, h, w] as [1, 1, c, h, w] and pad depth, height and width.
    std::string t5 = ctx.Temp(out), p5 = ctx.Temp(out);
    ctx.AddOp("unsqueeze2", {{"X", {in->var}}}, {{"Out", {t5}}}, {{"axes", Attribute::Ints({1})}});
    ctx.AddOp("pad3d", {{"X", {t5}}}, {{"Out", {p5}}},
              {{"paddings", Attribute::Ints({left, right, top, bottom, front, behind})},
               {"mode", Attribute::String(mode3d)}, {"value", Attribute::Float(value)}});
    ctx.AddOp("squeeze2", {{"X", {p5}}}, {{"Out", {out}}}, {{"axes", Attribute::Ints({1})}});
  }
  ctx.SetTop(L, 0, out, 3);
  return Status::OK();
}

Status ConvertShuffleChannel(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const int group = L.pd.Int(0, 1);
  const int reverse = L.pd.Int(1, 0);
  const NcnnBlob* in = ctx.Bottom(L, 0);
  if (group <= 0) return InvalidArgument("group must be positive, got ", group);
  if (in->rank != 0 && in->rank != 3) return Unimplemented("shuffling a ", in->rank, "-D blob is not supported");
  if (reverse)
    ctx.AddActivation("ncnn_shuffle_channel", in->var, L.tops[0],
                      {{"group", Attribute::Int(group)}, {"reverse", Attribute::Bool(true)}});
  else
    ctx.AddActivation("shuffle_channel", in->var, L.tops[0], {{"group", Attribute::Int(group)}});
  ctx.SetTop(L, 0, L.tops[0], 3);
  return Status::OK();
}

}  // namespace

const std::vector<NcnnConverter>& NcnnShapeConverters() {
  static const std::vector<NcnnConverter> rows = {
      {"Split", EMBER_KEPT_CONVERTER("ncnn", "Split", ConvertSplit)},
      {"Noop", EMBER_KEPT_CONVERTER("ncnn", "Noop", ConvertNoop)},
      {"Concat", EMBER_KEPT_CONVERTER("ncnn", "Concat", ConvertConcat)},
      {"Slice", EMBER_KEPT_CONVERTER("ncnn", "Slice", ConvertSlice)},
      {"Crop", EMBER_KEPT_CONVERTER("ncnn", "Crop", ConvertCrop)},
      {"Reshape", EMBER_KEPT_CONVERTER("ncnn", "Reshape", ConvertReshape)},
      {"Flatten", EMBER_KEPT_CONVERTER("ncnn", "Flatten", ConvertFlatten)},
      {"Permute", EMBER_KEPT_CONVERTER("ncnn", "Permute", ConvertPermute)},
      {"Interp", EMBER_KEPT_CONVERTER("ncnn", "Interp", ConvertInterp)},
      {"Padding", EMBER_KEPT_CONVERTER("ncnn", "Padding", ConvertPadding)},
      {"ShuffleChannel", EMBER_KEPT_CONVERTER("ncnn", "ShuffleChannel", ConvertShuffleChannel)},
  };
  return rows;
}

}  // namespace ember
