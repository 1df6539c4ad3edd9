#include <functional>
#include <string>

#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

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

// The filter `plan`'s path reads: its packed copy in `slot` (a pack_suffix implies an accelerator `a`) or
// the plain one, each made on first use.
const float* PathFilter(const ConvParam& p, const ConvAccel* a, const ConvAccelPlan& plan,
                        std::shared_ptr<const std::vector<float>>* slot, std::vector<float>* plain) {
  if (plan.pack_suffix) {
    if (!*slot)
      *slot = SharedPacked(p, plan.pack_suffix,
                           [&](std::vector<float>* v) { a->pack(plan.path, p.geo, p.filter->data<float>(), v); });
    return (*slot)->data();
  }
  if (plain->empty()) plain->assign(p.filter->data<float>(), p.filter->data<float>() + p.filter->numel());
  return plain->data();
}

}  // namespace

template <>
Status ConvKernel<CPU, float>::Init(ConvParam* p) {
  const ConvAccel* a = CpuAccel().conv;
  const int64_t out_c = p->filter->dims()[0];
  const int64_t align = a ? a->bias_align : 1;
  bias_.assign(static_cast<size_t>((out_c + align - 1) / align * align), 0.f);
  if (p->bias) std::copy(p->bias->data<float>(), p->bias->data<float>() + out_c, bias_.begin());
  if (p->nchw16c && a && !a->nchw16c_supports(p->geo)) {
    const ConvGeometry& g = p->geo;
    return Unimplemented("data_format NCHW16c supports 1x1 stride-1 convs and depthwise 3x3 / 5x5 stride 1 / 2 "
                         "only, got a ", g.kernel_h, "x", g.kernel_w, " conv with groups = ", g.groups);
  }
  // The filter the current geometry's path reads is made now (packed copies shared by all predictors); the
  // other paths' on first use.
  const ConvAccelPlan plan = a ? a->plan(p->geo, p->nchw16c) : ConvAccelPlan{};
  PathFilter(*p, a, plan, &packed_[plan.path], &filter_);
  return Status::OK();
}

template <>
Status ConvKernel<CPU, float>::Compute(const ConvParam& p) {
  const float* x = p.input->data<float>();
  float* y = p.output->mutable_data<float>();
  const ConvAccel* a = CpuAccel().conv;
  if (p.nchw16c && !a)
    return Unimplemented("data_format NCHW16c needs the NCHW16c kernels of an instruction-set folder, which this "
                         "build lacks");
  const ConvAccelPlan plan = a ? a->plan(p.geo, p.nchw16c) : ConvAccelPlan{};
  const float* w = PathFilter(p, a, plan, &packed_[plan.path], &filter_);
  if (plan.path != 0) {
    a->run(plan.path, p.geo, w, bias_.data(), p.act, x, y);
  } else if (IsDepthwise(p.geo)) {
    ConvDepthwise(p.geo, w, bias_.data(), p.act, x, y);
  } else {
    ConvGemm(p.geo, w, bias_.data(), p.act, x, y, &scratch_);
  }
  return Status::OK();
}

template <>
const char* ConvKernel<CPU, float>::Name(const ConvParam& p) const {
  const ConvAccel* a = CpuAccel().conv;
  if (!a) return "portable";
  return a->name(a->plan(p.geo, p.nchw16c).path, p.geo);
}

}  // namespace ember
