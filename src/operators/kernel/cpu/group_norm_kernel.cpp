#include <cmath>

#include "framework/parallel.h"
#include "operators/group_norm_op.h"

namespace ember {

template <>
Status GroupNormKernel<CPU, float>::Init(GroupNormParam*) {
  return Status::OK();
}

// Per (sample, group): two passes in double for the mean and variance, then one affine pass per channel.
template <>
Status GroupNormKernel<CPU, float>::Compute(const GroupNormParam& p) {
  const float* x = p.x->data<float>();
  float* y = p.y->mutable_data<float>();
  const float* scale = p.scale ? p.scale->data<float>() : nullptr;
  const float* bias = p.bias ? p.bias->data<float>() : nullptr;
  const int64_t per = p.c / p.groups, len = per * p.spatial;
  ParallelFor(p.n * p.groups, p.x->numel() > 65536 ? MaxThreads() : 1, [&](int64_t ng) {
    const float* src = x + ng * len;
    float* dst = y + ng * len;
    double sum = 0, sq = 0;
    for (int64_t i = 0; i < len; ++i) sum += src[i];
    const double mean = sum / static_cast<double>(len);
    for (int64_t i = 0; i < len; ++i) sq += (src[i] - mean) * (src[i] - mean);
    const double var = sq / static_cast<double>(len);
    const float inv = static_cast<float>(1.0 / std::sqrt(var + p.epsilon)), m = static_cast<float>(mean);
    for (int64_t k = 0; k < per; ++k) {
      const int64_t ch = (ng % p.groups) * per + k;
      const float s = scale ? scale[ch] * inv : inv, b = bias ? bias[ch] : 0.f;
      for (int64_t i = k * p.spatial; i < (k + 1) * p.spatial; ++i) dst[i] = (src[i] - m) * s + b;
    }
    if (p.mean) p.mean->mutable_data<float>()[ng] = m;
    if (p.variance) p.variance->mutable_data<float>()[ng] = static_cast<float>(var);
  });
  return Status::OK();
}

}  // namespace ember
