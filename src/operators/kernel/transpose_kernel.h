// TransposeKernel<Device, T>: permutes axes of any dtype (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct TransposeParam;

template <typename Device, typename T>
class TransposeKernel {
 public:
  Status Init(TransposeParam* param);
  Status Compute(const TransposeParam& param);
};

}  // namespace ember
