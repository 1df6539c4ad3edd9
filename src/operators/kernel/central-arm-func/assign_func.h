// Portable assign, shared by every device: a byte copy, so it is its own reference.
#pragma once

#include <cstddef>
#include <cstring>

namespace ember {

inline void AssignCompute(const void* x, void* y, size_t bytes) {
  if (x != y && bytes > 0) std::memcpy(y, x, bytes);
}

}  // namespace ember
