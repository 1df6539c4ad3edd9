#include "operators/resize_op.h"

#include <algorithm>
#include <cmath>

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status ResizeParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  scales_tensor = b->OptionalInput("Scales");
  sizes_tensor = b->OptionalInput("Sizes");
  roi_tensor = b->OptionalInput("Roi");
  out = b->Output("Out");
  AttrReader& a = b->attrs();
  std::string m = a.String("mode", "nearest");
  if (m == "nearest") mode = ResizeMode::kNearest;
  else if (m == "linear") mode = ResizeMode::kLinear;
  else if (m == "cubic") mode = ResizeMode::kCubic;
  else return Unimplemented("attribute mode '", m, "' is not supported (nearest, linear, cubic)");
  std::string c = a.String("coordinate_transformation_mode", "half_pixel");
  if (c == "half_pixel") coord = ResizeCoord::kHalfPixel;
  else if (c == "pytorch_half_pixel") coord = ResizeCoord::kPytorchHalfPixel;
  else if (c == "align_corners") coord = ResizeCoord::kAlignCorners;
  else if (c == "asymmetric") coord = ResizeCoord::kAsymmetric;
  else if (c == "tf_half_pixel_for_nn") coord = ResizeCoord::kTfHalfPixelForNn;
  else if (c == "tf_crop_and_resize") coord = ResizeCoord::kTfCropAndResize;
  else if (c == "half_pixel_symmetric") coord = ResizeCoord::kHalfPixelSymmetric;
  else return Unimplemented("attribute coordinate_transformation_mode '", c, "' is not supported");
  std::string n = a.String("nearest_mode", "round_prefer_floor");
  if (n == "round_prefer_floor") nearest = ResizeNearest::kRoundPreferFloor;
  else if (n == "round_prefer_ceil") nearest = ResizeNearest::kRoundPreferCeil;
  else if (n == "floor") nearest = ResizeNearest::kFloor;
  else if (n == "ceil") nearest = ResizeNearest::kCeil;
  else return Unimplemented("attribute nearest_mode '", n, "' is not supported");
  cubic_a = a.Float("cubic_coeff_a", -0.75f);
  exclude_outside = a.Bool("exclude_outside", false);
  antialias = a.Bool("antialias", false);
  axes = a.Ints("axes", {});
  std::string k = a.String("keep_aspect_ratio_policy", "stretch");
  if (k == "stretch") policy = ResizePolicy::kStretch;
  else if (k == "not_larger") policy = ResizePolicy::kNotLarger;
  else if (k == "not_smaller") policy = ResizePolicy::kNotSmaller;
  else return Unimplemented("attribute keep_aspect_ratio_policy '", k, "' is not supported");
  scales_attr = a.Floats("scales", {});
  sizes_attr = a.Ints("sizes", {});
  roi_attr = a.Floats("roi", {});
  extrapolation_value = a.Float("extrapolation_value", 0.f);
  return Status::OK();
}

namespace {

// Values given for `axes` (dims of a rank-`rank` X, negatives from the end) spread over every dim; the
// others take `fill(dim)`. Empty stays empty.
template <typename T, typename Fill>
Status SpreadOverAxes(const std::vector<int64_t>& axes, int rank, const char* what, Fill fill,
                      std::vector<T>* v) {
  if (axes.empty() || v->empty()) return Status::OK();
  EMBER_CHECK(v->size() == axes.size(), what, " must have one value per axis of ", DDim(axes).ToString());
  std::vector<T> full(static_cast<size_t>(rank));
  for (int i = 0; i < rank; ++i) full[static_cast<size_t>(i)] = fill(i);
  for (size_t k = 0; k < axes.size(); ++k) {
    const int64_t ax = axes[k] < 0 ? axes[k] + rank : axes[k];
    EMBER_CHECK(ax >= 0 && ax < rank, "axis ", axes[k], " is out of range for rank ", rank);
    full[static_cast<size_t>(ax)] = (*v)[k];
  }
  *v = full;
  return Status::OK();
}

// keep_aspect_ratio_policy: one scale for every listed dim, the largest that fits inside the sizes
// (not_larger) or the smallest that covers them (not_smaller); sizes become round(scale * in).
void KeepAspectRatio(ResizePolicy policy, const std::vector<int64_t>& axes, const DDim& d,
                     std::vector<int64_t>* sizes) {
  const int rank = d.size();
  std::vector<int> dims;
  for (int i = 0; i < rank; ++i)
    if (axes.empty() || std::find(axes.begin(), axes.end(), i) != axes.end() ||
        std::find(axes.begin(), axes.end(), i - rank) != axes.end())
      dims.push_back(i);
  double scale = policy == ResizePolicy::kNotLarger ? 1e300 : 0;
  for (int i : dims) {
    const double s = static_cast<double>((*sizes)[static_cast<size_t>(i)]) / static_cast<double>(d[i]);
    scale = policy == ResizePolicy::kNotLarger ? std::min(scale, s) : std::max(scale, s);
  }
  for (int i : dims) (*sizes)[static_cast<size_t>(i)] = static_cast<int64_t>(std::floor(scale * d[i] + 0.5));
}

}  // namespace

