#include <cmath>
#include <utility>
#include <vector>

#include "operators/determinant_op.h"

namespace ember {

namespace {

// det of the m x m matrix a (row-major), by Gaussian elimination with partial pivoting.
double Det(std::vector<double> a, int64_t m) {
  double det = 1;
  for (int64_t c = 0; c < m; ++c) {
    int64_t piv = c;
    for (int64_t r = c + 1; r < m; ++r)
      if (std::fabs(a[r * m + c]) > std::fabs(a[piv * m + c])) piv = r;
    if (a[piv * m + c] == 0) return 0;
    if (piv != c) {
      for (int64_t k = 0; k < m; ++k) std::swap(a[c * m + k], a[piv * m + k]);
      det = -det;
    }
    det *= a[c * m + c];
    for (int64_t r = c + 1; r < m; ++r) {
      const double f = a[r * m + c] / a[c * m + c];
      for (int64_t k = c; k < m; ++k) a[r * m + k] -= f * a[c * m + k];
    }
  }
  return det;
}

}  // namespace

template <>
Status DeterminantKernel<CPU, float>::Init(DeterminantParam*) {
  return Status::OK();
}

template <>
Status DeterminantKernel<CPU, float>::Compute(const DeterminantParam& p) {
  const float* x = p.input->data<float>();
  float* y = p.out->mutable_data<float>();
  const int64_t mm = p.m * p.m;
  for (int64_t i = 0; i < p.out->numel(); ++i)
    y[i] = static_cast<float>(Det(std::vector<double>(x + i * mm, x + (i + 1) * mm), p.m));
  return Status::OK();
}

}  // namespace ember
