#include "operators/cumsum_op.h"
#include "operators/kernel/central-arm-func/cumsum_func.h"

namespace ember {

template <>
Status CumsumKernel<CPU, float>::Init(CumsumParam*) {
  return Status::OK();
}

template <>
Status CumsumKernel<CPU, float>::Compute(const CumsumParam& p) {
  return CumsumCompute(p);
}

}  // namespace ember
