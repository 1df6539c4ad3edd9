#include "operators/unary_op.h"
#include "operators/kernel/central-arm-func/unary_func.h"

namespace ember {

template <>
Status UnaryKernel<CPU, float>::Init(UnaryParam*) {
  return Status::OK();
}

template <>
Status UnaryKernel<CPU, float>::Compute(const UnaryParam& p) {
  Unary(p.type, p.x->data<float>(), p.out->mutable_data<float>(), p.x->numel());
  return Status::OK();
}

}  // namespace ember
