#include "operators/cast_op.h"
#include "framework/float16.h"
#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

template <>
Status CastKernel<CPU, float>::Init(CastParam*) {
  return Status::OK();
}

template <>
Status CastKernel<CPU, float>::Compute(const CastParam& p) {
  const int64_t n = p.x->numel();
  Tensor* out = p.out;
  VisitDataType(p.x->dtype(), [&](auto in_tag) {
    using In = decltype(in_tag);
    const In* x = p.x->data<In>();
    VisitDataType(p.out_type, [&](auto out_tag) {
      using Out = decltype(out_tag);
      ConvertArray<Out, In>(x, out->mutable_data<Out>(), n);
    });
  });
  if (p.round_to_half) {
    float* y = out->mutable_data<float>();
    for (int64_t i = 0; i < n; ++i) y[i] = HalfToFloat(FloatToHalf(y[i]));
  }
  return Status::OK();
}

}  // namespace ember
