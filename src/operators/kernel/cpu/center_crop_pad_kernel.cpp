#include <cstring>
#include <vector>

#include "operators/center_crop_pad_op.h"

namespace ember {

template <>
Status CenterCropPadKernel<CPU, float>::Init(CenterCropPadParam*) {
  return Status::OK();
}

// Each output element reads the input element `shift` away along every dim, or is zero outside X.
template <>
Status CenterCropPadKernel<CPU, float>::Compute(const CenterCropPadParam& p) {
  const DDim& in = p.x->dims();
  const DDim& od = p.out->dims();
  const int rank = od.size();
  const size_t esz = SizeOf(p.x->dtype());
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  std::vector<int64_t> at(static_cast<size_t>(rank), 0);
  for (int64_t i = 0; i < od.numel(); ++i) {
    int64_t off = 0;
    bool inside = true;
    for (int k = 0; k < rank && inside; ++k) {
      const int64_t c = at[static_cast<size_t>(k)] + p.shift[static_cast<size_t>(k)];
      inside = c >= 0 && c < in[k];
      off = off * in[k] + c;
    }
    if (inside) std::memcpy(y + i * esz, x + off * esz, esz);
    else std::memset(y + i * esz, 0, esz);
    for (int k = rank - 1; k >= 0 && ++at[static_cast<size_t>(k)] == od[k]; --k) at[static_cast<size_t>(k)] = 0;
  }
  return Status::OK();
}

}  // namespace ember
