// PixelShuffleKernel<Device, T>: rearranges channels into space for any dtype (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct PixelShuffleParam;

template <typename Device, typename T>
class PixelShuffleKernel {
 public:
  Status Init(PixelShuffleParam* param);
  Status Compute(const PixelShuffleParam& param);
};

}  // namespace ember
