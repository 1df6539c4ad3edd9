// A float32 tensor in a Vulkan buffer (NCHW, as on the CPU), and the copies across the border.
#pragma once

#include <memory>

#include "framework/ddim.h"
#include "framework/tensor.h"
#include "operators/kernel/vulkan/vk_device.h"

namespace ember {
namespace vulkan {

struct VkTensor {
  std::unique_ptr<Buffer> buffer;
  DDim dims;
  bool half = false;  // stored as IEEE halves (a weight, PredictorOptions::vulkan_fp16_weights): texel reads only
  int64_t numel() const { return dims.numel(); }
};

// (Re)allocates t's buffer for dims when it is missing or too small.
Status Reserve(Device* device, const DDim& dims, VkTensor* t);
// Copies a float32 CPU tensor into a (re)allocated GPU tensor (rounded to halves when dst->half), and back (the
// run that wrote it must be finished).
// saturated, when given: how many values were past the half range (each became +-65504).
Status Upload(Device* device, const Tensor& src, VkTensor* dst, int64_t* saturated = nullptr);
Status Download(const VkTensor& src, Tensor* dst);

class Recorder;
// Upload of an op's small table (a tap or offset table it rewrites each run) once no dispatch logged in r's
// current segment still reads the table's old values (r submits first when one does).
Status UploadTable(Recorder* r, Device* device, const Tensor& src, VkTensor* table);

}  // namespace vulkan
}  // namespace ember
