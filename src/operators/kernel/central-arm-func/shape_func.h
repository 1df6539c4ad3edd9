// Portable shape, shared by every device: a plain loop, so it is its own reference.
#pragma once

#include <cstdint>

#include "framework/ddim.h"

namespace ember {

inline void ShapeCompute(const DDim& dims, int32_t* out) {
  for (int i = 0; i < dims.size(); ++i) out[i] = static_cast<int32_t>(dims[i]);
}

}  // namespace ember
