#include "operators/kernel/vulkan/vk_tensor.h"

#include <cstring>

#include "framework/float16.h"
#include "operators/kernel/vulkan/vk_recorder.h"

namespace ember {
namespace vulkan {

Status Reserve(Device* device, const DDim& dims, VkTensor* t) {
  if (dims.HasUnknown()) return InvalidArgument("Vulkan tensor of unknown shape ", dims.ToString());
  const size_t bytes = static_cast<size_t>(dims.numel()) * (t->half ? 2 : sizeof(float));
  if (!t->buffer || t->buffer->bytes() < bytes || t->buffer->half() != t->half)
    EMBER_RETURN_IF_ERROR(Buffer::Create(device, bytes, &t->buffer, t->half));
  t->dims = dims;
  return Status::OK();
}

Status Upload(Device* device, const Tensor& src, VkTensor* dst, int64_t* saturated) {
  if (src.dtype() != DataType::kFloat32)
    return Unimplemented("the Vulkan backend takes float32 tensors, not ", DataTypeName(src.dtype()));
  EMBER_RETURN_IF_ERROR(Reserve(device, src.dims(), dst));
  if (!dst->half) {
    if (src.numel() > 0) std::memcpy(dst->buffer->data(), src.data<float>(), src.numel() * sizeof(float));
    return Status::OK();
  }
  auto* h = reinterpret_cast<uint16_t*>(dst->buffer->data());
  const float* f = src.data<float>();
  int64_t past = 0;  // a weight past the half range becomes +-65504, not infinite
  for (int64_t i = 0; i < src.numel(); ++i) {
    bool s = false;
    h[i] = FloatToHalfSaturating(f[i], &s);
    past += s;
  }
  if (saturated) *saturated = past;
  return Status::OK();
}

Status Download(const VkTensor& src, Tensor* dst) {
  if (!src.buffer) return Internal("Download of a Vulkan tensor without a buffer");
  *dst = Tensor(DataType::kFloat32, src.dims);
  EMBER_RETURN_IF_ERROR(dst->Allocate());
  if (!src.half) {
    if (src.numel() > 0) std::memcpy(dst->mutable_data<float>(), src.buffer->data(), src.numel() * sizeof(float));
    return Status::OK();
  }
  const auto* h = reinterpret_cast<const uint16_t*>(src.buffer->data());
  float* f = dst->mutable_data<float>();
  for (int64_t i = 0; i < src.numel(); ++i) f[i] = HalfToFloat(h[i]);
  return Status::OK();
}

Status UploadTable(Recorder* r, Device* device, const Tensor& src, VkTensor* table) {
  if (table->buffer && r->Logged(*table->buffer)) EMBER_RETURN_IF_ERROR(r->SubmitAndWait());
  return Upload(device, src, table);
}

}  // namespace vulkan
}  // namespace ember
