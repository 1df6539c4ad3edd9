// Portable space_to_depth / depth_to_space: a plain index loop over the small (depth) side, its own
// reference.
#pragma once

#include <cstring>

#include "operators/space_to_depth_op.h"

namespace ember {

inline Status SpaceToDepthCompute(const SpaceToDepthParam& p) {
  const size_t esz = SizeOf(p.x->dtype());
  const char* x = static_cast<const char*>(p.x->raw_data());
  char* y = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
  const int64_t b = p.blocksize;
  // The "deep" tensor [N, C*b*b, h, w] and the "wide" tensor [N, C, h*b, w*b].
  const DDim& deep = p.to_depth ? p.out->dims() : p.x->dims();
  const int64_t n = deep[0], cc = deep[1] / (b * b), h = deep[2], w = deep[3];
  for (int64_t in = 0; in < n; ++in)
    for (int64_t c = 0; c < cc; ++c)
      for (int64_t by = 0; by < b; ++by)
        for (int64_t bx = 0; bx < b; ++bx) {
          int64_t dc = p.crd ? c * b * b + by * b + bx : (by * b + bx) * cc + c;
          for (int64_t i = 0; i < h; ++i)
            for (int64_t j = 0; j < w; ++j) {
              int64_t deep_at = ((in * cc * b * b + dc) * h + i) * w + j;
              int64_t wide_at = ((in * cc + c) * h * b + i * b + by) * w * b + j * b + bx;
              if (p.to_depth) std::memcpy(y + deep_at * esz, x + wide_at * esz, esz);
              else std::memcpy(y + wide_at * esz, x + deep_at * esz, esz);
            }
        }
  return Status::OK();
}

}  // namespace ember
