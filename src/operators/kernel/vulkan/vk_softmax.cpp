#include "operators/kernel/vulkan/vk_softmax.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct SoftmaxPush {
  uint32_t lines, n, inner, log_softmax;
};
}  // namespace

Status RecordSoftmax(Recorder* r, int64_t outer, int64_t n, int64_t inner, bool log, const VkTensor& x,
                     VkTensor* y) {
  EMBER_CHECK(outer * n * inner == x.numel() && n > 0, "Vulkan softmax: ", x.dims.ToString(), " is not ", outer,
              " x ", n, " x ", inner);
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, x.dims, y));
  SoftmaxPush push = {static_cast<uint32_t>(outer * inner), static_cast<uint32_t>(n), static_cast<uint32_t>(inner),
                      log ? 1u : 0u};
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::softmax, {x.buffer.get()}, 2, sizeof(SoftmaxPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, outer * inner, 64, &gx, &gy);
  return r->Dispatch(*p, {x.buffer.get()}, {y->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
