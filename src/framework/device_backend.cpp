#include "framework/device_backend.h"

namespace ember {

#ifdef EMBER_HAVE_VULKAN
Status CreateVulkanBackend(const DeviceOptions& options, std::unique_ptr<DeviceBackend>* out);  // operators/kernel/vulkan/vk_backend.cpp
#endif

Status CreateDeviceBackend(const std::string& device, const DeviceOptions& options,
                           std::unique_ptr<DeviceBackend>* out) {
  out->reset();
  if (device == "cpu") return Status::OK();  // the options are the GPU's: ignored
  if (device == "vulkan") {
#ifdef EMBER_HAVE_VULKAN
    return CreateVulkanBackend(options, out);
#else
    (void)options;
    return Unimplemented("this build has no Vulkan backend (built with EMBER_VULKAN=OFF: it needs libvulkan-dev and "
                         "glslc, and the full profile)");
#endif
  }
  return InvalidArgument("unknown device '", device, "' (cpu, vulkan)");
}

}  // namespace ember
