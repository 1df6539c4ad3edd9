#include "operators/kernel/vulkan/vk_pool2d.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct Pool2dPush {
  uint32_t n, in_h, in_w, out_h, out_w, kernel_h, kernel_w, stride_h, stride_w;
  int32_t pad_top, pad_left;
  uint32_t is_max, exclusive, adaptive;
};
}  // namespace

bool SupportsPool2d(const PoolGeometry& g) { return g.lp == 0.f && g.dilation_h == 1 && g.dilation_w == 1; }

Status RecordPool2d(Recorder* r, const PoolGeometry& g, const VkTensor& x, VkTensor* y) {
  if (!SupportsPool2d(g)) return Unimplemented("Vulkan pool2d: lp pooling and dilated windows have no shader");
  EMBER_CHECK(x.numel() == g.batch * g.channels * g.in_h * g.in_w, "Vulkan pool2d: input ", x.dims.ToString(),
              " is not the geometry's");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, DDim({g.batch, g.channels, g.out_h, g.out_w}), y));
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  Pool2dPush push = {u(y->numel()), u(g.in_h), u(g.in_w), u(g.out_h), u(g.out_w), u(g.kernel_h), u(g.kernel_w),
                     u(g.stride_h), u(g.stride_w), static_cast<int32_t>(g.pad_top), static_cast<int32_t>(g.pad_left),
                     g.is_max ? 1u : 0u, g.exclusive ? 1u : 0u, g.adaptive ? 1u : 0u};
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::pool2d, {x.buffer.get()}, 2, sizeof(Pool2dPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, y->numel(), 64, &gx, &gy);
  return r->Dispatch(*p, {x.buffer.get()}, {y->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
