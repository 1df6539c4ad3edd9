// The op types the GPU runs, each from the parameters its CPU op bound and inferred (one adapter per op family).
// An adapter leaves an op to the CPU (*recorded = false) for what its shader does not cover.
#include <initializer_list>
#include <string_view>

#include "operators/activation_op.h"
#include "operators/batch_norm_op.h"
#include "operators/concat_op.h"
#include "operators/conv_op.h"
#include "operators/conv_transpose_op.h"
#include "operators/elementwise_op.h"
#include "operators/fc_op.h"
#include "operators/interpolate_op.h"
#include "operators/layer_norm_op.h"
#include "operators/lrn_op.h"
#include "operators/matmul_op.h"
#include "operators/kernel/central-arm-func/batch_norm_func.h"
#include "operators/kernel/kernels_built.h"
#include "operators/kernel/vulkan/vk_activation.h"
#include "operators/kernel/vulkan/vk_backend.h"
#include "operators/kernel/vulkan/vk_binary.h"
#include "operators/kernel/vulkan/vk_copy.h"
#include "operators/kernel/vulkan/vk_conv2d.h"
#include "operators/kernel/vulkan/vk_fc.h"
#include "operators/kernel/vulkan/vk_layer_norm.h"
#include "operators/kernel/vulkan/vk_lrn.h"
#include "operators/kernel/vulkan/vk_matmul.h"
#include "operators/kernel/vulkan/vk_pool2d.h"
#include "operators/kernel/vulkan/vk_resize.h"
#include "operators/kernel/vulkan/vk_softmax.h"
#include "operators/flatten_op.h"
#include "operators/pad_op.h"
#include "operators/pool2d_op.h"
#include "operators/reshape_op.h"
#include "operators/resize_op.h"
#include "operators/shuffle_channel_op.h"
#include "operators/slice_op.h"
#include "operators/softmax_op.h"
#include "operators/split_op.h"
#include "operators/strided_slice_op.h"
#include "operators/squeeze_op.h"
#include "operators/transpose_op.h"
#include "operators/unsqueeze_op.h"

