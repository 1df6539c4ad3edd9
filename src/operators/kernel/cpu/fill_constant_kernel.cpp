#include "operators/fill_constant_op.h"
#include "operators/kernel/central-arm-func/fill_constant_func.h"

namespace ember {

template <>
Status FillConstantKernel<CPU, float>::Init(FillConstantParam*) {
  return Status::OK();
}

template <>
Status FillConstantKernel<CPU, float>::Compute(const FillConstantParam& p) {
  Tensor* out = p.out;
  VisitDataType(p.out_type, [&](auto tag) {
    using T = decltype(tag);
    FillCompute(out->mutable_data<T>(), out->numel(), FillValue<T>(p.number, p.integer, p.is_integer));
  });
  return Status::OK();
}

}  // namespace ember
