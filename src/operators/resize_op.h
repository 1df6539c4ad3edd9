// resize (ONNX Resize semantics) over the last two dims of X (other dims must keep their size): modes
// nearest (nearest_mode round_prefer_floor, round_prefer_ceil, floor, ceil), linear and cubic
// (cubic_coeff_a, exclude_outside); coordinate_transformation_mode half_pixel, pytorch_half_pixel,
// align_corners, asymmetric, tf_half_pixel_for_nn, tf_crop_and_resize, half_pixel_symmetric. Output size
// from the Sizes input or sizes attribute, else floor(in * scale) from the Scales input or scales attribute
// (one value per dim of X, or per dim listed in attribute axes, as roi). keep_aspect_ratio_policy
// not_larger / not_smaller resizes the listed dims by one scale that fits the sizes. antialias: linear and
// cubic downsampling stretch their filter by 1 / scale (ONNX 18).
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/resize_kernel.h"

namespace ember {

enum class ResizeMode { kNearest, kLinear, kCubic };
enum class ResizeCoord {
  kHalfPixel, kPytorchHalfPixel, kAlignCorners, kAsymmetric, kTfHalfPixelForNn, kTfCropAndResize,
  kHalfPixelSymmetric
};
enum class ResizePolicy { kStretch, kNotLarger, kNotSmaller };
enum class ResizeNearest { kRoundPreferFloor, kRoundPreferCeil, kFloor, kCeil };

struct ResizeParam {
  const Tensor* x = nullptr;
  const Tensor* scales_tensor = nullptr;  // optional Scales (float32)
  const Tensor* sizes_tensor = nullptr;   // optional Sizes (int32/int64)
  const Tensor* roi_tensor = nullptr;     // optional Roi (float32), tf_crop_and_resize only
  Tensor* out = nullptr;
  ResizeMode mode = ResizeMode::kNearest;
  ResizeCoord coord = ResizeCoord::kHalfPixel;
  ResizeNearest nearest = ResizeNearest::kRoundPreferFloor;
  float cubic_a = -0.75f;
  bool exclude_outside = false;
  bool antialias = false;
  ResizePolicy policy = ResizePolicy::kStretch;
  std::vector<int64_t> axes;  // the dims scales / sizes / roi list; empty: every dim
  std::vector<float> scales_attr;
  std::vector<int64_t> sizes_attr;
  std::vector<float> roi_attr;
  float extrapolation_value = 0.f;
  // Set by InferShape for tf_crop_and_resize: roi of the last two dims.
  float roi_h0 = 0, roi_h1 = 1, roi_w0 = 0, roi_w1 = 1;
  // Set by InferShape: planes x [in_h, in_w] -> [out_h, out_w], and the scales the coordinates use.
  int64_t planes = 1, in_h = 1, in_w = 1, out_h = 1, out_w = 1;
  double scale_h = 1, scale_w = 1;
  // The output lengths the coordinate transforms use: in * scale (unrounded) when scales are given.
  double len_h = 1, len_w = 1;
  Status Bind(ParamBinder* b);
};

class ResizeOp : public OperatorWithKernel<CPU, ResizeParam, ResizeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
