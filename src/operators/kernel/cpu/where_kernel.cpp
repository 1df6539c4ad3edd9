#include "operators/where_op.h"
#include "operators/kernel/central-arm-func/where_func.h"

namespace ember {

template <>
Status WhereKernel<CPU, float>::Init(WhereParam*) {
  return Status::OK();
}

template <>
Status WhereKernel<CPU, float>::Compute(const WhereParam& p) {
  return WhereCompute(p);
}

}  // namespace ember
