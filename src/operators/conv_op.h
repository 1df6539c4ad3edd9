// conv2d and depthwise_conv2d: one op class for both types (a depthwise conv is a grouped conv with
// groups == channels; the kernel picks its direct path from the shapes). The bias and activation that
// the fuse passes fold into a conv are applied in the kernel's epilogue.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/activation_op.h"
#include "operators/kernel/conv_kernel.h"

namespace ember {

// Spatial geometry of a 2-D convolution, resolved from the attributes and the current input dims.
struct ConvGeometry {
  int64_t batch = 0, in_c = 0, in_h = 0, in_w = 0;
  int64_t out_c = 0, out_h = 0, out_w = 0;
  int64_t groups = 1;
  int64_t kernel_h = 1, kernel_w = 1;
  int64_t stride_h = 1, stride_w = 1;
  int64_t dilation_h = 1, dilation_w = 1;
  int64_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
};

// Paddle's UpdatePaddingAndDilation for 2-D windows: expands 2-value paddings {ph, pw} to
// {top, bottom, left, right}, applies padding_algorithm ("EXPLICIT", "SAME", "VALID") and, for SAME,
// resets dilations to 1 when `dilations` is given (conv does, pool passes nullptr). `in` is {H, W}.
Status ResolvePadding(const std::vector<int64_t>& paddings_attr, const std::string& padding_algorithm,
                      const int64_t in[2], const int64_t stride[2], const int64_t kernel[2],
                      int64_t pads[4], int64_t* dilations);

// Checks the attributes every 2-D conv-like op shares: strides and dilations of two positive values,
// paddings of 2 or 4 non-negative values, a supported data_format.
// The largest stride, dilation, padding and kernel size a conv takes (products of them stay far inside int64).
constexpr int64_t kMaxConvWindow = int64_t{1} << 20;
Status CheckConvAttrs(const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                      const std::vector<int64_t>& dilations, const std::string& data_format);

// The geometry of input dims x [N, C, H, W] and filter dims w [Cout, C/groups, kh, kw] (both checked 4-D by the
// caller) under the attributes; InvalidArgument when the output would be empty.
Status ResolveConvGeometry(const DDim& x, const DDim& w, const std::vector<int64_t>& strides,
                           const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations,
                           int64_t groups, const std::string& padding_algorithm, ConvGeometry* geo);

// Input x 4-D NCHW and Filter w 4-D [Cout, Cin/groups, kh, kw] that fit `groups`, kernel not empty.
Status CheckConvShapes(const DDim& x, const DDim& w, int64_t groups);
// conv2d's window attributes with Paddle's defaults: strides, paddings, dilations, groups, padding_algorithm.
void ReadConvWindow(AttrReader& a, std::vector<int64_t>* strides, std::vector<int64_t>* paddings,
                    std::vector<int64_t>* dilations, int64_t* groups, std::string* padding_algorithm);
// The key under which a Filter that is one model weight is packed once for all predictors: prefix + filter +
// ">" + Output; "" when the filter is computed at run time.
std::string PackedFilterKey(ParamBinder* b, const std::string& prefix);
// A Bias, when given: float32, one value per output channel.
Status CheckConvBias(const Tensor* bias, int64_t cout);

struct ConvParam {
  const Tensor* input = nullptr;
  const Tensor* filter = nullptr;
  const Tensor* bias = nullptr;  // optional, [Cout]
  Tensor* output = nullptr;
  std::vector<int64_t> strides, paddings, dilations;
  int64_t groups = 1;
  std::string padding_algorithm, data_format;
  // data_format "NCHW16c" / "NCHW4c" (set only by the layout pass): Input and Output are [N, ceil(C/x), H, W, x]
  // with x = block (operators/packed_layout.h); 0 for NCHW.
  int64_t block = 0;
  bool fuse_relu_before_depthwise_conv = false;
  ActivationSpec act;
  ConvGeometry geo;  // set by InferShape
  const Scope* weights_scope = nullptr;  // where packed filters are shared by all predictors
  std::string cache_key;                 // filter variable + output: names this op's packed filter
  std::string filter_name;               // the filter variable, when cache_key is set
  Status Bind(ParamBinder* b);
};

class ConvOp : public OperatorWithKernel<CPU, ConvParam, ConvKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
