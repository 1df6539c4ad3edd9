#include <functional>
#include <string>

#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/conv_func.h"

#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/activation_x86.h"
#include "operators/kernel/x86/conv_s2_direct_x86.h"
#include "operators/kernel/x86/conv_x86.h"
#include "operators/kernel/x86/nchw16c_x86.h"
#include "operators/kernel/x86/winograd_x86.h"
#endif

namespace ember {

#ifdef EMBER_HAVE_X86_KERNELS
namespace {

// The packed filter `key` of the op, made by `make` once per model (shared by its predictors through the
// weights scope) or per kernel when the op has no cache key.
std::shared_ptr<const std::vector<float>> SharedPacked(const ConvParam& p, const std::string& suffix,
                                                       const std::function<void(std::vector<float>*)>& make) {
  auto pack = [&] {
    auto v = std::make_shared<std::vector<float>>();
    make(v.get());
    return std::shared_ptr<const void>(v);
  };
  return std::static_pointer_cast<const std::vector<float>>(
      p.cache_key.empty() || !p.weights_scope ? pack() : p.weights_scope->Derived(p.cache_key + suffix, pack));
}

// An activation the depthwise epilogue does not fuse, applied to each finished piece while it is in cache.
void DepthwisePostActivation(float* out, int64_t n, const void* ctx) {
  x86::ActivationArray(*static_cast<const ActivationSpec*>(ctx), out, out, n, x86::ActiveIsa());
}

}  // namespace
#endif

template <>
Status ConvKernel<CPU, float>::Init(ConvParam* p) {
  const float* w = p->filter->data<float>();
  const int64_t out_c = p->filter->dims()[0];
  bias_.assign(static_cast<size_t>(out_c), 0.f);
  if (p->bias) std::copy(p->bias->data<float>(), p->bias->data<float>() + out_c, bias_.begin());
#ifdef EMBER_HAVE_X86_KERNELS
  if (p->nchw16c) {
    const ConvGeometry& g = p->geo;
    const bool pw = x86::Pointwise16cSupported(g);
    if (!pw && !x86::Depthwise16cSupported(g))
      return Unimplemented("data_format NCHW16c supports 1x1 stride-1 convs and depthwise 3x3 / 5x5 stride 1 / 2 "
                           "only, got a ", g.kernel_h, "x", g.kernel_w, " conv with groups = ", g.groups);
    bias_16c_.assign(static_cast<size_t>(x86::Blocks16c(out_c) * 16), 0.f);
    std::copy(bias_.begin(), bias_.end(), bias_16c_.begin());
    shared_16c_ = SharedPacked(*p, "@16c", [&](std::vector<float>* v) {
      if (pw) x86::PackPointwise16c(g.out_c, g.in_c, w, v);
      else x86::PackDepthwise16c(g.out_c, g.kernel_h, w, v);
    });
    return Status::OK();
  }
  if (!IsDepthwise(p->geo)) {
    // The GEMM, Winograd and direct paths read only packed copies, shared by all predictors. The one the
    // current geometry uses is made now; the others on first use (a new input shape may change the choice).
    const int m = x86::WinogradChoose(p->geo, x86::ActiveIsa());
    if (x86::ConvDirectS2Pays(p->geo, x86::ActiveIsa())) {
      shared_s2_ = SharedPacked(*p, "@s2", [&](std::vector<float>* v) { x86::PackConvDirectS2Filter(p->geo, w, v); });
    } else if (m != 0) {
      shared_wino_[m / 2 - 1] = SharedPacked(*p, "@wino" + std::to_string(m),
                                          [&](std::vector<float>* v) { x86::WinogradPackFilter(p->geo, m, w, v); });
    } else {
      shared_packed_ = SharedPacked(*p, "", [&](std::vector<float>* v) { x86::PackConvFilter(p->geo, w, v); });
    }
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
  if (p.nchw16c) {
    if (x86::Pointwise16cSupported(p.geo))
      x86::Pointwise16c(p.geo, shared_16c_->data(), bias_16c_.data(), p.act, x, y, isa);
    else
      x86::Depthwise16c(p.geo, shared_16c_->data(), bias_16c_.data(), p.act, x, y, isa);
  } else if (!IsDepthwise(p.geo)) {
    const int m = x86::WinogradChoose(p.geo, isa);
    if (x86::ConvDirectS2Pays(p.geo, isa)) {
      if (!shared_s2_)
        shared_s2_ = SharedPacked(p, "@s2", [&](std::vector<float>* v) {
          x86::PackConvDirectS2Filter(p.geo, p.filter->data<float>(), v);
        });
      x86::ConvDirectS2(p.geo, shared_s2_->data(), bias_.data(), p.act, x, y, isa);
    } else if (m != 0) {
      auto& packed = shared_wino_[m / 2 - 1];
      if (!packed)
        packed = SharedPacked(p, "@wino" + std::to_string(m),
                              [&](std::vector<float>* v) { x86::WinogradPackFilter(p.geo, m, p.filter->data<float>(), v); });
      x86::ConvWinograd(p.geo, m, packed->data(), bias_.data(), p.act, x, y, isa);
    } else {
      if (!shared_packed_)
        shared_packed_ = SharedPacked(p, "", [&](std::vector<float>* v) { x86::PackConvFilter(p.geo, p.filter->data<float>(), v); });
      x86::ConvGemmPacked(p.geo, shared_packed_->data(), bias_.data(), p.act, x, y, isa);
    }
  } else if (x86::DepthwiseKernelSupported(p.geo, isa)) {
    x86::GemmEpilogue ep;
    const bool fused = x86::EpilogueActivation(p.act, &ep);
    if (!fused) ep.act = 0;
    x86::DepthwiseConvX86(p.geo, filter_.data(), bias_.data(), ep, x, y, isa,
                          fused ? nullptr : DepthwisePostActivation, &p.act);
  } else {
    ConvDepthwise(p.geo, filter_.data(), bias_.data(), p.act, x, y);
  }
#else
  if (p.nchw16c) return Unimplemented("data_format NCHW16c needs the x86 kernels, which this build lacks");
  if (IsDepthwise(p.geo)) {
    ConvDepthwise(p.geo, filter_.data(), bias_.data(), p.act, x, y);
  } else {
    ConvGemm(p.geo, filter_.data(), bias_.data(), p.act, x, y, &scratch_);
  }
#endif
  return Status::OK();
}

template <>
const char* ConvKernel<CPU, float>::Name(const ConvParam& p) const {
#ifdef EMBER_HAVE_X86_KERNELS
  const x86::Isa isa = x86::ActiveIsa();
  if (p.nchw16c) return x86::Conv16cKernelName(p.geo, isa);
  if (!IsDepthwise(p.geo)) {
    if (x86::ConvDirectS2Pays(p.geo, isa)) return x86::ConvDirectS2Name(p.geo, isa);
    const int m = x86::WinogradChoose(p.geo, isa);
    if (m != 0) return x86::WinogradKernelName(m, isa);
    static const char* const kGemm[3] = {"gemm generic", "gemm avx2", "gemm avx512"};
    return kGemm[static_cast<int>(isa)];
  }
  if (x86::DepthwiseKernelSupported(p.geo, isa)) return x86::DepthwiseKernelName(p.geo, isa);
  return "dw portable";
#else
  (void)p;
  return "portable";
#endif
}

}  // namespace ember
