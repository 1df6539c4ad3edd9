// UnaryKernel<Device, T>: the unary_op family (floor, ceil, ..., log10) on float32.
#pragma once

#include "framework/status.h"

namespace ember {

struct UnaryParam;

template <typename Device, typename T>
class UnaryKernel {
 public:
  Status Init(UnaryParam* param);
  Status Compute(const UnaryParam& param);
};

}  // namespace ember
