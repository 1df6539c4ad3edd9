// Portable 3-D spatial padding over [planes, D, H, W] (pad2d is D = 1). Each output row is either all
// padding or a copy of one source row with its left/right borders filled.
#pragma once

#include <cstdint>
#include <cstring>

#include "framework/parallel.h"
#include "operators/pad_op.h"

namespace ember {

// The source index an output index i (already shifted by the leading pad) reads, or -1 for the constant.
inline int64_t PadSourceIndex(int64_t i, int64_t n, PadMode mode) {
  if (i >= 0 && i < n) return i;
  switch (mode) {
    case PadMode::kConstant: return -1;
    case PadMode::kReflect: return i < 0 ? -i : 2 * (n - 1) - i;
    case PadMode::kReplicate: return i < 0 ? 0 : n - 1;
    case PadMode::kCircular: return ((i % n) + n) % n;
  }
  return -1;
}

// pads: {front, back, top, bottom, left, right}.
template <typename T>
void Pad3d(const T* x, T* y, int64_t planes, int64_t D, int64_t H, int64_t W, const int64_t pads[6], PadMode mode,
           T value) {
  const int64_t OD = D + pads[0] + pads[1], OH = H + pads[2] + pads[3], OW = W + pads[4] + pads[5];
  const int64_t rows = planes * OD * OH;
  ParallelFor(rows, (rows * OW > 65536) ? MaxThreads() : 1, [&](int64_t r) {
    const int64_t oh = r % OH, od = (r / OH) % OD, pl = r / (OH * OD);
    T* o = y + r * OW;
    const int64_t sd = PadSourceIndex(od - pads[0], D, mode), sh = PadSourceIndex(oh - pads[2], H, mode);
    if (sd < 0 || sh < 0) {
      for (int64_t j = 0; j < OW; ++j) o[j] = value;
      return;
    }
    const T* s = x + ((pl * D + sd) * H + sh) * W;
    for (int64_t j = 0; j < pads[4]; ++j) {
      int64_t sw = PadSourceIndex(j - pads[4], W, mode);
      o[j] = sw < 0 ? value : s[sw];
    }
    if (W > 0) std::memcpy(o + pads[4], s, static_cast<size_t>(W) * sizeof(T));
    for (int64_t j = pads[4] + W; j < OW; ++j) {
      int64_t sw = PadSourceIndex(j - pads[4], W, mode);
      o[j] = sw < 0 ? value : s[sw];
    }
  });
}

}  // namespace ember
