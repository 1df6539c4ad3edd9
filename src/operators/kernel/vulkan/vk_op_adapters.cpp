// The op types the GPU runs, each from the parameters its CPU op bound and inferred (one adapter per op family).
// An adapter leaves an op to the CPU (*recorded = false) for what its shader does not cover.
#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/elementwise_op.h"
#include "operators/kernel/vulkan/vk_activation.h"
#include "operators/kernel/vulkan/vk_backend.h"
#include "operators/kernel/vulkan/vk_binary.h"
#include "operators/kernel/vulkan/vk_conv2d.h"

namespace ember {
namespace vulkan {

namespace {

bool Float32(const Tensor* t) { return t && t->dtype() == DataType::kFloat32; }

Status RecordConvOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* conv = dynamic_cast<ConvOp*>(op);
  if (!conv) return Status::OK();
  const ConvParam& p = conv->param();
  // NCHW16c regions are the x86 CPU's layout; a filter freed once packed for the CPU cannot be uploaded.
  if (p.nchw16c || p.fuse_relu_before_depthwise_conv || !SupportsActivation(p.act.type) || !Float32(p.input) ||
      p.input->dims().size() != 4 || !p.filter->initialized())
    return Status::OK();
  const VkTensor *in, *filter, *bias = nullptr;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(b->In(p.input, &in));
  EMBER_RETURN_IF_ERROR(b->In(p.filter, &filter));
  if (p.bias) EMBER_RETURN_IF_ERROR(b->In(p.bias, &bias));
  EMBER_RETURN_IF_ERROR(b->Out(p.output, &out));
  EMBER_RETURN_IF_ERROR(RecordConv2d(b->recorder(), p.geo, *in, *filter, bias, p.act, out));
  *recorded = true;
  return Status::OK();
}

Status RecordActivationOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* a = dynamic_cast<ActivationOp*>(op);
  if (!a) return Status::OK();
  const ActivationParam& p = a->param();
  if (!SupportsActivation(p.act.type) || !Float32(p.x)) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(b->In(p.x, &x));
  EMBER_RETURN_IF_ERROR(b->Out(p.out, &out));
  EMBER_RETURN_IF_ERROR(RecordActivation(b->recorder(), p.act, *x, out));
  *recorded = true;
  return Status::OK();
}

Status RecordElementwiseOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* e = dynamic_cast<ElementwiseOp*>(op);
  if (!e) return Status::OK();
  const ElementwiseParam& p = e->param();
  const int type = static_cast<int>(p.type);
  if (type > static_cast<int>(ElementwiseType::kMin) || p.plan.dims.size() > 4 || !Float32(p.x) || !Float32(p.y) ||
      !SupportsActivation(p.act.type))
    return Status::OK();
  static_assert(static_cast<int>(ElementwiseType::kMin) == static_cast<int>(BinaryOp::kMin), "same order");
  const VkTensor *x, *y;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(b->In(p.x, &x));
  EMBER_RETURN_IF_ERROR(b->In(p.y, &y));
  EMBER_RETURN_IF_ERROR(b->Out(p.out, &out));
  EMBER_RETURN_IF_ERROR(RecordBinary(b->recorder(), static_cast<BinaryOp>(type), *x, *y, p.plan.dims,
                                     p.plan.x_strides, p.plan.y_strides, p.out->dims(), out));
  if (p.act.type != ActivationType::kNone)  // the fused activation, in place
    EMBER_RETURN_IF_ERROR(RecordActivation(b->recorder(), p.act, *out, out));
  *recorded = true;
  return Status::OK();
}

}  // namespace

RecordFn FindRecordFn(const std::string& op_type) {
  if (op_type == "conv2d" || op_type == "depthwise_conv2d") return &RecordConvOp;
  if (op_type.rfind("elementwise_", 0) == 0) return &RecordElementwiseOp;
  static const char* const kActivations[] = {"relu", "relu6", "leaky_relu", "sigmoid", "tanh", "swish",
                                             "hard_swish", "hard_sigmoid", "exp", "abs", "scale", "clip", "elu"};
  for (const char* a : kActivations)
    if (op_type == a) return &RecordActivationOp;
  return nullptr;
}

}  // namespace vulkan
}  // namespace ember