namespace ember {
namespace vulkan {

namespace {

bool Float32(const Tensor* t) { return t && t->dtype() == DataType::kFloat32; }

// The reason an op on data other than float32 stays on the CPU (integers: an export's shape arithmetic).
Status DeclineDtype(Backend* b, const Tensor* t) {
  if (!t) return b->Decline("an input is missing");
  const bool integer = t->dtype() == DataType::kInt64 || t->dtype() == DataType::kInt32;
  return b->Decline(std::string(DataTypeName(t->dtype())) +
                    (integer ? " data (shape arithmetic): the host computes it" : " data: the GPU kernels take float32"));
}

// The GPU copies of an op's one input x and one output y; *gx null (and y left alone) when x is a weight freed
// once packed for the CPU: the op then runs there.
Status InOut(Backend* b, const Tensor* x, const Tensor* y, const VkTensor** gx, VkTensor** gy) {
  *gy = nullptr;
  EMBER_RETURN_IF_ERROR(b->In(x, gx));
  return *gx ? b->Out(y, gy) : Status::OK();
}

Status RecordConvOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* conv = dynamic_cast<ConvOp*>(op);
  if (!conv) return Status::OK();
  const ConvParam& p = conv->param();
  if (p.block)
    return b->Decline("in a packed-channel region (the CPU's layout: load with nchw16c_layout disabled)");
  if (!SupportsActivation(p.act.type) || p.fuse_relu_before_depthwise_conv)
    return b->Decline("its fused activation has no shader");
  if (!Float32(p.input) || p.input->dims().size() != 4 || (p.bias && !Float32(p.bias)))
    return b->Decline("not a 4-D float32 input and bias");
  const VkTensor *in, *filter = nullptr, *bias = nullptr, *block_filter = nullptr;
  VkTensor* out;
  // The blocked shader's filter, packed once per Model (null for a filter that is not a weight); the plain one is
  // uploaded only for the other shaders.
  if (AutoUsesBlockFilter(*b->device(), p.geo))
    EMBER_RETURN_IF_ERROR(b->InPacked(p.filter, "block16", [&](const Tensor& f) { return PackBlockFilter(p.geo, f); },
                                      &block_filter));
  const bool blocked = block_filter != nullptr;
  if (!blocked) EMBER_RETURN_IF_ERROR(b->In(p.filter, &filter));
  if (p.bias) EMBER_RETURN_IF_ERROR(b->InFloat32(p.bias, &bias));
  if ((!blocked && !filter) || (p.bias && !bias)) return Status::OK();  // freed once packed for the CPU
  EMBER_RETURN_IF_ERROR(b->In(p.input, &in));
  EMBER_RETURN_IF_ERROR(b->Out(p.output, &out));
  EMBER_RETURN_IF_ERROR(RecordConv2d(b->recorder(), p.geo, *in, filter, bias, p.act, out, ConvAlgo::kAuto,
                                     blocked ? block_filter : nullptr));
  *recorded = true;
  return Status::OK();
}

Status RecordConvTransposeOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* conv = dynamic_cast<ConvTransposeOp*>(op);
  if (!conv) return Status::OK();
  const ConvTransposeParam& p = conv->param();
  if (!SupportsActivation(p.act.type) || !Float32(p.input) || p.input->dims().size() != 4 ||
      (p.bias && !Float32(p.bias)) || (!p.data_format.empty() && p.data_format != "NCHW" &&
                                       p.data_format != "AnyLayout"))
    return Status::OK();
  const VkTensor *in, *filter, *bias = nullptr;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(b->In(p.filter, &filter));
  if (p.bias) EMBER_RETURN_IF_ERROR(b->InFloat32(p.bias, &bias));
  if (!filter || (p.bias && !bias)) return Status::OK();  // freed once packed for the CPU, or not float32
  EMBER_RETURN_IF_ERROR(b->In(p.input, &in));
  EMBER_RETURN_IF_ERROR(b->Out(p.output, &out));
  EMBER_RETURN_IF_ERROR(RecordConvTranspose2d(b->recorder(), p.geo, *in, *filter, bias, p.act, out));
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
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
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
  if (!x || !y) return Status::OK();
  EMBER_RETURN_IF_ERROR(b->Out(p.out, &out));
  EMBER_RETURN_IF_ERROR(RecordBinary(b->recorder(), static_cast<BinaryOp>(type), *x, *y, p.plan.dims,
                                     p.plan.x_strides, p.plan.y_strides, p.out->dims(), out));
  if (p.act.type != ActivationType::kNone)  // the fused activation, in place
    EMBER_RETURN_IF_ERROR(RecordActivation(b->recorder(), p.act, *out, out));
  *recorded = true;
  return Status::OK();
}

Status RecordPool2dOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* pool = dynamic_cast<Pool2dOp*>(op);
  if (!pool) return Status::OK();
  const Pool2dParam& p = pool->param();
  if (p.block || p.mask || !SupportsPool2d(p.geo) || !Float32(p.x)) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordPool2d(b->recorder(), p.geo, *x, out));
  *recorded = true;
  return Status::OK();
}

Status RecordConcatOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* concat = dynamic_cast<ConcatOp*>(op);
  if (!concat) return Status::OK();
  const ConcatParam& p = concat->param();
  for (const Tensor* t : p.xs)
    if (!Float32(t)) return DeclineDtype(b, t);
  std::vector<const VkTensor*> xs;
  for (const Tensor* t : p.xs) {
    const VkTensor* x;
    EMBER_RETURN_IF_ERROR(b->In(t, &x));
    if (!x) return Status::OK();
    xs.push_back(x);
  }
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(b->Out(p.out, &out));
  EMBER_RETURN_IF_ERROR(RecordConcat(b->recorder(), xs, p.norm_axis, p.out->dims(), out));
  *recorded = true;
  return Status::OK();
}

Status RecordFcOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* fc = dynamic_cast<FcOp*>(op);
  if (!fc) return Status::OK();
  const FcParam& p = fc->param();
  if (!SupportsActivation(p.act.type) || !Float32(p.input) || (p.bias && !Float32(p.bias))) return Status::OK();
  const VkTensor *in, *w, *bias = nullptr;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(b->In(p.w, &w));
  if (p.bias) EMBER_RETURN_IF_ERROR(b->InFloat32(p.bias, &bias));
  if (!w || (p.bias && !bias)) return Status::OK();
  EMBER_RETURN_IF_ERROR(b->In(p.input, &in));
  EMBER_RETURN_IF_ERROR(b->Out(p.out, &out));
  EMBER_RETURN_IF_ERROR(RecordFc(b->recorder(), p.m, p.k, p.n, *in, *w, bias, p.act, p.out->dims(), out));
  *recorded = true;
  return Status::OK();
}

