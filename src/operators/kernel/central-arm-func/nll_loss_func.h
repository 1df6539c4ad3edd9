// Portable nll_loss: one pass over the positions in double. The tests compare against ONNX's outputs and a
// loop of their own.
#pragma once

#include <cstdint>
#include <limits>

#include "operators/nll_loss_op.h"

namespace ember {

template <typename L>
Status NllLossCompute(const NllLossParam& p, const L* label) {
  const float* x = p.x->data<float>();
  const float* w = p.weight ? p.weight->data<float>() : nullptr;
  float* out = p.out->mutable_data<float>();
  const bool none = p.reduction == "none";
  double sum = 0, weights = 0;
  for (int64_t n = 0; n < p.n; ++n)
    for (int64_t d = 0; d < p.d; ++d) {
      const int64_t i = n * p.d + d, t = static_cast<int64_t>(label[i]);
      double loss = 0;
      if (t != p.ignore_index) {
        if (t < 0 || t >= p.c)
          return InvalidArgument("Label[", i, "] = ", t, " is outside the ", p.c, " classes of X ",
                                 p.x->dims().ToString());
        const double wt = w ? w[t] : 1.0;
        loss = -x[(n * p.c + t) * p.d + d] * wt;
        weights += wt;
      }
      if (none) out[i] = static_cast<float>(loss);
      sum += loss;
    }
  if (p.reduction == "sum") out[0] = static_cast<float>(sum);
  if (p.reduction == "mean")
    out[0] = weights != 0 ? static_cast<float>(sum / weights) : std::numeric_limits<float>::quiet_NaN();
  if (p.total_weight) *p.total_weight->mutable_data<float>() = static_cast<float>(weights);
  return Status::OK();
}

}  // namespace ember
