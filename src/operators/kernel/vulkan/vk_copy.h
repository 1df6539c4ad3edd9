// The copy family on the GPU, all through shaders/copy.comp (rows of floats from one strided place to another):
// concat, split, shuffle_channel, and the reshapes (a plain copy under a new shape); and transpose
// (shaders/transpose.comp) and pad (shaders/pad.comp).
#pragma once

#include <vector>

#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

// Rows: dst[o * dst_stride + dst_offset + i] = src[o * src_stride + src_offset + i], o < rows, i < row_len.
struct CopyRows {
  int64_t rows, row_len, src_stride, src_offset, dst_stride, dst_offset;
};
Status RecordCopyRows(Recorder* r, const VkTensor& src, const CopyRows& c, VkTensor* dst);

// out = concat(xs) along axis (in [0, rank)); out is (re)allocated to out_dims.
Status RecordConcat(Recorder* r, const std::vector<const VkTensor*>& xs, int axis, const DDim& out_dims,
                    VkTensor* out);
// outs[j] = x's part j along axis (outs[j]->dims set by the caller's shapes in out_dims[j]).
Status RecordSplit(Recorder* r, const VkTensor& x, int axis, const std::vector<DDim>& out_dims,
                   const std::vector<VkTensor*>& outs);
// [N, g, C/g, H*W] -> [N, C/g, g, H*W] (ShuffleNet's channel shuffle) of an NCHW x.
Status RecordShuffleChannel(Recorder* r, const VkTensor& x, int64_t group, VkTensor* out);
// out = x with its axes permuted: out's axis d is x's axis perm[d] (rank <= 6), as the transpose ops.
Status RecordTranspose(Recorder* r, const VkTensor& x, const std::vector<int64_t>& perm, VkTensor* out);
// out (out_dims: size's count of elements) = x at begin + index * step along each of x's axes (rank <= 6, every
// element inside x; size[d] elements along axis d): slice (steps 1) and strided_slice.
Status RecordStridedSlice(Recorder* r, const VkTensor& x, const std::vector<int64_t>& begin,
                          const std::vector<int64_t>& step, const std::vector<int64_t>& size, const DDim& out_dims,
                          VkTensor* out);
// pad2d / pad3d: x as [planes, d, h, w] (pad2d: d = 1) padded by pads {front, back, top, bottom, left, right}
// in `mode` with `value` for the constant; out is (re)allocated to out_dims.
Status RecordPad(Recorder* r, const VkTensor& x, int64_t planes, int64_t d, int64_t h, int64_t w,
                 const int64_t pads[6], int mode, float value, const DDim& out_dims, VkTensor* out);
// out = x's values under out_dims (same element count).
Status RecordReshape(Recorder* r, const VkTensor& x, const DDim& out_dims, VkTensor* out);

}  // namespace vulkan
}  // namespace ember
