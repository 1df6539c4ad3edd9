// conv3d: 3-D convolution over NCDHW (Paddle's conv3d): Input [N, Cin, D, H, W], Filter
// [Cout, Cin/groups, kd, kh, kw], optional Bias [Cout] (an Ember extension, as on conv2d) → Output. Attributes
// strides, dilations (3 values), paddings (3 values {d, h, w} or 6 {front, back, top, bottom, left, right}),
// groups, padding_algorithm (EXPLICIT/SAME/VALID), data_format (NCDHW only). The helpers shared by the 3-D
// window ops (conv3d_transpose, pool3d) live here, inline, so a slim build needs no other source.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/conv3d_kernel.h"

namespace ember {

// A 3-D window op resolved against the current input dims: dims are {D, H, W}; pad is the leading padding
// of each dim and pad_end the trailing one.
struct Conv3dGeometry {
  int64_t batch = 0, in_c = 0, out_c = 0, groups = 1;
  int64_t in[3] = {0, 0, 0}, out[3] = {0, 0, 0};
  int64_t kernel[3] = {1, 1, 1}, stride[3] = {1, 1, 1}, dilation[3] = {1, 1, 1};
  int64_t pad[3] = {0, 0, 0}, pad_end[3] = {0, 0, 0};
};

// Checks strides and dilations (3 positive values), paddings (3 or 6 non-negative values) and data_format.
inline Status CheckConv3dAttrs(const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                               const std::vector<int64_t>& dilations, const std::string& data_format) {
  if (data_format == "NDHWC") return Unimplemented("attribute data_format = NDHWC is not supported (only NCDHW)");
  EMBER_CHECK(data_format == "NCDHW" || data_format == "AnyLayout",
              "attribute data_format must be NCDHW or AnyLayout, got '", data_format, "'");
  EMBER_CHECK(strides.size() == 3 && std::all_of(strides.begin(), strides.end(), [](int64_t v) { return v > 0; }),
              "attribute strides must be three positive values, got ", DDim(strides).ToString());
  EMBER_CHECK(dilations.size() == 3 &&
                  std::all_of(dilations.begin(), dilations.end(), [](int64_t v) { return v > 0; }),
              "attribute dilations must be three positive values, got ", DDim(dilations).ToString());
  EMBER_CHECK(paddings.size() == 3 || paddings.size() == 6, "attribute paddings must have 3 or 6 values, got ",
              DDim(paddings).ToString());
  for (int64_t p : paddings)
    EMBER_CHECK(p >= 0, "attribute paddings must be non-negative, got ", DDim(paddings).ToString());
  return Status::OK();
}

// Paddle's UpdatePaddingAndDilation for 3-D windows: pads[6] = {front, back, top, bottom, left, right};
// SAME gives output ceil(in / stride) with the extra row at the end (and resets `dilations` to 1 when
// given), VALID no padding.
inline Status ResolvePadding3d(const std::vector<int64_t>& paddings_attr, const std::string& padding_algorithm,
                               const int64_t in[3], const int64_t stride[3], const int64_t kernel[3],
                               int64_t pads[6], int64_t* dilations) {
  if (paddings_attr.size() == 3) {
    for (int i = 0; i < 3; ++i) pads[2 * i] = pads[2 * i + 1] = paddings_attr[static_cast<size_t>(i)];
  } else if (paddings_attr.size() == 6) {
    std::copy(paddings_attr.begin(), paddings_attr.end(), pads);
  } else {
    return InvalidArgument("attribute paddings must have 3 or 6 values, got ", DDim(paddings_attr).ToString());
  }
  if (padding_algorithm == "EXPLICIT") return Status::OK();
  if (padding_algorithm == "VALID") {
    std::fill(pads, pads + 6, 0);
    return Status::OK();
  }
  if (padding_algorithm == "SAME") {
    for (int i = 0; i < 3; ++i) {
      int64_t out = (in[i] + stride[i] - 1) / stride[i];
      int64_t pad_sum = std::max<int64_t>((out - 1) * stride[i] + kernel[i] - in[i], 0);
      pads[2 * i] = pad_sum / 2;
      pads[2 * i + 1] = pad_sum - pad_sum / 2;
      if (dilations) dilations[i] = 1;
    }
    return Status::OK();
  }
  return InvalidArgument("attribute padding_algorithm must be EXPLICIT, SAME or VALID, got '", padding_algorithm,
                         "'");
}

struct Conv3dParam {
  const Tensor* input = nullptr;
  const Tensor* filter = nullptr;
  const Tensor* bias = nullptr;  // optional, [Cout]
  Tensor* output = nullptr;
  std::vector<int64_t> strides, paddings, dilations;
  int64_t groups = 1;
  std::string padding_algorithm, data_format;
  Conv3dGeometry geo;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class Conv3dOp : public OperatorWithKernel<CPU, Conv3dParam, Conv3dKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
