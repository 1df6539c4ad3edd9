#include "operators/kernel/vulkan/vk_layer_norm.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct LayerNormPush {
  uint32_t rows, cols, has_scale, has_bias, write_mean, write_var;
  float epsilon;
};
}  // namespace

Status RecordLayerNorm(Recorder* r, int64_t rows, int64_t cols, float epsilon, const VkTensor& x,
                       const VkTensor* scale, const VkTensor* bias, const LayerNormOutputs& out) {
  EMBER_CHECK(rows * cols == x.numel() && cols > 0 && (!scale || scale->numel() == cols) &&
                  (!bias || bias->numel() == cols) && (!(out.mean || out.variance) || out.stats_dims.numel() == rows),
              "Vulkan layer_norm: ", x.dims.ToString(), " is not ", rows, " rows of ", cols,
              " with a scale and bias of ", cols);
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, x.dims, out.y));
  if (out.mean) EMBER_RETURN_IF_ERROR(Reserve(device, out.stats_dims, out.mean));
  if (out.variance) EMBER_RETURN_IF_ERROR(Reserve(device, out.stats_dims, out.variance));
  if (rows == 0) return Status::OK();
  LayerNormPush push = {static_cast<uint32_t>(rows), static_cast<uint32_t>(cols), scale ? 1u : 0u, bias ? 1u : 0u,
                        out.mean ? 1u : 0u, out.variance ? 1u : 0u, epsilon};
  // A binding the shader does not touch still needs a buffer: x for a missing scale or bias, y for a missing stat.
  const Buffer* in = x.buffer.get();
  const Buffer* s = scale ? scale->buffer.get() : in;
  const Buffer* b = bias ? bias->buffer.get() : in;
  Buffer* y = out.y->buffer.get();
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::layer_norm, {in, s, b}, 6, sizeof(LayerNormPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, rows, 64, &gx, &gy);
  return r->Dispatch(*p, {in, s, b},
                     {y, out.mean ? out.mean->buffer.get() : y, out.variance ? out.variance->buffer.get() : y}, &push,
                     gx, gy);
}

}  // namespace vulkan
}  // namespace ember
