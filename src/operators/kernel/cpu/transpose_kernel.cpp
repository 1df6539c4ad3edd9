#include "operators/transpose_op.h"
#include "operators/kernel/central-arm-func/transpose_func.h"

namespace ember {

template <>
Status TransposeKernel<CPU, float>::Init(TransposeParam*) {
  return Status::OK();
}

template <>
Status TransposeKernel<CPU, float>::Compute(const TransposeParam& p) {
  std::vector<int> perm(p.axis.begin(), p.axis.end());
  TransposeBytes(p.x->raw_data(), p.out->raw_data(), SizeOf(p.x->dtype()), p.x->dims().vec(), perm);
  return Status::OK();
}

}  // namespace ember
