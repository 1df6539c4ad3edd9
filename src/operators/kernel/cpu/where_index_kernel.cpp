#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/where_index_op.h"

namespace ember {

template <>
Status WhereIndexKernel<CPU, float>::Init(WhereIndexParam*) {
  return Status::OK();
}

template <>
Status WhereIndexKernel<CPU, float>::Compute(const WhereIndexParam& p) {
  const DDim& d = p.condition->dims();
  const int rank = d.size();
  int64_t* out = p.out->mutable_data<int64_t>();
  VisitDataType(p.condition->dtype(), [&](auto tag) {
    const auto* c = p.condition->data<decltype(tag)>();
    for (int64_t i = 0; i < p.condition->numel(); ++i) {
      if (c[i] == 0) continue;
      int64_t r = i;
      for (int k = rank - 1; k >= 0; --k) {
        out[k] = r % d[k];
        r /= d[k];
      }
      out += rank;
    }
  });
  return Status::OK();
}

}  // namespace ember
