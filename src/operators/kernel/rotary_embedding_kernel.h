// RotaryEmbeddingKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct RotaryEmbeddingParam;

template <typename Device, typename T>
class RotaryEmbeddingKernel {
 public:
  Status Init(RotaryEmbeddingParam* param);
  Status Compute(const RotaryEmbeddingParam& param);
};

}  // namespace ember
