// Activations on the GPU (shaders/activation.comp; the formulas in shaders/common.glsl).
#pragma once

#include "operators/activation_op.h"
#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

// The activation types the shaders compute (also as conv epilogues); the others stay on the CPU.
bool SupportsActivation(ActivationType type);
// Records y = act(x); y is (re)allocated to x's shape.
Status RecordActivation(Recorder* r, const ActivationSpec& act, const VkTensor& x, VkTensor* y);

}  // namespace vulkan
}  // namespace ember
