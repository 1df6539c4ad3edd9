#include "operators/split_op.h"
#include "operators/kernel/central-arm-func/split_func.h"

namespace ember {

template <>
Status SplitKernel<CPU, float>::Init(SplitParam*) {
  return Status::OK();
}

template <>
Status SplitKernel<CPU, float>::Compute(const SplitParam& p) {
  const DDim& in = p.x->dims();
  const int64_t outer = in.Product(0, p.norm_axis);
  const int64_t inner_bytes = in.Product(p.norm_axis + 1, in.size()) * static_cast<int64_t>(SizeOf(p.x->dtype()));
  std::vector<char*> parts;
  std::vector<int64_t> chunks;
  for (Tensor* o : p.outs) {
    parts.push_back(static_cast<char*>(o->raw_data()));
    chunks.push_back(o->dims()[p.norm_axis] * inner_bytes);
  }
  SplitRows(static_cast<const char*>(p.x->raw_data()), chunks, outer, parts);
  return Status::OK();
}

}  // namespace ember