Status RecordMatMulOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* mm = dynamic_cast<MatMulOp*>(op);
  if (!mm) return Status::OK();
  const MatMulParam& p = mm->param();
  if (!Float32(p.x) || !Float32(p.y)) return b->Decline("not float32 operands");
  if (!SupportsActivation(p.act.type)) return b->Decline("its fused activation has no shader");
  const MatMulGemms g = {p.gemm_trans_x, p.gemm_trans_y, p.m, p.n, p.k, p.lda, p.ldb, p.x_offsets, p.y_offsets,
                         p.alpha, p.act};
  if (p.k == 0) return b->Decline("an empty inner dim");
  if (!OffsetsFitTable(g)) return b->Decline("operand offsets past 2^24 (its offset table holds floats)");
  const VkTensor *x, *y;
  EMBER_RETURN_IF_ERROR(b->In(p.x, &x));
  EMBER_RETURN_IF_ERROR(b->In(p.y, &y));
  if (!x || !y) return Status::OK();
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(b->Out(p.out, &out));
  EMBER_RETURN_IF_ERROR(RecordMatMul(b->recorder(), g, *x, *y, p.out->dims(), b->Scratch(op), out));
  *recorded = true;
  return Status::OK();
}

Status RecordLayerNormOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* ln = dynamic_cast<LayerNormOp*>(op);
  if (!ln) return Status::OK();
  const LayerNormParam& p = ln->param();
  if (!Float32(p.x) || (p.scale && !Float32(p.scale)) || (p.bias && !Float32(p.bias)))
    return b->Decline("not float32 inputs");
  const VkTensor *x, *scale = nullptr, *bias = nullptr;
  if (p.scale) EMBER_RETURN_IF_ERROR(b->In(p.scale, &scale));
  if (p.bias) EMBER_RETURN_IF_ERROR(b->In(p.bias, &bias));
  if ((p.scale && !scale) || (p.bias && !bias)) return Status::OK();
  EMBER_RETURN_IF_ERROR(b->In(p.x, &x));
  if (!x) return Status::OK();
  LayerNormOutputs out = {nullptr, nullptr, nullptr, p.mean ? p.mean->dims() : DDim()};
  EMBER_RETURN_IF_ERROR(b->Out(p.y, &out.y));
  if (p.mean) EMBER_RETURN_IF_ERROR(b->Out(p.mean, &out.mean));
  if (p.variance) EMBER_RETURN_IF_ERROR(b->Out(p.variance, &out.variance));
  if (p.variance && !p.mean) out.stats_dims = p.variance->dims();
  const DDim& d = p.x->dims();
  EMBER_RETURN_IF_ERROR(RecordLayerNorm(b->recorder(), d.Product(0, static_cast<int>(p.axis)), d.Product(static_cast<int>(p.axis), d.size()), p.epsilon,
                                        *x, scale, bias, out));
  *recorded = true;
  return Status::OK();
}

Status RecordSoftmaxOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* softmax = dynamic_cast<SoftmaxOp*>(op);
  if (!softmax) return Status::OK();
  const SoftmaxParam& p = softmax->param();
  if (!Float32(p.x)) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordSoftmax(b->recorder(), p.outer, p.axis_size, p.inner, p.log, *x, out));
  *recorded = true;
  return Status::OK();
}

Status RecordSplitOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* split = dynamic_cast<SplitOp*>(op);
  if (!split) return Status::OK();
  const SplitParam& p = split->param();
  if (!Float32(p.x)) return Status::OK();
  const VkTensor* x;
  EMBER_RETURN_IF_ERROR(b->In(p.x, &x));
  if (!x) return Status::OK();  // a weight freed once packed for the CPU
  std::vector<VkTensor*> outs;
  std::vector<DDim> dims;
  for (Tensor* t : p.outs) {
    VkTensor* o;
    EMBER_RETURN_IF_ERROR(b->Out(t, &o));
    outs.push_back(o);
    dims.push_back(t->dims());
  }
  EMBER_RETURN_IF_ERROR(RecordSplit(b->recorder(), *x, p.norm_axis, dims, outs));
  *recorded = true;
  return Status::OK();
}

