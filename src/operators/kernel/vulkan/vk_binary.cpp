#include "operators/kernel/vulkan/vk_binary.h"

#include <algorithm>

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct BinaryPush {
  uint32_t n;
  int32_t op;
  uint32_t pad0, pad1;  // std430 aligns the uvec4s that follow to 16 bytes
  uint32_t dims[4], sa[4], sb[4];
};

// Each input's element strides over the 4-dim output (0 where it is broadcast), right-aligned as numpy does.
Status BroadcastStrides(const DDim& a, const DDim& b, uint32_t dims[4], uint32_t sa[4], uint32_t sb[4]) {
  const int rank = std::max(a.size(), b.size());
  if (rank > 4) return Unimplemented("Vulkan binary op of rank ", rank, " (at most 4)");
  int64_t stride_a = 1, stride_b = 1;
  for (int d = 3; d >= 0; --d) {
    const int k = d - (4 - rank);  // the dim of the broadcast shape, or < 0 for the leading 1s
    const int ia = k - (rank - a.size()), ib = k - (rank - b.size());
    const int64_t da = (k >= 0 && ia >= 0) ? a[ia] : 1, db = (k >= 0 && ib >= 0) ? b[ib] : 1;
    if (da != db && da != 1 && db != 1)
      return InvalidArgument("Vulkan binary op: shapes ", a.ToString(), " and ", b.ToString(), " do not broadcast");
    dims[d] = static_cast<uint32_t>(std::max(da, db));
    sa[d] = da == 1 ? 0 : static_cast<uint32_t>(stride_a);
    sb[d] = db == 1 ? 0 : static_cast<uint32_t>(stride_b);
    stride_a *= da;
    stride_b *= db;
  }
  return Status::OK();
}
}  // namespace

Status RecordBinary(Recorder* r, BinaryOp op, const VkTensor& a, const VkTensor& b, VkTensor* out) {
  uint32_t dims[4], sa[4], sb[4];
  EMBER_RETURN_IF_ERROR(BroadcastStrides(a.dims, b.dims, dims, sa, sb));
  std::vector<int64_t> shape, d(4), as(4), bs(4);
  const int rank = std::max(a.dims.size(), b.dims.size());
  for (int k = 0; k < 4; ++k) d[k] = dims[k], as[k] = sa[k], bs[k] = sb[k];
  for (int k = 4 - rank; k < 4; ++k) shape.push_back(dims[k]);
  return RecordBinary(r, op, a, b, d, as, bs, DDim(shape), out);
}

Status RecordBinary(Recorder* r, BinaryOp op, const VkTensor& a, const VkTensor& b, const std::vector<int64_t>& dims,
                    const std::vector<int64_t>& a_strides, const std::vector<int64_t>& b_strides,
                    const DDim& out_dims, VkTensor* out) {
  const size_t rank = dims.size();
  if (rank > 4 || a_strides.size() != rank || b_strides.size() != rank)
    return Unimplemented("Vulkan binary op over ", rank, " merged dims (at most 4)");
  BinaryPush push = {};
  for (size_t k = 0; k < 4; ++k) {  // right-aligned: leading dims of 1
    const bool have = k >= 4 - rank;
    push.dims[k] = have ? static_cast<uint32_t>(dims[k - (4 - rank)]) : 1u;
    push.sa[k] = have ? static_cast<uint32_t>(a_strides[k - (4 - rank)]) : 0u;
    push.sb[k] = have ? static_cast<uint32_t>(b_strides[k - (4 - rank)]) : 0u;
  }
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Reserve(device, out_dims, out));
  push.n = static_cast<uint32_t>(out->numel());
  push.op = static_cast<int32_t>(op);
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shaders::binary, {a.buffer.get(), b.buffer.get()}, 3, sizeof(BinaryPush), &p));
  uint32_t gx, gy;
  GroupsFor(*device, out->numel(), 64, &gx, &gy);
  return r->Dispatch(*p, {a.buffer.get(), b.buffer.get()}, {out->buffer.get()}, &push, gx, gy);
}

}  // namespace vulkan
}  // namespace ember
