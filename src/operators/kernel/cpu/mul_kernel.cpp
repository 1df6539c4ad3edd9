#include "operators/mul_op.h"
#include "operators/kernel/central-arm-func/mul_func.h"

namespace ember {

template <>
Status MulKernel<CPU, float>::Init(MulParam*) {
  return Status::OK();
}

template <>
Status MulKernel<CPU, float>::Compute(const MulParam& p) {
  MulCompute(p.x->data<float>(), p.y->data<float>(), p.out->mutable_data<float>(), p.m, p.k, p.n);
  return Status::OK();
}

}  // namespace ember
