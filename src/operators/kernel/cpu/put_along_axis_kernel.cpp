#include <cstring>

#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/put_along_axis_op.h"

namespace ember {

template <>
Status PutAlongAxisKernel<CPU, float>::Init(PutAlongAxisParam*) {
  return Status::OK();
}

// Each Index position walks its coordinates (an odometer over Index's dims) to find its Result element.
template <>
Status PutAlongAxisKernel<CPU, float>::Compute(const PutAlongAxisParam& p) {
  const DDim& d = p.input->dims();
  const DDim& id = p.index->dims();
  const int rank = d.size();
  const DataType dt = p.input->dtype();
  std::memcpy(p.result->mutable_data(dt), p.input->raw_data(), static_cast<size_t>(p.input->numel()) * SizeOf(dt));
  Status status;
  VisitDataType(p.input->dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same<T, bool>::value) {
      if (p.reduce != ScatterReduce::kAssign) status = Unimplemented("arithmetic reductions of bool data");
    }
    T* y = p.result->mutable_data<T>();
    const T* v = p.value->data<T>();
    std::vector<int64_t> at(static_cast<size_t>(rank), 0);
    for (int64_t i = 0; i < p.index->numel() && status.ok(); ++i) {
      int64_t j = IndexAt(*p.index, i);
      if (j < 0) j += d[p.axis];
      if (j < 0 || j >= d[p.axis]) {
        status = InvalidArgument("Index[", i, "] = ", IndexAt(*p.index, i), " is out of range for dim ", p.axis,
                                 " of Input ", d.ToString());
        break;
      }
      int64_t off = 0;
      for (int k = 0; k < rank; ++k) off = off * d[k] + (k == p.axis ? j : at[static_cast<size_t>(k)]);
      if constexpr (!std::is_same<T, bool>::value) ScatterInto(p.reduce, y + off, v[p.value->numel() == 1 ? 0 : i]);
      else y[off] = v[p.value->numel() == 1 ? 0 : i];
      for (int k = rank - 1; k >= 0 && ++at[static_cast<size_t>(k)] == id[k]; --k) at[static_cast<size_t>(k)] = 0;
    }
  });
  return status;
}

}  // namespace ember
