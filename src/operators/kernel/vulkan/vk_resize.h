// resize (ONNX Resize semantics, operators/resize_op.h) and Paddle's nearest / bilinear interpolate on the GPU:
// the per-axis taps are computed on the host by the CPU kernels' own index functions (ResizeTaps,
// NearestSourceIndex, BilinearTap) and uploaded as a small table; shaders/resize.comp sums them.
#pragma once

#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"
#include "operators/interpolate_op.h"
#include "operators/resize_op.h"

namespace ember {
namespace vulkan {

// The tap table of p's current shapes (InferShape ran): (index, weight) pairs, out_h rows of *taps_h, then out_w
// columns of *taps_w (short tap lists padded with weight 0).
Tensor ResizeTapTable(const ResizeParam& p, int64_t* taps_h, int64_t* taps_w);
// out = resize(x) for p's shapes; `table` receives ResizeTapTable's upload (kept until the run is submitted).
Status RecordResize(Recorder* r, const ResizeParam& p, const VkTensor& x, VkTensor* table, VkTensor* out);
// The same for p's shapes and ratios (InferShape ran): one tap per axis for nearest, two for bilinear.
Tensor InterpolateTapTable(const InterpolateParam& p);
Status RecordInterpolate(Recorder* r, const InterpolateParam& p, const VkTensor& x, VkTensor* table, VkTensor* out);

}  // namespace vulkan
}  // namespace ember
