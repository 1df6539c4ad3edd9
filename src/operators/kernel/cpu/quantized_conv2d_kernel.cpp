#include <algorithm>
#include <limits>

#include "operators/kernel/central-arm-func/quantized_conv2d_func.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/kernel/igemm_conv.h"
#include "operators/quantized_conv2d_op.h"

namespace ember {

namespace {

// The activations the epilogue below applies itself, as it writes the floats (a clamp or one select: the compiler
// vectorizes them); any other runs after the GEMM as a pass of its own.
bool EpilogueActivates(ActivationType t) {
  return t == ActivationType::kNone || t == ActivationType::kRelu || t == ActivationType::kRelu6 ||
         t == ActivationType::kLeakyRelu;
}

// One image's group of output channels: where its floats go.
struct QuantizedConvStore {
  float* y;             // the group's first output plane
  const float* scale;   // per output channel of the group: input_step * filter_scale
  const float* bias;    // per output channel of the group, or null
  int64_t plane;
  ActivationSpec act;   // an EpilogueActivates type
};

// A finished block of the int8 GEMM (rows: output pixels; columns: the group's output channels) as floats:
// acc * scale + bias, then the activation, while the block is in cache.
void StoreQuantizedConvBlock(const void* ctx, int64_t r0, int64_t rows, int64_t c0, int64_t cols,
                             const int32_t* acc) {
  const QuantizedConvStore& s = *static_cast<const QuantizedConvStore*>(ctx);
  const float lo = s.act.type == ActivationType::kNone || s.act.type == ActivationType::kLeakyRelu
                       ? -std::numeric_limits<float>::infinity() : 0.f;
  const float hi = s.act.type == ActivationType::kRelu6 ? s.act.a : std::numeric_limits<float>::infinity();
  const float alpha = s.act.type == ActivationType::kLeakyRelu ? s.act.a : 1.f;
  for (int64_t j = 0; j < cols; ++j) {
    const int64_t o = c0 + j;
    const float scale = s.scale[o], bias = s.bias ? s.bias[o] : 0.f;
    const int32_t* src = acc + j * rows;
    float* dst = s.y + o * s.plane + r0;
    for (int64_t i = 0; i < rows; ++i) {
      const float v = static_cast<float>(src[i]) * scale + bias;
      dst[i] = std::min(std::max(v > 0.f ? v : v * alpha, lo), hi);
    }
  }
}

}  // namespace

template <>
Status QuantizedConv2dKernel<CPU, float>::Init(QuantizedConv2dParam*) {
  return Status::OK();
}

template <>
Status QuantizedConv2dKernel<CPU, float>::Compute(const QuantizedConv2dParam& p) {
  const IgemmAccel* a = CpuAccel().igemm;
  ran_igemm_ = a != nullptr;
  if (!a) {
    QuantizedConv2dPortable(p);
    return Status::OK();
  }
  const ConvGeometry& g = p.geo;
  // A weight's packing is kept; a filter computed at run time is packed on every run.
  if (!packed_ || p.cache_key.empty()) packed_ = PackIgemmConvFilter(*p.filter, g, *a, p.weights_scope, p.cache_key);
  // The input quantized to uint8 (value + 128, the GEMM's unsigned A), the padding 128 (value 0); the int32
  // sums go into the output's memory and the epilogue turns them into floats in place.
  bytes_.resize(static_cast<size_t>(p.input->numel()));
  const float* x = p.input->data<float>();
  ParallelRanges(p.input->numel(), 32768, MaxThreads(), [&](int64_t b, int64_t e) {
    if (a->quantize_u8)
      a->quantize_u8(x + b, e - b, p.input_mul, static_cast<float>(p.quant_min), static_cast<float>(p.quant_max),
                     p.ties_away, bytes_.data() + b);
    else
      QuantizeConvInput(p, x + b, e - b, 128.f, bytes_.data() + b);
  });
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups, plane = g.out_h * g.out_w;
  float* y = p.output->mutable_data<float>();
  const float* fs = p.filter_scale->data<float>();
  scales_.resize(static_cast<size_t>(g.out_c));
  for (int64_t o = 0; o < g.out_c; ++o) scales_[static_cast<size_t>(o)] = p.input_step * fs[o];
  const bool fused_act = EpilogueActivates(p.act.type);
  const int32_t za = 0;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      ToPaddedHwc(bytes_.data() + (n * g.in_c + grp * cin_g) * g.in_h * g.in_w, g, 0, 128, &hwc_);
      const int64_t o0 = grp * cout_g;
      QuantizedConvStore store{y + (n * g.out_c + o0) * plane, scales_.data() + o0,
                               p.bias ? p.bias->data<float>() + o0 : nullptr, plane,
                               fused_act ? p.act : ActivationSpec{}};
      IgemmConvGroup q;
      q.hwc = hwc_.data();
      q.a_shift = 128;
      q.a_zp = &za;
      q.b = &(*packed_)[static_cast<size_t>(grp)];
      q.y = static_cast<int32_t*>(static_cast<void*>(store.y));
      q.store_block = StoreQuantizedConvBlock;
      q.store_ctx = &store;
      RunIgemmConvGroup(g, *a, q);
    }
  if (fused_act) return Status::OK();
  // Any other activation vectorized by the folder when it has one (the portable row loop ran leaky_relu at a third
  // of yolov4-tiny's int8 time).
  const ActivationAccel* act = CpuAccel().activation;
  if (act) act->run(p.act, y, y, p.output->numel());
  else ActivationInPlace(p.act, y, p.output->numel());
  return Status::OK();
}

template <>
const char* QuantizedConv2dKernel<CPU, float>::Name(const QuantizedConv2dParam&) const {
  const IgemmAccel* a = CpuAccel().igemm;
  return ran_igemm_ && a ? a->name() : "portable";
}

}  // namespace ember
