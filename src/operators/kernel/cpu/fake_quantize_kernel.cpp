#include "operators/kernel/central-arm-func/fake_quantize_func.h"

namespace ember {

template <>
Status FakeQuantizeKernel<CPU, float>::Init(FakeQuantizeParam*) {
  return Status::OK();
}

template <>
Status FakeQuantizeKernel<CPU, float>::Compute(const FakeQuantizeParam& p) {
  FakeQuantize(p);
  return Status::OK();
}

template <>
Status FakeDequantizeKernel<CPU, float>::Init(FakeDequantizeParam*) {
  return Status::OK();
}

template <>
Status FakeDequantizeKernel<CPU, float>::Compute(const FakeDequantizeParam& p) {
  FakeDequantize(p);
  return Status::OK();
}

}  // namespace ember
