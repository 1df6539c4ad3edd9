#include <functional>
#include <string>

#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

namespace {

// The filter `plan`'s path reads (packed for it, or a plain copy), made from the model's filter once and shared
// by the predictors through the weights scope (the kernel's own without one); null when the model's filter
// was freed before this copy was made.
std::shared_ptr<const std::vector<float>> SharedFilter(const ConvParam& p, const ConvAccel* a,
                                                       const ConvAccelPlan& plan) {
  auto make = [&](size_t* bytes) -> std::shared_ptr<const void> {
    const float* f = p.filter->data<float>();
    if (!f) return nullptr;
    auto v = std::make_shared<std::vector<float>>();
    if (plan.pack_suffix) a->pack(plan.path, p.geo, f, v.get());
    else v->assign(f, f + p.filter->numel());
    *bytes = v->size() * sizeof(float);
    return v;
  };
  size_t unused = 0;
  const std::string suffix = plan.pack_suffix ? plan.pack_suffix : "@plain";
  return std::static_pointer_cast<const std::vector<float>>(
      p.cache_key.empty() || !p.weights_scope ? make(&unused) : p.weights_scope->Derived(p.cache_key + suffix, make));
}

// Where the model freed the filter (ModelOptions::release_packed_weights), a path with no copy yet runs the one
// the filter was freed for instead (it runs any input shape; a faster one for this shape is lost).
std::string PinnedKey(const ConvParam& p) { return "conv_plan:" + p.cache_key; }

// The plan for the current geometry and its filter in `slots`, made on first use. `pinned` (path -1 until
// needed) keeps the fallback once found, so later runs at that shape take no lock.
const float* PlanFilter(const ConvParam& p, const ConvAccel* a, ConvAccelPlan* plan,
                        std::shared_ptr<const std::vector<float>>* slots, ConvAccelPlan* pinned) {
  *plan = a ? a->plan(p.geo, p.block != 0) : ConvAccelPlan{};
  if (!slots[plan->path] && pinned->path < 0) slots[plan->path] = SharedFilter(p, a, *plan);
  if (!slots[plan->path] && pinned->path < 0 && !p.cache_key.empty()) {
    if (auto found = p.weights_scope->FindDerived(PinnedKey(p)))
      *pinned = *std::static_pointer_cast<const ConvAccelPlan>(found);
  }
  if (!slots[plan->path] && pinned->path >= 0) {
    *plan = *pinned;
    if (!slots[plan->path]) slots[plan->path] = SharedFilter(p, a, *plan);
  }
  return slots[plan->path] ? slots[plan->path]->data() : nullptr;
}

Status FilterFreed(const ConvParam& p) {
  return Unimplemented("the filter of the conv writing ", p.cache_key.substr(p.cache_key.find('>') + 1),
                       " was freed once packed for another kernel path, which this run cannot use (load the "
                       "model with ModelOptions::release_packed_weights off)");
}

}  // namespace

template <>
Status ConvKernel<CPU, float>::Init(ConvParam* p) {
  const ConvAccel* a = CpuAccel().conv;
  const int64_t out_c = p->filter->dims()[0];
  const int64_t align = a ? a->bias_align : 1;
  bias_.assign(static_cast<size_t>((out_c + align - 1) / align * align), 0.f);
  if (p->bias) std::copy(p->bias->data<float>(), p->bias->data<float>() + out_c, bias_.begin());
  if (p->block && (!a || a->packed_block() != p->block || !a->packed_supports(p->geo))) {
    const ConvGeometry& g = p->geo;
    return Unimplemented("data_format ", p->data_format, " needs this CPU's packed conv kernels of that block (",
                         a ? a->packed_block() : 0, " here; the layout pass writes it for the machine it runs on), "
                         "which take 1x1 stride-1 convs and depthwise 3x3 / 5x5 stride 1 / 2 only; got a ",
                         g.kernel_h, "x", g.kernel_w, " conv with groups = ", g.groups);
  }
  // The filter the current geometry's path reads is made now (copies shared by all predictors); the other
  // paths' on first use. Then the model's filter can go, where the model allows it.
  ConvAccelPlan plan;
  if (!PlanFilter(*p, a, &plan, packed_, &pinned_)) return FilterFreed(*p);
  if (!p->cache_key.empty()) {  // the path to fall back on is known before the filter can go
    p->weights_scope->Derived(PinnedKey(*p), [&](size_t*) { return std::make_shared<const ConvAccelPlan>(plan); });
    p->weights_scope->ReleaseWeight(p->filter_name);
  }
  return Status::OK();
}

template <>
Status ConvKernel<CPU, float>::Compute(const ConvParam& p) {
  const float* x = p.input->data<float>();
  float* y = p.output->mutable_data<float>();
  const ConvAccel* a = CpuAccel().conv;
  if (p.block && (!a || a->packed_block() != p.block))  // Init checked it; the active level may have changed
    return Unimplemented("data_format ", p.data_format, " needs the packed-channel conv kernels of that block");
  ConvAccelPlan plan;
  const float* w = PlanFilter(p, a, &plan, packed_, &pinned_);
  if (!w) return FilterFreed(p);
  ran_path_ = plan.path;
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
  return a->name(ran_path_ >= 0 ? ran_path_ : a->plan(p.geo, p.block != 0).path, p.geo);
}

}  // namespace ember
