#include "operators/concat_op.h"
#include "operators/kernel/central-arm-func/concat_func.h"

namespace ember {

template <>
Status ConcatKernel<CPU, float>::Init(ConcatParam*) {
  return Status::OK();
}

template <>
Status ConcatKernel<CPU, float>::Compute(const ConcatParam& p) {
  const DDim& od = p.out->dims();
  const int64_t outer = od.Product(0, p.norm_axis);
  const int64_t inner_bytes = od.Product(p.norm_axis + 1, od.size()) * static_cast<int64_t>(SizeOf(p.out->dtype()));
  std::vector<const char*> parts;
  std::vector<int64_t> chunks;
  for (const Tensor* x : p.xs) {
    parts.push_back(static_cast<const char*>(x->raw_data()));
    chunks.push_back(x->dims()[p.norm_axis] * inner_bytes);
  }
  ConcatRows(parts, chunks, outer, static_cast<char*>(p.out->raw_data()));
  return Status::OK();
}

}  // namespace ember
