// ElementwiseKernel<Device, T>: specialized per device. The CPU kernel dispatches on the input dtype.
#pragma once

#include "framework/status.h"

namespace ember {

struct ElementwiseParam;

template <typename Device, typename T>
class ElementwiseKernel {
 public:
  Status Init(ElementwiseParam* param);
  Status Compute(const ElementwiseParam& param);
  // The implementation Compute uses (profile column).
  const char* Name(const ElementwiseParam& param) const;
};

}  // namespace ember
