#include "operators/grid_sampler_op.h"
#include "operators/kernel/central-arm-func/grid_sampler_func.h"

namespace ember {

template <>
Status GridSamplerKernel<CPU, float>::Init(GridSamplerParam*) {
  return Status::OK();
}

template <>
Status GridSamplerKernel<CPU, float>::Compute(const GridSamplerParam& p) {
  GridSampleShape s;
  const DDim& x = p.x->dims();
  s.n = x[0], s.c = x[1], s.rank = x.size() - 2;
  for (int i = 0; i < s.rank; ++i) s.in[i] = x[2 + i];
  s.points = p.grid->dims().Product(1, s.rank + 1);
  s.mode = p.mode == "nearest" ? GridSampleMode::kNearest
           : p.mode == "bicubic" ? GridSampleMode::kCubic : GridSampleMode::kLinear;
  s.padding = p.padding_mode == "border"       ? GridSamplePadding::kBorder
              : p.padding_mode == "reflection" ? GridSamplePadding::kReflection : GridSamplePadding::kZeros;
  s.align_corners = p.align_corners;
  GridSample(s, p.x->data<float>(), p.grid->data<float>(), p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
