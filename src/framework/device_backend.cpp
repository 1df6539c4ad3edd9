#include "framework/device_backend.h"

namespace ember {

#ifdef EMBER_HAVE_VULKAN
Status CreateVulkanBackend(const std::string& pipeline_cache, std::unique_ptr<DeviceBackend>* out);  // operators/kernel/vulkan/vk_backend.cpp
#endif

Status CreateDeviceBackend(const std::string& device, const std::string& pipeline_cache,
                           std::unique_ptr<DeviceBackend>* out) {
  out->reset();
  if (device == "cpu") return Status::OK();  // the pipeline cache is the GPU's: ignored
  if (device == "vulkan") {
#ifdef EMBER_HAVE_VULKAN
    return CreateVulkanBackend(pipeline_cache, out);
#else
    return Unimplemented("this build has no Vulkan backend (built with EMBER_VULKAN=OFF: it needs libvulkan-dev and "
                         "glslc, and the full profile)");
#endif
  }
  return InvalidArgument("unknown device '", device, "' (cpu, vulkan)");
}

}  // namespace ember
