#include <algorithm>

#include "operators/batch_norm_op.h"
#include "operators/kernel/central-arm-func/batch_norm_func.h"

namespace ember {

template <>
Status BatchNormKernel<CPU, float>::Init(BatchNormParam* p) {
  const int64_t c = p->scale->numel();
  scale_.resize(static_cast<size_t>(c));
  shift_.resize(static_cast<size_t>(c));
  FoldBatchNorm(p->scale->data<float>(), p->bias->data<float>(), p->mean->data<float>(),
                p->variance->data<float>(), p->epsilon, c, scale_.data(), shift_.data());
  return Status::OK();
}

namespace {
// Copies a statistic into an optional output unless the output is the statistic itself (Paddle names the
// same variable as Mean and MeanOut).
void FillStat(const Tensor& from, Tensor* to) {
  if (!to || to->SharesStorageWith(from) || to == &from) return;
  std::copy(from.data<float>(), from.data<float>() + from.numel(), to->mutable_data<float>());
}
}  // namespace

template <>
Status BatchNormKernel<CPU, float>::Compute(const BatchNormParam& p) {
  const DDim& d = p.x->dims();
  const int64_t c = d[1];
  ChannelAffine(p.x->data<float>(), scale_.data(), shift_.data(), d[0], c, d.Product(2, d.size()),
                p.y->mutable_data<float>());
  FillStat(*p.mean, p.mean_out);
  FillStat(*p.variance, p.variance_out);
  FillStat(*p.mean, p.saved_mean);
  FillStat(*p.variance, p.saved_variance);
  return Status::OK();
}

}  // namespace ember