Status ResizeOp::InferShape() {
  ResizeParam& p = param_;
  const DDim& d = p.x->dims();
  const int rank = d.size();
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK(rank >= 1, "X must have rank >= 1");
  std::vector<int64_t> sizes = p.sizes_attr;
  std::vector<float> scales = p.scales_attr;
  if (p.sizes_tensor && p.sizes_tensor->numel() > 0)
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.sizes_tensor, "input Sizes", &sizes));
  if (p.scales_tensor && p.scales_tensor->numel() > 0) {
    EMBER_CHECK_DTYPE(p.scales_tensor, DataType::kFloat32, "input Scales");
    scales.assign(p.scales_tensor->data<float>(), p.scales_tensor->data<float>() + p.scales_tensor->numel());
  }
  EMBER_RETURN_IF_ERROR(SpreadOverAxes(p.axes, rank, "sizes", [&](int i) { return d[i]; }, &sizes));
  EMBER_RETURN_IF_ERROR(SpreadOverAxes(p.axes, rank, "scales", [](int) { return 1.f; }, &scales));
  if (!sizes.empty() && p.policy != ResizePolicy::kStretch && static_cast<int>(sizes.size()) == rank)
    KeepAspectRatio(p.policy, p.axes, d, &sizes);
  std::vector<int64_t> out(static_cast<size_t>(rank));
  std::vector<double> sc(static_cast<size_t>(rank), 1.0), len(static_cast<size_t>(rank), 1.0);
  if (!sizes.empty()) {
    EMBER_CHECK(static_cast<int>(sizes.size()) == rank, "sizes ", DDim(sizes).ToString(), " must have one value per dim of X ",
                d.ToString());
    for (int i = 0; i < rank; ++i) {
      EMBER_CHECK(sizes[i] > 0, "sizes ", DDim(sizes).ToString(), " must be positive");
      out[i] = sizes[i];
      sc[i] = static_cast<double>(sizes[i]) / static_cast<double>(d[i]);
      len[i] = static_cast<double>(sizes[i]);
    }
  } else {
    EMBER_CHECK(static_cast<int>(scales.size()) == rank, "scales must have one value per dim of X ", d.ToString(),
                ", got ", scales.size());
    for (int i = 0; i < rank; ++i) {
      EMBER_CHECK(scales[i] > 0, "scales must be positive, got ", scales[i]);
      sc[i] = scales[i];
      len[i] = static_cast<double>(d[i]) * static_cast<double>(scales[i]);
      out[i] = static_cast<int64_t>(std::floor(static_cast<double>(d[i]) * static_cast<double>(scales[i])));
    }
  }
  for (int i = 0; i + 2 < rank; ++i)
    EMBER_CHECK(out[i] == d[i], "only the last two dims can be resized, got ", d.ToString(), " -> ",
                DDim(out).ToString());
  p.planes = d.Product(0, std::max(rank - 2, 0));
  p.in_h = rank >= 2 ? d[rank - 2] : 1;
  p.out_h = rank >= 2 ? out[rank - 2] : 1;
  p.scale_h = rank >= 2 ? sc[rank - 2] : 1.0;
  p.len_h = rank >= 2 ? len[rank - 2] : 1.0;
  p.in_w = d[rank - 1];
  p.out_w = out[rank - 1];
  p.scale_w = sc[rank - 1];
  p.len_w = len[rank - 1];
  if (p.coord == ResizeCoord::kTfCropAndResize) {
    std::vector<float> roi = p.roi_attr;
    if (p.roi_tensor && p.roi_tensor->numel() > 0) {
      EMBER_CHECK_DTYPE(p.roi_tensor, DataType::kFloat32, "input Roi");
      roi.assign(p.roi_tensor->data<float>(), p.roi_tensor->data<float>() + p.roi_tensor->numel());
    }
    if (!p.axes.empty() && roi.size() == 2 * p.axes.size()) {  // [starts over axes..., ends over axes...]
      std::vector<float> starts(roi.begin(), roi.begin() + static_cast<std::ptrdiff_t>(p.axes.size()));
      std::vector<float> ends(roi.begin() + static_cast<std::ptrdiff_t>(p.axes.size()), roi.end());
      EMBER_RETURN_IF_ERROR(SpreadOverAxes(p.axes, rank, "roi", [](int) { return 0.f; }, &starts));
      EMBER_RETURN_IF_ERROR(SpreadOverAxes(p.axes, rank, "roi", [](int) { return 1.f; }, &ends));
      roi = starts;
      roi.insert(roi.end(), ends.begin(), ends.end());
    }
    EMBER_CHECK(static_cast<int>(roi.size()) == 2 * rank, "tf_crop_and_resize needs a roi of ", 2 * rank,
                " values, got ", roi.size());
    p.roi_h0 = rank >= 2 ? roi[rank - 2] : 0.f;
    p.roi_h1 = rank >= 2 ? roi[2 * rank - 2] : 1.f;
    p.roi_w0 = roi[rank - 1];
    p.roi_w1 = roi[2 * rank - 1];
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(resize, ResizeOp)

}  // namespace ember
