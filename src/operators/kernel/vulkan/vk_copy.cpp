#include "operators/kernel/vulkan/vk_copy.h"

#include "vulkan_shaders.h"  // shaders::NAME (generated: cmake/embed_spirv.cmake)

namespace ember {
namespace vulkan {

namespace {
struct CopyPush {
  uint32_t n, inner, src_stride, src_offset, dst_stride, dst_offset;
};

struct StridedPush {
  uint32_t n, rank;
  int32_t offset;
  uint32_t dims[6];
  int32_t strides[6];
};

struct PadPush {
  uint32_t n, d, h, w, od, oh, ow;
  int32_t front, top, left, mode;
  float value;
};

Status Reserved(const DDim& dims, VkTensor* t) {
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  return Reserve(device, dims, t);
}
// One invocation per output element (n of them) of a shader reading x as its INPUT 0 and writing out.
template <typename Push>
Status DispatchPerOutput(Recorder* r, const Shader& shader, const VkTensor& x, const Push& push, int64_t n,
                         VkTensor* out) {
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  const Pipeline* p = nullptr;
  EMBER_RETURN_IF_ERROR(device->GetReadPipeline(shader, {x.buffer.get()}, 2, sizeof(Push), &p));
  uint32_t gx, gy;
  GroupsFor(*device, n, 64, &gx, &gy);
  return r->Dispatch(*p, {x.buffer.get()}, {out->buffer.get()}, &push, gx, gy);
}
}  // namespace

Status RecordCopyRows(Recorder* r, const VkTensor& src, const CopyRows& c, VkTensor* dst) {
  if (c.rows * c.row_len == 0) return Status::OK();
  const int64_t src_end = (c.rows - 1) * c.src_stride + c.src_offset + c.row_len;
  const int64_t dst_end = (c.rows - 1) * c.dst_stride + c.dst_offset + c.row_len;
  if (src_end > src.numel() || dst_end > dst->numel())
    return Internal("Vulkan copy past a tensor's end: ", src.dims.ToString(), " -> ", dst->dims.ToString());
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  CopyPush push = {u(c.rows * c.row_len), u(c.row_len), u(c.src_stride), u(c.src_offset), u(c.dst_stride),
                   u(c.dst_offset)};
  return DispatchPerOutput(r, shaders::copy, src, push, c.rows * c.row_len, dst);
}

Status RecordTranspose(Recorder* r, const VkTensor& x, const std::vector<int64_t>& perm, VkTensor* out) {
  const int rank = x.dims.size();
  EMBER_CHECK(rank >= 1 && rank <= 6 && static_cast<int>(perm.size()) == rank, "Vulkan transpose: perm of ",
              perm.size(), " axes for ", x.dims.ToString(), " (rank 1 to 6)");
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  std::vector<int64_t> out_dims(static_cast<size_t>(rank));
  StridedPush push = {static_cast<uint32_t>(x.numel()), static_cast<uint32_t>(rank), 0, {}, {}};
  for (int d = 0; d < rank; ++d) {
    const int64_t a = perm[static_cast<size_t>(d)];
    EMBER_CHECK(a >= 0 && a < rank && !seen[static_cast<size_t>(a)], "Vulkan transpose: perm is not a permutation of ",
                rank, " axes");
    seen[static_cast<size_t>(a)] = true;
    out_dims[static_cast<size_t>(d)] = x.dims[static_cast<int>(a)];
    push.dims[d] = static_cast<uint32_t>(x.dims[static_cast<int>(a)]);
    push.strides[d] = static_cast<int32_t>(x.dims.Product(static_cast<int>(a) + 1, rank));
  }
  EMBER_RETURN_IF_ERROR(Reserved(DDim(out_dims), out));
  if (x.numel() == 0) return Status::OK();
  return DispatchPerOutput(r, shaders::transpose, x, push, x.numel(), out);
}

Status RecordStridedSlice(Recorder* r, const VkTensor& x, const std::vector<int64_t>& begin,
                          const std::vector<int64_t>& step, const std::vector<int64_t>& size, const DDim& out_dims,
                          VkTensor* out) {
  const int rank = x.dims.size();
  EMBER_CHECK(rank >= 1 && rank <= 6 && begin.size() == static_cast<size_t>(rank) && step.size() == begin.size() &&
                  size.size() == begin.size() && DDim(size).numel() == out_dims.numel() &&
                  x.numel() < (int64_t{1} << 31),
              "Vulkan slice of ", x.dims.ToString(), ": ", begin.size(), " begins for rank ", rank, " (1 to 6) into ",
              out_dims.ToString());
  StridedPush push = {static_cast<uint32_t>(out_dims.numel()), static_cast<uint32_t>(rank), 0, {}, {}};
  for (int d = 0; d < rank; ++d) {
    const int64_t stride = x.dims.Product(d + 1, rank);
    const size_t k = static_cast<size_t>(d);
    EMBER_CHECK(size[k] == 0 || (begin[k] >= 0 && begin[k] < x.dims[d] && begin[k] + (size[k] - 1) * step[k] >= 0 &&
                                 begin[k] + (size[k] - 1) * step[k] < x.dims[d]),
                "Vulkan slice: axis ", d, " from ", begin[k], " by ", step[k], " x ", size[k], " leaves ",
                x.dims.ToString());
    push.offset += static_cast<int32_t>(begin[k] * stride);
    push.dims[d] = static_cast<uint32_t>(size[k]);
    push.strides[d] = static_cast<int32_t>(step[k] * stride);
  }
  EMBER_RETURN_IF_ERROR(Reserved(out_dims, out));
  if (push.n == 0) return Status::OK();
  return DispatchPerOutput(r, shaders::transpose, x, push, out_dims.numel(), out);
}

Status RecordPad(Recorder* r, const VkTensor& x, int64_t planes, int64_t d, int64_t h, int64_t w,
                 const int64_t pads[6], int mode, float value, const DDim& out_dims, VkTensor* out) {
  const int64_t od = d + pads[0] + pads[1], oh = h + pads[2] + pads[3], ow = w + pads[4] + pads[5];
  EMBER_CHECK(x.numel() == planes * d * h * w && out_dims.numel() == planes * od * oh * ow && od > 0 && oh > 0 &&
                  ow > 0 && mode >= 0 && mode <= 3,
              "Vulkan pad: ", x.dims.ToString(), " padded to ", out_dims.ToString(), " is not [", planes, ", ", od,
              ", ", oh, ", ", ow, "] (mode ", mode, ")");
  EMBER_RETURN_IF_ERROR(Reserved(out_dims, out));
  auto u = [](int64_t v) { return static_cast<uint32_t>(v); };
  auto s = [](int64_t v) { return static_cast<int32_t>(v); };
  PadPush push = {u(out_dims.numel()), u(d), u(h), u(w), u(od), u(oh), u(ow), s(pads[0]), s(pads[2]), s(pads[4]),
                  s(mode), value};
  if (push.n == 0) return Status::OK();
  return DispatchPerOutput(r, shaders::pad, x, push, out_dims.numel(), out);
}

Status RecordConcat(Recorder* r, const std::vector<const VkTensor*>& xs, int axis, const DDim& out_dims,
                    VkTensor* out) {
  EMBER_CHECK(axis >= 0 && axis < out_dims.size(), "Vulkan concat: axis ", axis, " of ", out_dims.ToString());
  EMBER_RETURN_IF_ERROR(Reserved(out_dims, out));
  const int64_t outer = out_dims.Product(0, axis), dst_stride = out_dims.Product(axis, out_dims.size());
  int64_t offset = 0;
  for (const VkTensor* x : xs) {
    const int64_t inner = outer > 0 ? x->numel() / outer : 0;
    EMBER_CHECK(inner * outer == x->numel() && offset + inner <= dst_stride, "Vulkan concat: input ",
                x->dims.ToString(), " does not fit ", out_dims.ToString(), " at axis ", axis);
    EMBER_RETURN_IF_ERROR(RecordCopyRows(r, *x, {outer, inner, inner, 0, dst_stride, offset}, out));
    offset += inner;
  }
  EMBER_CHECK(offset == dst_stride, "Vulkan concat: inputs fill ", offset, " of ", dst_stride, " per row");
  return Status::OK();
}

Status RecordSplit(Recorder* r, const VkTensor& x, int axis, const std::vector<DDim>& out_dims,
                   const std::vector<VkTensor*>& outs) {
  EMBER_CHECK(axis >= 0 && axis < x.dims.size() && out_dims.size() == outs.size(), "Vulkan split: axis ", axis,
              " of ", x.dims.ToString());
  const int64_t outer = x.dims.Product(0, axis), src_stride = x.dims.Product(axis, x.dims.size());
  int64_t offset = 0;
  for (size_t j = 0; j < outs.size(); ++j) {
    EMBER_RETURN_IF_ERROR(Reserved(out_dims[j], outs[j]));
    const int64_t inner = outer > 0 ? out_dims[j].numel() / outer : 0;
    EMBER_CHECK(offset + inner <= src_stride, "Vulkan split: output ", out_dims[j].ToString(), " past ",
                x.dims.ToString());
    EMBER_RETURN_IF_ERROR(RecordCopyRows(r, x, {outer, inner, src_stride, offset, inner, 0}, outs[j]));
    offset += inner;
  }
  return Status::OK();
}

Status RecordShuffleChannel(Recorder* r, const VkTensor& x, int64_t group, VkTensor* out) {
  EMBER_CHECK(x.dims.size() >= 2 && group > 0 && x.dims[1] % group == 0, "Vulkan shuffle_channel: group ", group,
              " of ", x.dims.ToString());
  EMBER_RETURN_IF_ERROR(Reserved(x.dims, out));
  const int64_t n = x.dims[0], c = x.dims[1], hw = x.dims.Product(2, x.dims.size()), per = c / group;
  for (int64_t b = 0; b < n; ++b)  // group i's channel k goes to channel k * group + i
    for (int64_t i = 0; i < group; ++i)
      EMBER_RETURN_IF_ERROR(
          RecordCopyRows(r, x, {per, hw, hw, (b * c + i * per) * hw, group * hw, (b * c + i) * hw}, out));
  return Status::OK();
}

Status RecordReshape(Recorder* r, const VkTensor& x, const DDim& out_dims, VkTensor* out) {
  EMBER_CHECK(out_dims.numel() == x.numel(), "Vulkan reshape: ", x.dims.ToString(), " -> ", out_dims.ToString());
  EMBER_RETURN_IF_ERROR(Reserved(out_dims, out));
  return RecordCopyRows(r, x, {1, x.numel(), x.numel(), 0, x.numel(), 0}, out);
}

}  // namespace vulkan
}  // namespace ember
