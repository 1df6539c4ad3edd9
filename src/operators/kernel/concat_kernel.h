// ConcatKernel<Device, T>: joins inputs of any dtype along an axis (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct ConcatParam;

template <typename Device, typename T>
class ConcatKernel {
 public:
  Status Init(ConcatParam* param);
  Status Compute(const ConcatParam& param);
};

}  // namespace ember
