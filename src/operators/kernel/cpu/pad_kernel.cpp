#include "operators/pad_op.h"
#include "operators/kernel/central-arm-func/pad_func.h"

namespace ember {

namespace {

template <typename T>
void RunPad(const PadParam& p) {
  const DDim& in = p.x->dims();
  const int rank = in.size();
  const int64_t D = p.is_3d ? in[2] : 1;
  Pad3d(p.x->data<T>(), p.out->data<T>(), in[0] * in[1], D, in[rank - 2], in[rank - 1], p.pads, p.mode,
        static_cast<T>(p.value));
}

}  // namespace

template <>
Status PadKernel<CPU, float>::Init(PadParam*) {
  return Status::OK();
}

template <>
Status PadKernel<CPU, float>::Compute(const PadParam& p) {
  switch (p.x->dtype()) {
    case DataType::kFloat32: RunPad<float>(p); break;
    case DataType::kInt32: RunPad<int32_t>(p); break;
    case DataType::kInt64: RunPad<int64_t>(p); break;
    case DataType::kBool: RunPad<bool>(p); break;
    default: break;  // InferShape rejects other dtypes
  }
  return Status::OK();
}

}  // namespace ember
