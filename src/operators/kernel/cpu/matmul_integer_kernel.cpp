#include "operators/kernel/central-arm-func/matmul_integer_func.h"
#include "operators/matmul_integer_op.h"

namespace ember {

template <>
Status MatMulIntegerKernel<CPU, float>::Init(MatMulIntegerParam*) {
  return Status::OK();
}

template <>
Status MatMulIntegerKernel<CPU, float>::Compute(const MatMulIntegerParam& p) {
  const std::vector<int32_t> x = CenteredInts(*p.x, p.x_zero_point, p.m, p.k, true);
  const std::vector<int32_t> y = CenteredInts(*p.y, p.y_zero_point, p.k, p.n, false);
  int32_t* out = p.out->mutable_data<int32_t>();
  for (size_t b = 0; b < p.x_offsets.size(); ++b)
    MatMulInteger(x.data() + p.x_offsets[b], y.data() + p.y_offsets[b], p.m, p.n, p.k,
                  out + static_cast<int64_t>(b) * p.m * p.n);
  return Status::OK();
}

}  // namespace ember
