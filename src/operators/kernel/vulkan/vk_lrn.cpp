#include "operators/kernel/vulkan/vk_lrn.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct LrnPush {
  uint32_t total, channels, hw, half_window;
  float k, alpha, beta;
};
}  // namespace

Status RecordLrn(Recorder* r, const LrnShape& s, const VkTensor& x, VkTensor* out) {
  EMBER_CHECK(s.batch * s.channels * s.hw == x.numel() && s.channels > 0 && s.n > 0, "Vulkan lrn: ",
              x.dims.ToString(), " is not ", s.batch, " x ", s.channels, " x ", s.hw, " (window ", s.n, ")");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, x.dims, out));
  if (x.numel() == 0) return Status::OK();
  LrnPush push = {static_cast<uint32_t>(x.numel()), static_cast<uint32_t>(s.channels), static_cast<uint32_t>(s.hw),
                  static_cast<uint32_t>((s.n - 1) / 2), s.k, s.alpha, s.beta};
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::lrn, {x.buffer.get()}, 2, sizeof(LrnPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, x.numel(), 64, &gx, &gy);
  return r->Dispatch(*p, {x.buffer.get()}, {out->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
