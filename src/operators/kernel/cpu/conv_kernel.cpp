#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/conv_func.h"

#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/conv_x86.h"
#endif

namespace ember {

template <>
Status ConvKernel<CPU, float>::Init(ConvParam* p) {
  const float* w = p->filter->data<float>();
  const int64_t out_c = p->filter->dims()[0];
  bias_.assign(static_cast<size_t>(out_c), 0.f);
  if (p->bias) std::copy(p->bias->data<float>(), p->bias->data<float>() + out_c, bias_.begin());
#ifdef EMBER_HAVE_X86_KERNELS
  if (!IsDepthwise(p->geo)) {  // the GEMM path reads only the packed copy, shared by all predictors
    auto pack = [&] {
      auto v = std::make_shared<std::vector<float>>();
      x86::PackConvFilter(p->geo, w, v.get());
      return std::shared_ptr<const void>(v);
    };
    shared_packed_ = std::static_pointer_cast<const std::vector<float>>(
        p->cache_key.empty() ? pack() : p->weights_scope->Derived(p->cache_key, pack));
    return Status::OK();
  }
#endif
  filter_.assign(w, w + p->filter->numel());
  return Status::OK();
}

template <>
Status ConvKernel<CPU, float>::Compute(const ConvParam& p) {
  const float* x = p.input->data<float>();
  float* y = p.output->mutable_data<float>();
#ifdef EMBER_HAVE_X86_KERNELS
  const x86::Isa isa = x86::ActiveIsa();
  if (!IsDepthwise(p.geo)) {
    x86::ConvGemmPacked(p.geo, shared_packed_->data(), bias_.data(), p.act, x, y, isa);
  } else if (x86::DepthwiseSupported(p.geo, isa)) {
    x86::ConvDepthwiseX86(p.geo, filter_.data(), bias_.data(), p.act, x, y, isa);
  } else {
    ConvDepthwise(p.geo, filter_.data(), bias_.data(), p.act, x, y);
  }
#else
  if (IsDepthwise(p.geo)) {
    ConvDepthwise(p.geo, filter_.data(), bias_.data(), p.act, x, y);
  } else {
    ConvGemm(p.geo, filter_.data(), bias_.data(), p.act, x, y, &scratch_);
  }
#endif
  return Status::OK();
}

}  // namespace ember
