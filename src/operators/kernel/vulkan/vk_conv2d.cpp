#include "operators/kernel/vulkan/vk_conv2d.h"

#include "operators/kernel/vulkan/vk_activation.h"

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

Status CheckShapes(const ConvGeometry& g, const VkTensor& input, const VkTensor& filter, const VkTensor* bias) {
  EMBER_CHECK(g.groups > 0 && g.in_c % g.groups == 0 && g.out_c % g.groups == 0, "Vulkan conv2d: groups ", g.groups,
              " do not divide channels ", g.in_c, " -> ", g.out_c);
  EMBER_CHECK(input.numel() == g.batch * g.in_c * g.in_h * g.in_w, "Vulkan conv2d: input ", input.dims.ToString(),
              " is not the geometry's");
  EMBER_CHECK(filter.numel() == g.out_c * (g.in_c / g.groups) * g.kernel_h * g.kernel_w, "Vulkan conv2d: filter ",
              filter.dims.ToString(), " is not the geometry's");
  EMBER_CHECK(!bias || bias->numel() == g.out_c, "Vulkan conv2d: bias ", bias ? bias->dims.ToString() : "",
              " is not [", g.out_c, "]");
  return Status::OK();
}
}  // namespace

ConvAlgo ChooseConvAlgo(const ConvGeometry& g) {
  return g.groups > 0 && g.out_c / g.groups >= 8 ? ConvAlgo::kGemm : ConvAlgo::kDirect;
}

Status RecordConv2d(Recorder* r, const ConvGeometry& g, const VkTensor& input, const VkTensor& filter,
                    const VkTensor* bias, const ActivationSpec& act, VkTensor* out, ConvAlgo algo) {
  EMBER_RETURN_IF_ERROR(CheckShapes(g, input, filter, bias));
  if (!SupportsActivation(act.type))
    return Unimplemented("Vulkan conv2d: fused activation ", static_cast<int>(act.type), " has no shader");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, DDim({g.batch, g.out_c, g.out_h, g.out_w}), out));
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  Conv2dPush push = {u(out->numel()), u(g.in_c), u(g.in_h), u(g.in_w), u(g.out_c), u(g.out_h), u(g.out_w),
                     u(g.kernel_h), u(g.kernel_w), u(g.stride_h), u(g.stride_w), u(g.dilation_h), u(g.dilation_w),
                     static_cast<int32_t>(g.pad_top), static_cast<int32_t>(g.pad_left), u(g.groups), bias ? 1u : 0u,
                     static_cast<int32_t>(act.type), act.a, act.b, act.c};
  const int64_t tiles_x = (g.out_h * g.out_w + 63) / 64;
  const bool gemm_fits = tiles_x <= device->max_workgroups_x() && g.batch * g.groups <= 65535;
  if (algo == ConvAlgo::kAuto) algo = gemm_fits ? ChooseConvAlgo(g) : ConvAlgo::kDirect;
  const bool gemm = algo == ConvAlgo::kGemm;
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetPipeline(gemm ? "conv2d_gemm" : "conv2d", 4, sizeof(Conv2dPush), &p));
  uint32_t gx, gy, gz = 1;
  if (gemm) {  // tiles of 64 pixels x 64 output channels, per batch and group
    const int64_t tiles_y = (g.out_c / g.groups + 63) / 64;
    EMBER_CHECK(gemm_fits, "Vulkan conv2d: ", g.out_h, "x", g.out_w, " outputs, batch x groups ",
                g.batch * g.groups, " exceed the implicit GEMM's dispatch limits");
    gx = static_cast<uint32_t>(tiles_x), gy = static_cast<uint32_t>(tiles_y);
    gz = static_cast<uint32_t>(g.batch * g.groups);
  } else {
    GroupsFor(*device, out->numel(), 64, &gx, &gy);
  }
  // Without a bias the shader never reads binding 2; the filter stands in for it (a binding must be valid).
  const Buffer* b = bias ? bias->buffer.get() : filter.buffer.get();
  return r->Dispatch(*p, {input.buffer.get(), filter.buffer.get(), b}, {out->buffer.get()}, &push, gx, gy, gz);
}

}  // namespace vulkan
}  // namespace ember
