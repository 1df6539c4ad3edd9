#include "operators/conv_transpose_op.h"
#include "operators/kernel/central-arm-func/conv_transpose_func.h"

namespace ember {

template <>
Status ConvTransposeKernel<CPU, float>::Init(ConvTransposeParam* p) {
  filter_t_.resize(static_cast<size_t>(p->filter->numel()));
  TransposeDeconvFilter(p->geo, p->filter->data<float>(), filter_t_.data());
  bias_.assign(static_cast<size_t>(p->geo.out_c), 0.f);
  if (p->bias) std::copy(p->bias->data<float>(), p->bias->data<float>() + p->geo.out_c, bias_.begin());
  return Status::OK();
}

template <>
Status ConvTransposeKernel<CPU, float>::Compute(const ConvTransposeParam& p) {
  if (IsOneOutputPerGroup(p.geo)) {
    ConvTransposeOnePerGroup(p.geo, p.filter->data<float>(), bias_.data(), p.act, p.input->data<float>(),
                           p.output->mutable_data<float>());
    return Status::OK();
  }
  ConvTransposeGemm(p.geo, filter_t_.data(), bias_.data(), p.act, p.input->data<float>(),
                    p.output->mutable_data<float>(), &scratch_);
  return Status::OK();
}

template <>
const char* ConvTransposeKernel<CPU, float>::Name(const ConvTransposeParam& p) const {
  return IsOneOutputPerGroup(p.geo) ? "direct, one output per group" : "gemm + col2im";
}

}  // namespace ember
