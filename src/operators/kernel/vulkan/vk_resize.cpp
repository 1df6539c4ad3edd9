#include "operators/kernel/vulkan/vk_resize.h"

#include <algorithm>

#include "operators/kernel/central-arm-func/interpolate_func.h"
#include "operators/kernel/central-arm-func/resize_func.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct ResizePush {
  uint32_t n, in_h, in_w, out_h, out_w, taps_h, taps_w, columns;
  float extrapolation;
};

size_t MostTaps(const std::vector<std::vector<ResizeTap>>& taps) {
  size_t most = 1;
  for (const auto& t : taps) most = std::max(most, t.size());
  return most;
}

// Appends (index, weight) pairs, `width` per coordinate; index -1 keeps its meaning (outside the roi).
void AppendTaps(const std::vector<std::vector<ResizeTap>>& taps, size_t width, std::vector<float>* out) {
  for (const auto& t : taps)
    for (size_t k = 0; k < width; ++k) {
      out->push_back(k < t.size() ? static_cast<float>(t[k].index) : 0.f);
      out->push_back(k < t.size() ? t[k].weight : 0.f);
    }
}
}  // namespace

Tensor ResizeTapTable(const ResizeParam& p, int64_t* taps_h, int64_t* taps_w) {
  const auto ty = ResizeTaps(p, p.in_h, p.out_h, p.len_h, p.scale_h, p.roi_h0, p.roi_h1);
  const auto tx = ResizeTaps(p, p.in_w, p.out_w, p.len_w, p.scale_w, p.roi_w0, p.roi_w1);
  const size_t wh = MostTaps(ty), ww = MostTaps(tx);
  std::vector<float> v;
  AppendTaps(ty, wh, &v);
  AppendTaps(tx, ww, &v);
  *taps_h = static_cast<int64_t>(wh), *taps_w = static_cast<int64_t>(ww);
  Tensor table;
  table.Resize(DDim({static_cast<int64_t>(v.size())}));
  std::copy(v.begin(), v.end(), table.mutable_data<float>());
  return table;
}

namespace {
// out [planes, out_h, out_w] = x [planes, in_h, in_w] resampled by the tap table (ResizeTapTable's layout).
Status RecordTapResize(Recorder* r, const VkTensor& x, const int64_t in_hw[2], const DDim& out_dims,
                       const Tensor& taps, const int64_t taps_hw[2], float extrapolation, VkTensor* table,
                       VkTensor* out) {
  const int rank = out_dims.size();
  EMBER_CHECK(rank >= 2 && x.dims.size() == rank && x.numel() == x.dims.Product(0, rank - 2) * in_hw[0] * in_hw[1] &&
                  out_dims.Product(0, rank - 2) == x.dims.Product(0, rank - 2),
              "Vulkan resize: input ", x.dims.ToString(), " is not the shapes InferShape set");
  // Source indices travel as floats: exact below 2^24.
  EMBER_CHECK(in_hw[0] < (1 << 24) && in_hw[1] < (1 << 24), "Vulkan resize: input ", x.dims.ToString(), " too large");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(UploadTable(r, device, taps, table));
  EMBER_RETURN_IF_ERROR(Reserve(device, out_dims, out));
  const int64_t n = out_dims.numel(), out_h = out_dims[rank - 2], out_w = out_dims[rank - 1];
  if (n == 0) return Status::OK();
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  ResizePush push = {u(n), u(in_hw[0]), u(in_hw[1]), u(out_h), u(out_w), u(taps_hw[0]), u(taps_hw[1]),
                     u(out_h * taps_hw[0] * 2), extrapolation};
  const Pipeline* pipeline = nullptr;
  EMBER_RETURN_IF_ERROR(
      device->GetReadPipeline(shaders::resize, {x.buffer.get(), table->buffer.get()}, 3, sizeof(ResizePush), &pipeline));
  uint32_t gx, gy;
  GroupsFor(*device, n, 64, &gx, &gy);
  return r->Dispatch(*pipeline, {x.buffer.get(), table->buffer.get()}, {out->buffer.get()}, &push, gx, gy);
}
}  // namespace

Status RecordResize(Recorder* r, const ResizeParam& p, const VkTensor& x, VkTensor* table, VkTensor* out) {
  int64_t taps_hw[2] = {1, 1};
  const Tensor taps = ResizeTapTable(p, &taps_hw[0], &taps_hw[1]);
  const int64_t in_hw[2] = {p.in_h, p.in_w};
  return RecordTapResize(r, x, in_hw, p.out->dims(), taps, taps_hw, p.extrapolation_value, table, out);
}

Tensor InterpolateTapTable(const InterpolateParam& p) {
  const DDim& in = p.x->dims();
  const DDim& out = p.out->dims();
  std::vector<float> v;
  auto axis = [&](int64_t in_size, int64_t out_size, float ratio) {
    for (int64_t o = 0; o < out_size; ++o) {
      const int k = static_cast<int>(o);
      if (p.method == InterpMethod::kNearest) {  // one tap per coordinate
        v.insert(v.end(), {static_cast<float>(NearestSourceIndex(ratio, k, p.align_corners)), 1.f});
        continue;
      }
      const LinearTap t = BilinearTap(ratio, k, static_cast<int>(in_size), p.align_corners, p.align_mode);
      v.insert(v.end(), {static_cast<float>(t.lo), 1.f - t.w_hi, static_cast<float>(t.hi), t.w_hi});
    }
  };
  axis(in[2], out[2], p.ratio_h);
  axis(in[3], out[3], p.ratio_w);
  Tensor table;
  table.Resize(DDim({static_cast<int64_t>(v.size())}));
  std::copy(v.begin(), v.end(), table.mutable_data<float>());
  return table;
}

Status RecordInterpolate(Recorder* r, const InterpolateParam& p, const VkTensor& x, VkTensor* table, VkTensor* out) {
  EMBER_CHECK(p.x->dims().size() == 4 && p.out->dims().size() == 4, "Vulkan interpolate: ", p.x->dims().ToString(),
              " to ", p.out->dims().ToString(), " is not NCHW");
  const int64_t taps = p.method == InterpMethod::kNearest ? 1 : 2;
  const int64_t taps_hw[2] = {taps, taps}, in_hw[2] = {p.x->dims()[2], p.x->dims()[3]};
  return RecordTapResize(r, x, in_hw, p.out->dims(), InterpolateTapTable(p), taps_hw, 0.f, table, out);
}

}  // namespace vulkan
}  // namespace ember
