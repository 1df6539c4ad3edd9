#include <vector>

#include "operators/einsum_op.h"

namespace ember {

template <>
Status EinsumKernel<CPU, float>::Init(EinsumParam*) {
  return Status::OK();
}

// An odometer over every letter (output letters outermost): each step adds one product to its output slot.
template <>
Status EinsumKernel<CPU, float>::Compute(const EinsumParam& p) {
  const size_t n_ops = p.operands.size(), letters = p.sizes.size();
  std::vector<std::vector<int64_t>> strides(n_ops);  // per operand, its element stride for each letter
  for (size_t i = 0; i < n_ops; ++i) {
    strides[i].assign(letters, 0);
    const DDim& d = p.operands[i]->dims();
    int64_t s = 1;
    for (int k = d.size() - 1; k >= 0; --k) {
      if (d[k] != 1) strides[i][static_cast<size_t>(p.dims_letter[i][static_cast<size_t>(k)])] += s;
      s *= d[k];
    }
  }
  float* out = p.out->mutable_data<float>();
  const int64_t out_n = p.out->numel();
  std::fill(out, out + out_n, 0.f);
  int64_t total = 1;
  for (int64_t s : p.sizes) total *= s;
  std::vector<int64_t> at(letters, 0);
  for (int64_t step = 0; step < total; ++step) {
    int64_t o = 0;
    for (int k = 0; k < p.out_letters; ++k) o = o * p.sizes[static_cast<size_t>(k)] + at[static_cast<size_t>(k)];
    double prod = 1;
    for (size_t i = 0; i < n_ops; ++i) {
      int64_t off = 0;
      for (size_t k = 0; k < letters; ++k) off += at[k] * strides[i][k];
      prod *= p.operands[i]->data<float>()[off];
    }
    out[o] += static_cast<float>(prod);
    for (size_t k = letters; k-- > 0 && ++at[k] == p.sizes[k];) at[k] = 0;
  }
  return Status::OK();
}

}  // namespace ember
