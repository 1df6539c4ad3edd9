// Portable onnx_dropout: a copy when deterministic, else a counter-hash random mask.
#pragma once

#include <cstdint>
#include <cstring>

#include "framework/parallel.h"
#include "operators/onnx_dropout_op.h"

namespace ember {

// splitmix64's finalizer: a well-mixed 64-bit hash of a counter.
inline uint64_t OnnxDropoutHash(uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Element i of run `run` is kept when its uniform number in [0, 1) is at least `ratio`.
inline bool OnnxDropoutKeep(int64_t seed, uint64_t run, int64_t i, float ratio) {
  const uint64_t h = OnnxDropoutHash(OnnxDropoutHash(static_cast<uint64_t>(seed) ^ (run << 32)) + static_cast<uint64_t>(i));
  return static_cast<float>(h >> 40) * (1.0f / 16777216.0f) >= ratio;
}

inline void OnnxDropout(const float* x, int64_t n, bool random, float ratio, int64_t seed, uint64_t run, float* y,
                        bool* mask) {
  if (!random) {
    if (n > 0) std::memcpy(y, x, static_cast<size_t>(n) * sizeof(float));
    if (mask)
      for (int64_t i = 0; i < n; ++i) mask[i] = true;
    return;
  }
  const float scale = 1.f / (1.f - ratio);
  ParallelFor(n, (n > 65536) ? MaxThreads() : 1, [&](int64_t i) {
    const bool keep = OnnxDropoutKeep(seed, run, i, ratio);
    y[i] = keep ? x[i] * scale : 0.f;
    if (mask) mask[i] = keep;
  });
}

}  // namespace ember
