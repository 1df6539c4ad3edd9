// AttentionKernel<Device, T>: specialized per device.
#pragma once

#include <vector>

#include "framework/status.h"

namespace ember {

struct AttentionParam;

template <typename Device, typename T>
class AttentionKernel {
 public:
  Status Init(AttentionParam* param);
  Status Compute(const AttentionParam& param);
  const char* Name(const AttentionParam& param) const;

 private:
  std::vector<float> keys_, values_;  // K / V after the past, when no Present output holds them
};

}  // namespace ember
