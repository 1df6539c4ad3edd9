#include "operators/dropout_op.h"
#include "operators/kernel/central-arm-func/dropout_func.h"

namespace ember {

template <>
Status DropoutKernel<CPU, float>::Init(DropoutParam*) {
  return Status::OK();
}

template <>
Status DropoutKernel<CPU, float>::Compute(const DropoutParam& p) {
  const int64_t n = p.x->numel();
  DropoutCompute(p.x->data<float>(), p.out->mutable_data<float>(), n, p.factor);
  if (p.mask) std::memset(p.mask->mutable_data<uint8_t>(), 0, static_cast<size_t>(n));
  return Status::OK();
}

}  // namespace ember
