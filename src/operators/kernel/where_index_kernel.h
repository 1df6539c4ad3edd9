// WhereIndexKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct WhereIndexParam;

template <typename Device, typename T>
class WhereIndexKernel {
 public:
  Status Init(WhereIndexParam* param);
  Status Compute(const WhereIndexParam& param);
};

}  // namespace ember
