#include "operators/kernel/central-arm-func/matmul_func.h"
#include "operators/matmul_op.h"

namespace ember {

template <>
Status MatMulKernel<CPU, float>::Init(MatMulParam*) {
  return Status::OK();
}

template <>
Status MatMulKernel<CPU, float>::Compute(const MatMulParam& p) {
  MatMulCompute(p, p.x->data<float>(), p.y->data<float>(), p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
