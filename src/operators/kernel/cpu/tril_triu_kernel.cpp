#include "operators/tril_triu_op.h"
#include "operators/kernel/central-arm-func/tril_triu_func.h"

namespace ember {

template <>
Status TrilTriuKernel<CPU, float>::Init(TrilTriuParam*) {
  return Status::OK();
}

template <>
Status TrilTriuKernel<CPU, float>::Compute(const TrilTriuParam& p) {
  return TrilTriuCompute(p);
}

}  // namespace ember
