#include <cmath>

#include "operators/window_op.h"

namespace ember {

template <>
Status WindowKernel<CPU, float>::Init(WindowParam*) {
  return Status::OK();
}

template <>
Status WindowKernel<CPU, float>::Compute(const WindowParam& p) {
  const int64_t n = p.out->numel();
  const double pi = 3.14159265358979323846, d = static_cast<double>(p.periodic ? n : n - 1);
  float* y = p.out->mutable_data<float>();
  for (int64_t i = 0; i < n; ++i) {
    const double t = d > 0 ? 2 * pi * static_cast<double>(i) / d : 0;
    double v = 0.5 - 0.5 * std::cos(t);
    if (p.window == "hamming") v = 25.0 / 46 - 21.0 / 46 * std::cos(t);
    if (p.window == "blackman") v = 0.42 - 0.5 * std::cos(t) + 0.08 * std::cos(2 * t);
    y[i] = static_cast<float>(v);
  }
  return Status::OK();
}

}  // namespace ember