Status RecordShuffleChannelOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* shuffle = dynamic_cast<ShuffleChannelOp*>(op);
  if (!shuffle) return Status::OK();
  const ShuffleChannelParam& p = shuffle->param();
  if (!Float32(p.x)) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordShuffleChannel(b->recorder(), *x, p.group, out));
  *recorded = true;
  return Status::OK();
}

Status RecordTransposeOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* t = dynamic_cast<TransposeOp*>(op);
  if (!t) return Status::OK();
  const TransposeParam& p = t->param();
  if (!Float32(p.x) || p.x->dims().size() > 6) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordTranspose(b->recorder(), *x, p.axis, out));
  *recorded = true;
  return Status::OK();
}

// scale and shift [1, C, 1...] (rank dims) of an inference batch_norm, folded as the CPU kernel does.
Status UploadFoldedBatchNorm(const BatchNormParam& p, int rank, VkTensor* scale_out, VkTensor* shift_out) {
  const int64_t c = p.x->dims()[1];
  std::vector<int64_t> dims(static_cast<size_t>(rank), 1);
  dims[1] = c;
  Tensor scale, shift;
  scale.Resize(DDim(dims));
  shift.Resize(DDim(dims));
  FoldBatchNorm(p.scale->data<float>(), p.bias->data<float>(), p.mean->data<float>(), p.variance->data<float>(),
                p.epsilon, c, scale.mutable_data<float>(), shift.mutable_data<float>());
  Device* device = nullptr;
  EMBER_RETURN_IF_ERROR(Device::Get(&device));
  EMBER_RETURN_IF_ERROR(Upload(device, scale, scale_out));
  return Upload(device, shift, shift_out);
}

// Inference batch_norm as the CPU folds it (scale and shift per channel), then x * scale + shift through the
// broadcasting binary shader. Programs that name training outputs (MeanOut, ...) keep it on the CPU, which fills them.
Status RecordBatchNormOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* bn = dynamic_cast<BatchNormOp*>(op);
  if (!bn) return Status::OK();
  const BatchNormParam& p = bn->param();
  const int rank = p.x ? p.x->dims().size() : 0;
  if (!Float32(p.x) || rank < 2 || rank > 4 || p.mean_out || p.variance_out || p.saved_mean || p.saved_variance)
    return Status::OK();
  for (const Tensor* t : {p.scale, p.bias, p.mean, p.variance})
    if (!Float32(t) || !t->initialized()) return Status::OK();
  VkTensor *vscale = b->Scratch(op, 0), *vshift = b->Scratch(op, 1), *scaled = b->Scratch(op, 2);
  if (vscale->dims.size() != rank)  // the statistics are weights: folded and uploaded on the first run only
    EMBER_RETURN_IF_ERROR(UploadFoldedBatchNorm(p, rank, vscale, vshift));
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.y, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordBinary(b->recorder(), BinaryOp::kMul, *x, *vscale, scaled));
  EMBER_RETURN_IF_ERROR(RecordBinary(b->recorder(), BinaryOp::kAdd, *scaled, *vshift, out));
  *recorded = true;
  return Status::OK();
}

Status RecordResizeOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* resize = dynamic_cast<ResizeOp*>(op);
  if (!resize) return Status::OK();
  const ResizeParam& p = resize->param();
  if (!Float32(p.x)) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordResize(b->recorder(), p, *x, b->Scratch(op), out));
  *recorded = true;
  return Status::OK();
}

Status RecordInterpolateOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* interp = dynamic_cast<InterpolateOp*>(op);
  if (!interp) return Status::OK();
  const InterpolateParam& p = interp->param();
  if (!Float32(p.x) || p.x->dims().size() != 4) return b->Decline("not a 4-D float32 input");
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordInterpolate(b->recorder(), p, *x, b->Scratch(op), out));
  *recorded = true;
  return Status::OK();
}

