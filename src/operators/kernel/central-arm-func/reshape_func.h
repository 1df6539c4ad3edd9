// Portable code of the reshape family (reshape2, flatten, squeeze2, unsqueeze2): the data does not move,
// so Out is a byte copy of X.
#pragma once

#include <cstring>

#include "framework/tensor.h"

namespace ember {

inline void CopyTensorBytes(const Tensor& x, Tensor* out) {
  const void* src = x.raw_data();
  void* dst = out->raw_data();
  if (src == dst || x.nbytes() == 0) return;  // an in-place reshape has nothing to move
  std::memcpy(dst, src, x.nbytes());
}

}  // namespace ember
