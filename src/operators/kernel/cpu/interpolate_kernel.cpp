#include <cstring>

#include "operators/interpolate_op.h"
#include "operators/kernel/central-arm-func/interpolate_func.h"

namespace ember {

template <>
Status InterpolateKernel<CPU, float>::Init(InterpolateParam*) {
  return Status::OK();
}

template <>
Status InterpolateKernel<CPU, float>::Compute(const InterpolateParam& p) {
  const DDim& in = p.x->dims();
  const DDim& od = p.out->dims();
  const int in_h = static_cast<int>(in[2]), in_w = static_cast<int>(in[3]);
  const int out_h = static_cast<int>(od[2]), out_w = static_cast<int>(od[3]);
  if (in_h == out_h && in_w == out_w) {  // Paddle copies in this case whatever the ratios say
    std::memcpy(p.out->raw_data(), p.x->raw_data(), p.x->nbytes());
    return Status::OK();
  }
  const int64_t planes = in[0] * in[1];
  if (p.method == InterpMethod::kNearest) {
    NearestResize(p.x->raw_data(), p.out->raw_data(), SizeOf(p.x->dtype()), planes, in_h, in_w, out_h, out_w,
                  p.ratio_h, p.ratio_w, p.align_corners);
  } else {
    BilinearResize(p.x->data<float>(), p.out->data<float>(), planes, in_h, in_w, out_h, out_w, p.ratio_h,
                   p.ratio_w, p.align_corners, p.align_mode);
  }
  return Status::OK();
}

}  // namespace ember
