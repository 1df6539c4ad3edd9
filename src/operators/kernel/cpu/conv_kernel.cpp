#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/conv_func.h"

namespace ember {

template <>
Status ConvKernel<CPU, float>::Init(ConvParam* p) {
  const float* w = p->filter->data<float>();
  filter_.assign(w, w + p->filter->numel());
  const int64_t out_c = p->filter->dims()[0];
  bias_.assign(static_cast<size_t>(out_c), 0.f);
  if (p->bias) std::copy(p->bias->data<float>(), p->bias->data<float>() + out_c, bias_.begin());
  return Status::OK();
}

template <>
Status ConvKernel<CPU, float>::Compute(const ConvParam& p) {
  const float* x = p.input->data<float>();
  float* y = p.output->mutable_data<float>();
  if (IsDepthwise(p.geo)) {
    ConvDepthwise(p.geo, filter_.data(), bias_.data(), p.act, x, y);
  } else {
    ConvGemm(p.geo, filter_.data(), bias_.data(), p.act, x, y, &scratch_);
  }
  return Status::OK();
}

}  // namespace ember
