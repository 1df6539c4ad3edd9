#include "operators/kernel/vulkan/vk_conv2d.h"

#include "operators/kernel/vulkan/vk_activation.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct Conv2dPush {
  uint32_t n, in_c, in_h, in_w, out_c, out_h, out_w;
  uint32_t kernel_h, kernel_w, stride_h, stride_w, dilation_h, dilation_w;
  int32_t pad_top, pad_left;
  uint32_t groups, has_bias;
  int32_t act;
  float act_a, act_b, act_c;
};
static_assert(sizeof(Conv2dPush) <= 128, "Vulkan guarantees 128 bytes of push constants");

Status CheckShapes(const ConvGeometry& g, const VkTensor& input, const VkTensor* filter, const VkTensor* bias) {
  EMBER_CHECK(g.groups > 0 && g.in_c % g.groups == 0 && g.out_c % g.groups == 0, "Vulkan conv2d: groups ", g.groups,
              " do not divide channels ", g.in_c, " -> ", g.out_c);
  EMBER_CHECK(input.numel() == g.batch * g.in_c * g.in_h * g.in_w, "Vulkan conv2d: input ", input.dims.ToString(),
              " is not the geometry's");
  EMBER_CHECK(!filter || filter->numel() == g.out_c * (g.in_c / g.groups) * g.kernel_h * g.kernel_w,
              "Vulkan conv2d: filter ", filter ? filter->dims.ToString() : "", " is not the geometry's");
  EMBER_CHECK(!bias || bias->numel() == g.out_c, "Vulkan conv2d: bias ", bias ? bias->dims.ToString() : "",
              " is not [", g.out_c, "]");
  return Status::OK();
}
Conv2dPush MakePush(const ConvGeometry& g, int64_t outputs, bool bias, const ActivationSpec& act) {
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  return {u(outputs),     u(g.in_c),     u(g.in_h),     u(g.in_w),       u(g.out_c),       u(g.out_h),
          u(g.out_w),     u(g.kernel_h), u(g.kernel_w), u(g.stride_h),   u(g.stride_w),    u(g.dilation_h),
          u(g.dilation_w), static_cast<int32_t>(g.pad_top), static_cast<int32_t>(g.pad_left), u(g.groups),
          bias ? 1u : 0u, static_cast<int32_t>(act.type), act.a, act.b, act.c};
}

// shaders/conv2d_layer.glsl's specialization constants, in its constant_id order.
std::vector<uint32_t> LayerConstants(const ConvGeometry& g, bool bias, const ActivationSpec& act) {
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  return {u(g.in_c),       u(g.in_h),       u(g.in_w),       u(g.out_c),       u(g.out_h),   u(g.out_w),
          u(g.kernel_h),   u(g.kernel_w),   u(g.stride_h),   u(g.stride_w),    u(g.dilation_h), u(g.dilation_w),
          u(g.pad_top),    u(g.pad_left),   u(g.groups),     bias ? 1u : 0u,   static_cast<uint32_t>(act.type)};
}

}  // namespace

Tensor PackBlockFilter(const ConvGeometry& g, const Tensor& filter) {
  const int64_t cout_g = g.out_c / g.groups, k = g.in_c / g.groups * g.kernel_h * g.kernel_w;
  const int64_t blocks = (cout_g + 15) / 16;
  Tensor packed;
  packed.Resize(DDim({g.groups * blocks * k * 16}));
  float* dst = packed.mutable_data<float>();
  const float* src = filter.data<float>();
  for (int64_t grp = 0; grp < g.groups; ++grp)
    for (int64_t b = 0; b < blocks; ++b)
      for (int64_t kk = 0; kk < k; ++kk)
        for (int64_t j = 0; j < 16; ++j, ++dst) {
          const int64_t oc = b * 16 + j;
          *dst = oc < cout_g ? src[(grp * cout_g + oc) * k + kk] : 0.f;
        }
  return packed;
}

ConvAlgo ChooseConvAlgo(const ConvGeometry& g) {
  if (g.groups <= 0) return ConvAlgo::kDirect;
  if (g.in_c == g.groups) return ConvAlgo::kDepthwise;
  return g.out_c / g.groups >= 8 ? ConvAlgo::kBlock : ConvAlgo::kDirect;
}

namespace {
// The tiled shaders take pixel blocks in x and (batch, group) in z.
bool TilesFit(const Device& device, const ConvGeometry& g) {
  return (g.out_h * g.out_w + 63) / 64 <= device.max_workgroups_x() && g.batch * g.groups <= 65535;
}
}  // namespace

bool AutoUsesBlockFilter(const Device& device, const ConvGeometry& g) {
  return TilesFit(device, g) && ChooseConvAlgo(g) == ConvAlgo::kBlock;
}

