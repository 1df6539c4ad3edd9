// FakeQuantizeKernel / FakeDequantizeKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct FakeQuantizeParam;
struct FakeDequantizeParam;

template <typename Device, typename T>
class FakeQuantizeKernel {
 public:
  Status Init(FakeQuantizeParam* param);
  Status Compute(const FakeQuantizeParam& param);
};

template <typename Device, typename T>
class FakeDequantizeKernel {
 public:
  Status Init(FakeDequantizeParam* param);
  Status Compute(const FakeDequantizeParam& param);
};

}  // namespace ember
