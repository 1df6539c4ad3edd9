#include "operators/kernel/vulkan/vk_resize.h"

#include <algorithm>

#include "operators/kernel/central-arm-func/resize_func.h"

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

Status RecordResize(Recorder* r, const ResizeParam& p, const VkTensor& x, VkTensor* table, VkTensor* out) {
  EMBER_CHECK(x.numel() == p.planes * p.in_h * p.in_w, "Vulkan resize: input ", x.dims.ToString(),
              " is not the shapes InferShape set");
  // Source indices travel as floats: exact below 2^24.
  EMBER_CHECK(p.in_h < (1 << 24) && p.in_w < (1 << 24), "Vulkan resize: input ", x.dims.ToString(), " too large");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  int64_t taps_h = 1, taps_w = 1;
  EMBER_RETURN_IF_ERROR(Upload(device, ResizeTapTable(p, &taps_h, &taps_w), table));
  EMBER_RETURN_IF_ERROR(Reserve(device, p.out->dims(), out));
  const int64_t n = p.planes * p.out_h * p.out_w;
  if (n == 0) return Status::OK();
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  ResizePush push = {u(n), u(p.in_h), u(p.in_w), u(p.out_h), u(p.out_w), u(taps_h), u(taps_w),
                     u(p.out_h * taps_h * 2), p.extrapolation_value};
  const Pipeline* pipeline = nullptr;
  EMBER_RETURN_IF_ERROR(
      device->GetReadPipeline("resize", {x.buffer.get(), table->buffer.get()}, 3, sizeof(ResizePush), &pipeline));
  uint32_t gx, gy;
  GroupsFor(*device, n, 64, &gx, &gy);
  return r->Dispatch(*pipeline, {x.buffer.get(), table->buffer.get()}, {out->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