Status RecordConv2d(Recorder* r, const ConvGeometry& g, const VkTensor& input, const VkTensor* filter,
                    const VkTensor* bias, const ActivationSpec& act, VkTensor* out, ConvAlgo algo,
                    const VkTensor* block_filter) {
  EMBER_RETURN_IF_ERROR(CheckShapes(g, input, filter, bias));
  if (!SupportsActivation(act.type))
    return Unimplemented("Vulkan conv2d: fused activation ", static_cast<int>(act.type), " has no shader");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, DDim({g.batch, g.out_c, g.out_h, g.out_w}), out));
  const Conv2dPush push = MakePush(g, out->numel(), bias != nullptr, act);
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  const int64_t pixels = g.out_h * g.out_w, cout_g = g.out_c / g.groups;
  const bool tiles_fit = TilesFit(*device, g);
  if (algo == ConvAlgo::kAuto) {
    algo = tiles_fit ? ChooseConvAlgo(g) : ConvAlgo::kDirect;
    if (algo == ConvAlgo::kBlock && !block_filter) algo = ConvAlgo::kDirect;
  }
  const int64_t k = g.in_c / g.groups * g.kernel_h * g.kernel_w;
  const int64_t packed = g.groups * ((cout_g + 15) / 16) * k * 16;
  EMBER_CHECK(algo != ConvAlgo::kBlock || (block_filter && block_filter->numel() == packed),
              "Vulkan conv2d: the blocked shader needs PackBlockFilter's filter");
  EMBER_CHECK(algo == ConvAlgo::kDirect || tiles_fit, "Vulkan conv2d: ", g.out_h, "x", g.out_w,
              " outputs, batch x groups ", g.batch * g.groups, " exceed the tiled shaders' dispatch limits");
  EMBER_CHECK(algo == ConvAlgo::kBlock || filter, "Vulkan conv2d: the ", algo == ConvAlgo::kDirect ? "direct" : "tiled",
              " shader needs the plain filter");
  // conv2d_gemm reads its filter as a storage buffer of floats.
  EMBER_CHECK(algo != ConvAlgo::kGemm || !filter->half, "Vulkan conv2d: the 64 x 64 tile shader reads no halves");
  const Buffer* w = algo == ConvAlgo::kBlock ? block_filter->buffer.get() : filter->buffer.get();
  const std::initializer_list<const Buffer*> reads = {input.buffer.get(), w};
  const Pipeline* p = nullptr;
  uint32_t gx, gy, gz = u(g.batch * g.groups);
  if (algo == ConvAlgo::kBlock) {  // 64 * px pixels x 16 output channels per work group
    const int64_t px = pixels > 64 ? 4 : 1;  // 4 pixels per invocation would leave a small output's lanes idle
    EMBER_RETURN_IF_ERROR(device->GetReadPipeline(px == 4 ? shaders::conv2d_block : shaders::conv2d_block_p1,
                                                  {input.buffer.get(), block_filter->buffer.get()}, 4,
                                                  sizeof(Conv2dPush), &p, LayerConstants(g, bias, act), 2u));
    gx = u((pixels + 64 * px - 1) / (64 * px)), gy = u((cout_g + 15) / 16);
  } else if (algo == ConvAlgo::kDepthwise) {  // 256 pixels of one output channel per work group
    EMBER_CHECK(g.in_c == g.groups && g.out_c <= 65535, "Vulkan conv2d: the depthwise shader takes one input ",
                "channel per group and at most 65535 output channels, not ", g.in_c, " -> ", g.out_c, " in ",
                g.groups, " groups");
    EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::conv2d_depthwise, reads, 4, sizeof(Conv2dPush), &p,
                                                  LayerConstants(g, bias, act)));
    gx = u((pixels + 255) / 256), gy = u(g.out_c), gz = u(g.batch);
  } else if (algo == ConvAlgo::kGemm) {  // tiles of 64 pixels x 64 output channels
    EMBER_RETURN_IF_ERROR(device->GetPipeline(shaders::conv2d_gemm.plain, 4, sizeof(Conv2dPush), &p));
    gx = u((pixels + 63) / 64), gy = u((cout_g + 63) / 64);
  } else {
    EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::conv2d, reads, 4, sizeof(Conv2dPush), &p));
    GroupsFor(*device, out->numel(), 64, &gx, &gy);
    gz = 1;
  }
  // Without a bias the shader never reads binding 2; the input stands in for it (a binding must be valid).
  const Buffer* b = bias ? bias->buffer.get() : input.buffer.get();
  return r->Dispatch(*p, {input.buffer.get(), w, b}, {out->buffer.get()}, &push, gx, gy, gz);
}

Status RecordConvTranspose2d(Recorder* r, const ConvGeometry& g, const VkTensor& input, const VkTensor& filter,
                             const VkTensor* bias, const ActivationSpec& act, VkTensor* out) {
  EMBER_CHECK(g.groups > 0 && g.in_c % g.groups == 0 && g.out_c % g.groups == 0 && g.stride_h > 0 && g.stride_w > 0,
              "Vulkan conv2d_transpose: groups ", g.groups, " do not divide channels ", g.in_c, " -> ", g.out_c);
  EMBER_CHECK(input.numel() == g.batch * g.in_c * g.in_h * g.in_w, "Vulkan conv2d_transpose: input ",
              input.dims.ToString(), " is not the geometry's");
  EMBER_CHECK(filter.numel() == g.in_c * (g.out_c / g.groups) * g.kernel_h * g.kernel_w,
              "Vulkan conv2d_transpose: filter ", filter.dims.ToString(), " is not the geometry's");
  EMBER_CHECK(!bias || bias->numel() == g.out_c, "Vulkan conv2d_transpose: bias ", bias ? bias->dims.ToString() : "",
              " is not [", g.out_c, "]");
  if (!SupportsActivation(act.type))
    return Unimplemented("Vulkan conv2d_transpose: fused activation ", static_cast<int>(act.type), " has no shader");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, DDim({g.batch, g.out_c, g.out_h, g.out_w}), out));
  const Conv2dPush push = MakePush(g, out->numel(), bias != nullptr, act);
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::conv2d_transpose, {input.buffer.get(), filter.buffer.get()}, 4,
                                                sizeof(Conv2dPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, out->numel(), 64, &gx, &gy);
  const Buffer* b = bias ? bias->buffer.get() : filter.buffer.get();  // not read without a bias
  return r->Dispatch(*p, {input.buffer.get(), filter.buffer.get(), b}, {out->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
