#include <cstring>

#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/scatter_nd_op.h"

namespace ember {

namespace {

// The element offset (within a batch of X) of the slice tuple t of batch b points at.
Status SliceOffset(const ScatterNdParam& p, int64_t b, int64_t t, int64_t* off) {
  const DDim& d = p.x->dims();
  const int first = static_cast<int>(p.batch_dims);
  const int64_t base = (b * p.tuples + t) * p.k;
  *off = 0;
  for (int64_t j = 0; j < p.k; ++j) {
    const int64_t n = d[first + static_cast<int>(j)];
    int64_t v = IndexAt(*p.index, base + j);
    if (v < 0) v += n;
    if (v < 0 || v >= n)
      return InvalidArgument("Index value ", IndexAt(*p.index, base + j), " is out of range for dim ",
                             first + j, " of X ", d.ToString());
    *off = *off * n + v;
  }
  *off *= p.slice;
  return Status::OK();
}

template <typename T>
Status ScatterNd(const ScatterNdParam& p) {
  T* y = p.out->mutable_data<T>();
  const T* x = p.x->data<T>();
  if (!p.gather) std::memcpy(y, x, sizeof(T) * p.x->numel());
  const T* u = p.gather ? nullptr : p.updates->data<T>();
  for (int64_t b = 0; b < p.batches; ++b)
    for (int64_t t = 0; t < p.tuples; ++t) {
      int64_t off = 0;
      EMBER_RETURN_IF_ERROR(SliceOffset(p, b, t, &off));
      const int64_t at = b * p.batch_size + off, row = (b * p.tuples + t) * p.slice;
      if (p.gather) {
        std::memcpy(y + row, x + at, sizeof(T) * p.slice);
      } else if constexpr (!std::is_same<T, bool>::value) {
        for (int64_t e = 0; e < p.slice; ++e) ScatterInto(p.reduce, y + at + e, u[row + e]);
      } else {
        if (p.reduce != ScatterReduce::kAssign) return Unimplemented("arithmetic reductions of bool data");
        std::memcpy(y + at, u + row, sizeof(T) * p.slice);
      }
    }
  return Status::OK();
}

}  // namespace

template <>
Status ScatterNdKernel<CPU, float>::Init(ScatterNdParam*) {
  return Status::OK();
}

template <>
Status ScatterNdKernel<CPU, float>::Compute(const ScatterNdParam& p) {
  Status s = Unimplemented("element type ", DataTypeName(p.x->dtype()));
  VisitDataType(p.x->dtype(), [&](auto tag) { s = ScatterNd<decltype(tag)>(p); });
  return s;
}

}  // namespace ember
