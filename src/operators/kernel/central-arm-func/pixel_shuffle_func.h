// Portable pixel_shuffle: a transpose of X seen as [N, C, r, r, H, W] into [N, C, H, r, W, r].
#pragma once

#include "operators/kernel/central-arm-func/transpose_func.h"

namespace ember {

inline void PixelShuffle(const void* x, void* y, size_t elem_size, int64_t n, int64_t c_out, int64_t r, int64_t h,
                         int64_t w) {
  TransposeBytes(x, y, elem_size, {n, c_out, r, r, h, w}, {0, 1, 4, 2, 5, 3});
}

}  // namespace ember
