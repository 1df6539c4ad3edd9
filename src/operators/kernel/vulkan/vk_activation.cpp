#include "operators/kernel/vulkan/vk_activation.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
// The codes shaders/common.glsl switches on.
constexpr int Code(ActivationType t) { return static_cast<int>(t); }
static_assert(Code(ActivationType::kRelu) == 1 && Code(ActivationType::kRelu6) == 2 &&
                  Code(ActivationType::kLeakyRelu) == 3 && Code(ActivationType::kSigmoid) == 4 &&
                  Code(ActivationType::kTanh) == 5 && Code(ActivationType::kSwish) == 6 &&
                  Code(ActivationType::kHardSwish) == 7 && Code(ActivationType::kHardSigmoid) == 8 &&
                  Code(ActivationType::kGeluTanh) == 10 && Code(ActivationType::kExp) == 11 &&
                  Code(ActivationType::kAbs) == 14 && Code(ActivationType::kScale) == 16 &&
                  Code(ActivationType::kClip) == 18 && Code(ActivationType::kElu) == 20,
              "shaders/common.glsl's ACT_ codes follow ActivationType");

struct ActivationPush {
  uint32_t n;
  int32_t type;
  float a, b, c;
};
}  // namespace

bool SupportsActivation(ActivationType type) {
  switch (type) {
    case ActivationType::kNone: case ActivationType::kRelu: case ActivationType::kRelu6:
    case ActivationType::kLeakyRelu: case ActivationType::kSigmoid: case ActivationType::kTanh:
    case ActivationType::kSwish: case ActivationType::kHardSwish: case ActivationType::kHardSigmoid:
    case ActivationType::kGeluTanh: case ActivationType::kExp: case ActivationType::kAbs:
    case ActivationType::kScale: case ActivationType::kClip: case ActivationType::kElu:
      return true;
    default:
      return false;
  }
}

Status RecordActivation(Recorder* r, const ActivationSpec& act, const VkTensor& x, VkTensor* y) {
  if (!SupportsActivation(act.type))
    return Unimplemented("Vulkan activation: type ", static_cast<int>(act.type), " has no shader");
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, x.dims, y));
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::activation, {x.buffer.get()}, 2, sizeof(ActivationPush), &p));
  ActivationPush push = {static_cast<uint32_t>(x.numel()), static_cast<int32_t>(act.type), act.a, act.b, act.c};
  uint32_t gx, gy;
  GroupsFor(*device, x.numel(), 64, &gx, &gy);
  return r->Dispatch(*p, {x.buffer.get()}, {y->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
