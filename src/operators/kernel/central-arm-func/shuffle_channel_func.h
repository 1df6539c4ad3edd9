// Portable shuffle_channel: a transpose of X seen as [N, group, C/group, H*W] into [N, C/group, group, H*W].
#pragma once

#include "operators/kernel/central-arm-func/transpose_func.h"

namespace ember {

inline void ShuffleChannel(const void* x, void* y, size_t elem_size, int64_t n, int64_t c, int64_t group,
                           int64_t hw) {
  TransposeBytes(x, y, elem_size, {n, group, c / group, hw}, {0, 2, 1, 3});
}

}  // namespace ember
