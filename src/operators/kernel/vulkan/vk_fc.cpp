#include "operators/kernel/vulkan/vk_fc.h"

#include "operators/kernel/vulkan/vk_activation.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct FcPush {
  uint32_t m, k, n, has_bias;
  int32_t act;
  float act_a, act_b, act_c;
};
}  // namespace

Status RecordFc(Recorder* r, int64_t m, int64_t k, int64_t n, const VkTensor& in, const VkTensor& w,
                const VkTensor* bias, const ActivationSpec& act, const DDim& out_dims, VkTensor* out) {
  EMBER_CHECK(in.numel() == m * k && w.numel() == k * n && (!bias || bias->numel() == n) &&
                  out_dims.numel() == m * n,
              "Vulkan fc: ", in.dims.ToString(), " x ", w.dims.ToString(), " is not ", m, "x", k, " x ", k, "x", n);
  if (!SupportsActivation(act.type))
    return Unimplemented("Vulkan fc: fused activation ", static_cast<int>(act.type), " has no shader");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, out_dims, out));
  FcPush push = {static_cast<uint32_t>(m), static_cast<uint32_t>(k), static_cast<uint32_t>(n), bias ? 1u : 0u,
                 static_cast<int32_t>(act.type), act.a, act.b, act.c};
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::fc, {in.buffer.get(), w.buffer.get()}, 4, sizeof(FcPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, m * n, 64, &gx, &gy);
  const Buffer* b = bias ? bias->buffer.get() : w.buffer.get();  // not read without a bias
  return r->Dispatch(*p, {in.buffer.get(), w.buffer.get(), b}, {out->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
