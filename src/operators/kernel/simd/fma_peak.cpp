// The FMA-limit timing shared by the folders (simd/fma_peak.h).
#include "operators/kernel/simd/fma_peak.h"

#include <algorithm>
#include <chrono>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace ember {
namespace simd {

float FmaLoopGeneric(int64_t iters) {
  // 4 floats with separate multiply and add: the portable build may have no FMA instruction.
  typedef float V4 __attribute__((vector_size(16)));
  V4 a[12];
  for (int i = 0; i < 12; ++i) a[i] = V4{0.1f, 0.2f, 0.3f, 0.4f} * static_cast<float>(i + 1);
  const V4 m = V4{1, 1, 1, 1} * 0.9999999f, c = V4{1, 1, 1, 1} * 1e-7f;
  for (int64_t it = 0; it < iters; ++it)
    for (int i = 0; i < 12; ++i) a[i] = a[i] * m + c;
  V4 s = a[0];
  for (int i = 1; i < 12; ++i) s += a[i];
  return s[0];
}

double MeasureFmaPeakGflops(FmaLoopFn loop, int width, int threads, double seconds) {
  threads = std::max(1, threads);
  using Clock = std::chrono::steady_clock;
  // Calibrate on one thread, then time `threads` threads running the same count.
  int64_t iters = 1 << 16;
  for (;;) {
    auto t0 = Clock::now();
    volatile float sink = loop(iters);
    (void)sink;
    double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    if (dt > seconds / 4 || iters > (int64_t{1} << 40)) {
      iters = static_cast<int64_t>(iters * (seconds / std::max(dt, 1e-6)));
      break;
    }
    iters *= 4;
  }
  double best = 0;
  for (int rep = 0; rep < 3; ++rep) {
    auto t0 = Clock::now();
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
    {
      volatile float sink = loop(iters);
      (void)sink;
    }
    double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    best = std::max(best, 24.0 * width * static_cast<double>(iters) * threads / dt / 1e9);
  }
  return best;
}

}  // namespace simd
}  // namespace ember
