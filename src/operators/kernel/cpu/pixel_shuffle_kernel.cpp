#include "operators/pixel_shuffle_op.h"
#include "operators/kernel/central-arm-func/pixel_shuffle_func.h"

namespace ember {

template <>
Status PixelShuffleKernel<CPU, float>::Init(PixelShuffleParam*) {
  return Status::OK();
}

template <>
Status PixelShuffleKernel<CPU, float>::Compute(const PixelShuffleParam& p) {
  const DDim& in = p.x->dims();
  const int64_t r = p.upscale_factor;
  PixelShuffle(p.x->raw_data(), p.out->raw_data(), SizeOf(p.x->dtype()), in[0], in[1] / (r * r), r, in[2], in[3]);
  return Status::OK();
}

}  // namespace ember
