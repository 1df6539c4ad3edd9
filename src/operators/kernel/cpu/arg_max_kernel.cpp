#include "operators/arg_max_op.h"
#include "operators/kernel/central-arm-func/arg_max_func.h"

namespace ember {

namespace {
template <typename T>
void RunTyped(const ArgMaxParam& p) {
  const T* x = p.x->data<T>();
  if (p.out->dtype() == DataType::kInt32)
    ArgMaxCompute(x, p.outer, p.n, p.inner, p.out->mutable_data<int32_t>());
  else
    ArgMaxCompute(x, p.outer, p.n, p.inner, p.out->mutable_data<int64_t>());
}
}  // namespace

template <>
Status ArgMaxKernel<CPU, float>::Init(ArgMaxParam*) {
  return Status::OK();
}

template <>
Status ArgMaxKernel<CPU, float>::Compute(const ArgMaxParam& p) {
  if (p.out->numel() == 0) return Status::OK();
  switch (p.x->dtype()) {
    case DataType::kFloat32: RunTyped<float>(p); return Status::OK();
    case DataType::kInt32: RunTyped<int32_t>(p); return Status::OK();
    case DataType::kInt64: RunTyped<int64_t>(p); return Status::OK();
    default: break;
  }
  return Internal("arg_max kernel: unexpected dtype ", DataTypeName(p.x->dtype()));
}

}  // namespace ember
