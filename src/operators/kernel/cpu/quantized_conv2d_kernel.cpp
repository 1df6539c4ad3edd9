#include "operators/kernel/central-arm-func/quantized_conv2d_func.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/kernel/igemm_conv.h"
#include "operators/quantized_conv2d_op.h"

namespace ember {

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
  int32_t* acc = static_cast<int32_t*>(static_cast<void*>(y));
  const int32_t za = 0;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      ToPaddedHwc(bytes_.data() + (n * g.in_c + grp * cin_g) * g.in_h * g.in_w, g, 0, 128, &hwc_);
      IgemmConvGroup q;
      q.hwc = hwc_.data();
      q.a_shift = 128;
      q.a_zp = &za;
      q.b = &(*packed_)[static_cast<size_t>(grp)];
      q.y = acc + (n * g.out_c + grp * cout_g) * plane;
      RunIgemmConvGroup(g, *a, q);
    }
  // The activation vectorized by the folder when it has one (the portable row loop ran leaky_relu at a third of
  // yolov4-tiny's int8 time).
  const ActivationAccel* act = CpuAccel().activation;
  QuantizedConvEpilogue(p, acc, y, !act);
  if (act && p.act.type != ActivationType::kNone) act->run(p.act, y, y, p.output->numel());
  return Status::OK();
}

template <>
const char* QuantizedConv2dKernel<CPU, float>::Name(const QuantizedConv2dParam&) const {
  const IgemmAccel* a = CpuAccel().igemm;
  return ran_igemm_ && a ? a->name() : "portable";
}

}  // namespace ember