// slice and strided_slice: a strided view of the input (begin and step per input axis, from InferShape).
Status RecordSliceOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  const Tensor *in = nullptr, *result = nullptr;
  std::vector<int64_t> begin, step, size;
  if (auto* s = dynamic_cast<SliceOp*>(op)) {
    in = s->param().input, result = s->param().out, begin = s->param().begin, size = s->param().size;
    step.assign(begin.size(), 1);
  } else if (auto* s = dynamic_cast<StridedSliceOp*>(op)) {
    in = s->param().input, result = s->param().out, begin = s->param().begin, step = s->param().step;
    if (result) size = result->dims().vec();
  }
  if (!Float32(in)) return DeclineDtype(b, in);
  if (in->dims().size() > 6) return b->Decline("rank over 6");
  if (begin.size() != static_cast<size_t>(in->dims().size()) || size.size() != begin.size())
    return b->Decline("its output drops or adds axes the strided view does not map");
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, in, result, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordStridedSlice(b->recorder(), *x, begin, step, size, result->dims(), out));
  *recorded = true;
  return Status::OK();
}

Status RecordLrnOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* lrn = dynamic_cast<LrnOp*>(op);
  if (!lrn) return Status::OK();
  const LrnParam& p = lrn->param();
  if (p.mid_out) return b->Decline("its MidOut output is computed on the CPU");
  if (!Float32(p.x) || p.x->dims().size() < 2 || (!p.data_format.empty() && p.data_format != "NCHW" &&
                                                  p.data_format != "AnyLayout"))
    return b->Decline("not a float32 NCHW input");
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  const DDim& d = p.x->dims();
  const LrnShape shape = {d[0], d[1], d.Product(2, d.size()), p.n, p.k, p.alpha, p.beta};
  EMBER_RETURN_IF_ERROR(RecordLrn(b->recorder(), shape, *x, out));
  *recorded = true;
  return Status::OK();
}

Status RecordPadOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* pad = dynamic_cast<PadOp*>(op);
  if (!pad) return Status::OK();
  const PadParam& p = pad->param();
  const DDim& d = p.x ? p.x->dims() : DDim();
  if (!Float32(p.x) || d.size() != (p.is_3d ? 5 : 4)) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  static_assert(static_cast<int>(PadMode::kCircular) == 3, "shaders/pad.comp's mode codes");
  const int64_t depth = p.is_3d ? d[2] : 1;
  EMBER_RETURN_IF_ERROR(RecordPad(b->recorder(), *x, d[0] * d[1], depth, d[d.size() - 2], d[d.size() - 1], p.pads,
                                  static_cast<int>(p.mode), p.value, p.out->dims(), out));
  *recorded = true;
  return Status::OK();
}

// The reshapes: X and Out of whichever op class, a copy under Out's shape (XShape outputs stay on the host).
template <typename OpT>
Status RecordReshapeOp(Backend* b, OperatorBase* op, bool* recorded) {
  *recorded = false;
  auto* r = dynamic_cast<OpT*>(op);
  if (!r) return Status::OK();
  const auto& p = r->param();
  if (!Float32(p.x)) return Status::OK();
  const VkTensor* x;
  VkTensor* out;
  EMBER_RETURN_IF_ERROR(InOut(b, p.x, p.out, &x, &out));
  if (!x) return Status::OK();
  EMBER_RETURN_IF_ERROR(RecordReshape(b->recorder(), *x, p.out->dims(), out));
  *recorded = true;
  return Status::OK();
}

}  // namespace

// Op families with one built op type at least. An adapter names its op class, which a slim build without the
// family does not link: its return sits in an `if constexpr`, so nothing references it there.
constexpr bool AnyBuilt(std::initializer_list<std::string_view> types) {
  for (std::string_view t : types)
    if (OpBuilt(t)) return true;
  return false;
}
constexpr bool kElementwiseBuilt =
    AnyBuilt({"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div", "elementwise_max",
              "elementwise_min", "elementwise_pow", "elementwise_mod", "elementwise_fmod", "elementwise_floordiv"});
constexpr std::string_view kActivations[] = {"relu", "relu6", "leaky_relu", "sigmoid", "tanh", "swish", "hard_swish",
                                             "hard_sigmoid", "exp", "abs", "scale", "clip", "elu"};
