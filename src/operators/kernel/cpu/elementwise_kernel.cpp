#include "operators/elementwise_op.h"
#include "operators/kernel/central-arm-func/elementwise_func.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

namespace {
template <typename T>
Status RunTyped(const ElementwiseParam& p) {
  const T* y = p.y->data<T>();
  if constexpr (std::is_integral<T>::value) {
    if (p.type == ElementwiseType::kDiv || p.type == ElementwiseType::kMod || p.type == ElementwiseType::kFmod) {
      const int64_t n = p.y->numel();
      for (int64_t i = 0; i < n; ++i)
        if (y[i] == 0) return InvalidArgument("integer division by zero: Y[", i, "] is 0");
    }
  }
  if constexpr (std::is_same<T, float>::value) {
    const ElementwiseAccel* a = CpuAccel().elementwise;
    if (a && a->supports(p.type)) {
      a->run(p.type, p.plan, p.x->data<float>(), y, p.out->mutable_data<float>(), p.act);
      return Status::OK();
    }
  }
  ElementwiseCompute<T>(p.type, p.plan, p.x->data<T>(), y, p.out->mutable_data<T>(), p.act);
  return Status::OK();
}
}  // namespace

template <>
Status ElementwiseKernel<CPU, float>::Init(ElementwiseParam*) {
  return Status::OK();
}

template <>
Status ElementwiseKernel<CPU, float>::Compute(const ElementwiseParam& p) {
  if (p.out->numel() == 0) return Status::OK();
  switch (p.x->dtype()) {
    case DataType::kFloat32: return RunTyped<float>(p);
    case DataType::kInt32: return RunTyped<int32_t>(p);
    case DataType::kInt64: return RunTyped<int64_t>(p);
    case DataType::kInt8: return RunTyped<int8_t>(p);
    case DataType::kUInt8: return RunTyped<uint8_t>(p);
    default: break;
  }
  return Internal("elementwise kernel: unexpected dtype ", DataTypeName(p.x->dtype()));
}

}  // namespace ember

namespace ember {
template <>
const char* ElementwiseKernel<CPU, float>::Name(const ElementwiseParam& p) const {
  const ElementwiseAccel* a = CpuAccel().elementwise;
  if (a && p.x->dtype() == DataType::kFloat32) return a->name(p.type);
  return "portable";
}
}  // namespace ember
