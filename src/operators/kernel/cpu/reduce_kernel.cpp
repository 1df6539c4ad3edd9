#include "operators/kernel/central-arm-func/reduce_func.h"
#include "operators/reduce_op.h"

namespace ember {

template <>
Status ReduceKernel<CPU, float>::Init(ReduceParam*) {
  return Status::OK();
}

template <>
Status ReduceKernel<CPU, float>::Compute(const ReduceParam& p) {
  const int64_t n = p.out->numel();
  if (n == 0) return Status::OK();
  switch (p.x->dtype()) {
    case DataType::kFloat32:
      ReduceCompute(p.type, p.groups, p.group_reduced, p.count, p.x->data<float>(), p.out->mutable_data<float>(), n);
      return Status::OK();
    case DataType::kInt32:
      ReduceCompute(p.type, p.groups, p.group_reduced, p.count, p.x->data<int32_t>(),
                    p.out->mutable_data<int32_t>(), n);
      return Status::OK();
    case DataType::kInt64:
      ReduceCompute(p.type, p.groups, p.group_reduced, p.count, p.x->data<int64_t>(),
                    p.out->mutable_data<int64_t>(), n);
      return Status::OK();
    case DataType::kBool:
      ReduceCompute(p.type, p.groups, p.group_reduced, p.count, p.x->data<bool>(), p.out->mutable_data<bool>(), n);
      return Status::OK();
    default: break;
  }
  return Internal("reduce kernel: unexpected dtype ", DataTypeName(p.x->dtype()));
}

}  // namespace ember