constexpr bool ActivationOpBuilt() {
  for (std::string_view a : kActivations)
    if (OpBuilt(a)) return true;
  return false;
}

RecordFn FindRecordFn(const std::string& op_type) {
  if (op_type == "conv2d" || op_type == "depthwise_conv2d") {
    if constexpr (AnyBuilt({"conv2d", "depthwise_conv2d"})) return &RecordConvOp;
  } else if (op_type == "conv2d_transpose" || op_type == "depthwise_conv2d_transpose") {
    if constexpr (AnyBuilt({"conv2d_transpose", "depthwise_conv2d_transpose"})) return &RecordConvTransposeOp;
  } else if (op_type.rfind("elementwise_", 0) == 0) {
    if constexpr (kElementwiseBuilt) return &RecordElementwiseOp;
  } else if (op_type == "pool2d") {
    if constexpr (OpBuilt("pool2d")) return &RecordPool2dOp;
  } else if (op_type == "concat") {
    if constexpr (OpBuilt("concat")) return &RecordConcatOp;
  } else if (op_type == "fc") {
    if constexpr (OpBuilt("fc")) return &RecordFcOp;
  } else if (op_type == "softmax" || op_type == "log_softmax") {
    if constexpr (AnyBuilt({"softmax", "log_softmax"})) return &RecordSoftmaxOp;
  } else if (op_type == "split") {
    if constexpr (OpBuilt("split")) return &RecordSplitOp;
  } else if (op_type == "shuffle_channel") {
    if constexpr (OpBuilt("shuffle_channel")) return &RecordShuffleChannelOp;
  } else if (op_type == "transpose" || op_type == "transpose2") {
    if constexpr (AnyBuilt({"transpose", "transpose2"})) return &RecordTransposeOp;
  } else if (op_type == "resize") {
    if constexpr (OpBuilt("resize")) return &RecordResizeOp;
  } else if (op_type == "nearest_interp" || op_type == "nearest_interp_v2" || op_type == "bilinear_interp" ||
             op_type == "bilinear_interp_v2") {
    if constexpr (AnyBuilt({"nearest_interp", "nearest_interp_v2", "bilinear_interp", "bilinear_interp_v2"}))
      return &RecordInterpolateOp;
  } else if (op_type == "slice" || op_type == "strided_slice") {
    if constexpr (AnyBuilt({"slice", "strided_slice"})) return &RecordSliceOp;
  } else if (op_type == "lrn") {
    if constexpr (OpBuilt("lrn")) return &RecordLrnOp;
  } else if (op_type == "layer_norm") {
    if constexpr (OpBuilt("layer_norm")) return &RecordLayerNormOp;
  } else if (op_type == "matmul" || op_type == "matmul_v2") {
    if constexpr (AnyBuilt({"matmul", "matmul_v2"})) return &RecordMatMulOp;
  } else if (op_type == "pad2d" || op_type == "pad3d") {
    if constexpr (AnyBuilt({"pad2d", "pad3d"})) return &RecordPadOp;
  } else if (op_type == "batch_norm") {
    if constexpr (OpBuilt("batch_norm")) return &RecordBatchNormOp;
  } else if (op_type == "reshape" || op_type == "reshape2") {
    if constexpr (AnyBuilt({"reshape", "reshape2"})) return &RecordReshapeOp<ReshapeOp>;
  } else if (op_type == "flatten" || op_type == "flatten2" || op_type == "flatten_contiguous_range") {
    if constexpr (AnyBuilt({"flatten", "flatten2", "flatten_contiguous_range"})) return &RecordReshapeOp<FlattenOp>;
  } else if (op_type == "squeeze" || op_type == "squeeze2") {
    if constexpr (AnyBuilt({"squeeze", "squeeze2"})) return &RecordReshapeOp<SqueezeOp>;
  } else if (op_type == "unsqueeze" || op_type == "unsqueeze2") {
    if constexpr (AnyBuilt({"unsqueeze", "unsqueeze2"})) return &RecordReshapeOp<UnsqueezeOp>;
  } else {
    if constexpr (ActivationOpBuilt())
      for (std::string_view a : kActivations)
        if (op_type == a) return &RecordActivationOp;
  }
  return nullptr;
}

}  // namespace vulkan
}  // namespace ember
