#include "operators/conv2d_integer_op.h"
#include "operators/kernel/central-arm-func/conv2d_integer_func.h"
#include "operators/kernel/central-arm-func/matmul_integer_func.h"

namespace ember {

template <>
Status Conv2dIntegerKernel<CPU, float>::Init(Conv2dIntegerParam*) {
  return Status::OK();
}

template <>
Status Conv2dIntegerKernel<CPU, float>::Compute(const Conv2dIntegerParam& p) {
  const ConvGeometry& g = p.geo;
  // The input's zero point is one value; the filter's one per output channel ("row" of [Cout, rest]).
  const std::vector<int32_t> x = CenteredInts(*p.input, p.input_zero_point, 1, 1, false);
  const std::vector<int32_t> w = CenteredInts(*p.filter, p.filter_zero_point, g.out_c,
                                              p.filter->numel() / g.out_c, true);
  Conv2dInteger(x.data(), w.data(), g, p.output->mutable_data<int32_t>());
  return Status::OK();
}

}  // namespace ember
