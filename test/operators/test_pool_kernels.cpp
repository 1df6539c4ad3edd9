// The vector pool2d kernels (simd/pool.h; x86: avx2, avx512; ARM: neon), each vector level this machine runs
// reached through the dispatch table (cpu_accel.h) as the op reaches it, against the portable Pool2d (which
// must be matched bit for bit: same window order and operations per output; except a 1x1 average output
// covering the whole plane, which takes the global path and sums in another order) and against an
// independent plain loop written here (tolerance 1e-6 relative for averages), over heights/widths around the
// vector widths (every width 1..17 for the 4- and 8-lane tails), kernels 2/3/5 (and 1x4, 4x1 shapes),
// strides 1/2 (stride_h up to 3), symmetric and one-sided pads, ceil_mode, exclusive or not, max and avg;
// global max/avg over plane sizes around 4/8/16 and odd ones (max exact, avg within 1e-6 relative of a double
// sum). The same file runs on both architectures.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "accel_scopes.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/pool2d_op.h"
#include "test_util.h"

using namespace ember;

namespace {

// The vector levels this machine runs (1 .. detected; none in a build without a folder).
std::vector<int> VectorLevels() {
  std::vector<int> v;
  if (CpuAccel().isa && CpuAccel().pool2d)
    for (int l = 1; l <= CpuAccel().isa->detected(); ++l) v.push_back(l);
  if (v.empty()) WARN("no vector pool2d kernels in this build / on this machine: nothing to test");
  return v;
}

std::string LevelName(int level) { return CpuAccel().isa->name(level); }

// The kernel the table runs for `g` at the active level.
std::string KernelName(const PoolGeometry& g) { return CpuAccel().pool2d->name(g); }

// Pool2d through the table at the active level; the kernel must take `g`.
void RunAccel(const PoolGeometry& g, const float* x, float* y) {
  REQUIRE(CpuAccel().pool2d->supports(g));
  REQUIRE(KernelName(g) != "portable");
  CpuAccel().pool2d->run(g, x, y);
}

// Output size as Pool2dOp::InferShape computes it.
int64_t OutSize(int64_t in, int64_t k, int64_t s, int64_t p0, int64_t p1, bool ceil_mode) {
  const int64_t span = in + p0 + p1 - k;
  if (span < 0) return 0;
  return (ceil_mode ? span + s - 1 : span) / s + 1;
}

// The plain loop: window [o s - p, o s - p + k) clipped to the input; avg divides by the clipped count
// (exclusive) or by the window clipped to [-p, in + p_end_as_paddle) (Paddle: min(start + k, in + p)).
float PlainOne(const PoolGeometry& g, const float* plane, int64_t oh, int64_t ow) {
  const int64_t hs = oh * g.stride_h - g.pad_top, ws = ow * g.stride_w - g.pad_left;
  const int64_t he = std::min(hs + g.kernel_h, g.in_h + g.pad_top), we = std::min(ws + g.kernel_w, g.in_w + g.pad_left);
  double acc = g.is_max ? -INFINITY : 0;
  int64_t n = 0;
  for (int64_t h = std::max<int64_t>(hs, 0); h < std::min(he, g.in_h); ++h)
    for (int64_t w = std::max<int64_t>(ws, 0); w < std::min(we, g.in_w); ++w) {
      const double v = plane[h * g.in_w + w];
      acc = g.is_max ? std::max(acc, v) : acc + v;
      ++n;
    }
  if (n == 0) return 0.f;
  if (g.is_max) return static_cast<float>(acc);
  return static_cast<float>(acc / static_cast<double>(g.exclusive ? n : (he - hs) * (we - ws)));
}

}  // namespace

TEST_CASE("pool2d kernels: every vector level equals the portable Pool2d and a plain loop", "[pool][pool2d]") {
  int cases = 0;
  uint32_t seed = 1;
  struct K { int64_t kh, kw; };
  const std::vector<int> levels = VectorLevels();
  for (int level : levels) {
    test::ScopedLevel scoped(*CpuAccel().isa, level);
    for (K k : {K{2, 2}, K{3, 3}, K{5, 5}, K{1, 4}, K{4, 1}}) {
      for (int64_t sh : {1, 2, 3}) {
        for (int64_t sw : {1, 2}) {
          if (sh == 3 && sw == 1) continue;
          for (int pads : {0, 1, 2}) {  // none, 1 on every side, top/left 1 and bottom/right 0
            for (int64_t ih : {1, 3, 8, 9}) {
              for (int64_t iw : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 33, 40, 67, 113}) {
                for (int mode = 0; mode < 8; ++mode) {
                  const bool is_max = mode & 1, ceil_mode = mode & 2, exclusive = mode & 4;
                  PoolGeometry g;
                  g.batch = 1;
                  g.channels = 2;
                  g.in_h = ih;
                  g.in_w = iw;
                  g.kernel_h = k.kh;
                  g.kernel_w = k.kw;
                  g.stride_h = sh;
                  g.stride_w = sw;
                  g.pad_top = g.pad_left = pads ? 1 : 0;
                  const int64_t pend = pads == 1 ? 1 : 0;
                  g.out_h = OutSize(ih, k.kh, sh, g.pad_top, pend, ceil_mode);
                  g.out_w = OutSize(iw, k.kw, sw, g.pad_left, pend, ceil_mode);
                  if (g.out_h <= 0 || g.out_w <= 0) continue;
                  g.is_max = is_max;
                  g.exclusive = exclusive;
                  const auto x = test::RandomVector(static_cast<size_t>(2 * ih * iw), seed++, -2.f, 2.f);
                  const size_t on = static_cast<size_t>(2 * g.out_h * g.out_w);
                  std::vector<float> want(on), got(on + 5, 777.f);
                  Pool2d(g, x.data(), want.data());
                  RunAccel(g, x.data(), got.data());
                  // A 1x1 output covering the plane takes the global path: its average sums in another order.
                  const bool reordered = !is_max && KernelName(g).find("global") != std::string::npos;
                  int bad = 0;
                  for (size_t i = 0; i < on; ++i) {
                    const int64_t c = static_cast<int64_t>(i) / (g.out_h * g.out_w);
                    const int64_t r = static_cast<int64_t>(i) % (g.out_h * g.out_w);
                    const float plain = PlainOne(g, x.data() + c * ih * iw, r / g.out_w, r % g.out_w);
                    if (!reordered && std::memcmp(&got[i], &want[i], sizeof(float)) != 0 && bad++ < 3)
                      UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", portable " << want[i]);
                    // The plain loop sums in double; a float sum of inputs in [-2, 2] that nearly cancel
                    // is off by a few 1e-7 however it is ordered, so the floor is absolute.
                    if (!(std::fabs(got[i] - plain) <= 1e-6f * std::fabs(plain) + 1e-6f) && bad++ < 3)
                      UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", plain loop " << plain);
                  }
                  for (size_t i = on; i < got.size(); ++i)
                    if (got[i] != 777.f && bad++ < 3) UNSCOPED_INFO("wrote past the output");
                  INFO(LevelName(level) << " (" << KernelName(g) << ") k " << k.kh << "x" << k.kw << " s " << sh
                                        << "," << sw << " pads " << pads << " in " << ih << "x" << iw << " max "
                                        << is_max << " ceil " << ceil_mode << " exclusive " << exclusive);
                  REQUIRE(bad == 0);
                  ++cases;
                }
              }
            }
          }
        }
      }
    }
  }
  CHECK(cases >= 1000 * static_cast<int>(levels.size()));
}

TEST_CASE("pool2d kernels: global max and avg", "[pool][pool2d]") {
  for (int level : VectorLevels()) {
    test::ScopedLevel scoped(*CpuAccel().isa, level);
    for (int64_t hw : {1, 3, 4, 5, 7, 8, 9, 12, 13, 15, 16, 17, 31, 33, 49, 64, 65, 169, 289}) {
      for (bool is_max : {true, false}) {
        PoolGeometry g;
        g.batch = 2;
        g.channels = 19;
        g.in_h = hw;  // a hw x 1 plane
        g.in_w = 1;
        g.kernel_h = hw;
        g.kernel_w = 1;
        g.out_h = g.out_w = 1;
        g.is_max = is_max;
        if (hw == 49) {  // a 7x7 plane
          g.in_h = g.in_w = g.kernel_h = g.kernel_w = 7;
        }
        REQUIRE(KernelName(g).find("global") != std::string::npos);
        const auto x = test::RandomVector(static_cast<size_t>(38 * hw), static_cast<uint32_t>(hw), -2.f, 2.f);
        std::vector<float> want(38), got(38);
        Pool2d(g, x.data(), want.data());
        RunAccel(g, x.data(), got.data());
        for (int p = 0; p < 38; ++p) {
          double sum = 0;
          for (int64_t i = 0; i < hw; ++i) sum += x[static_cast<size_t>(p * hw + i)];
          INFO(LevelName(level) << " hw " << hw << " max " << is_max << " plane " << p);
          if (is_max) REQUIRE(got[p] == want[p]);
          else REQUIRE(std::fabs(got[p] - sum / hw) <= 1e-6 * std::fabs(sum / hw) + 1e-7);
        }
      }
    }
  }
}

TEST_CASE("pool2d kernels: max keeps the portable NaN rule", "[pool][pool2d]") {
  for (int level : VectorLevels()) {
    test::ScopedLevel scoped(*CpuAccel().isa, level);
    PoolGeometry g;
    g.batch = g.channels = 1;
    g.in_h = 2;
    g.in_w = 40;
    g.kernel_h = g.kernel_w = 2;
    g.stride_h = g.stride_w = 2;
    g.out_h = 1;
    g.out_w = 20;
    std::vector<float> x(80, 1.f), want(20), got(20);
    x[0] = NAN;   // first of window 0: NaN
    x[43] = NAN;  // second row, second column of window 1: ignored
    x[10] = NAN;  // first of window 5
    Pool2d(g, x.data(), want.data());
    RunAccel(g, x.data(), got.data());
    for (int i = 0; i < 20; ++i) {
      INFO(LevelName(level) << " out " << i);
      CHECK(std::isnan(got[i]) == std::isnan(want[i]));
      if (!std::isnan(want[i])) CHECK(got[i] == want[i]);
    }
  }
}

TEST_CASE("pool2d kernels: adaptive, dilated and stride 3 columns are left to the portable code", "[pool][pool2d]") {
  if (!CpuAccel().isa || !CpuAccel().pool2d) return;
  PoolGeometry g;
  g.batch = g.channels = 1;
  g.in_h = g.in_w = 9;
  g.kernel_h = g.kernel_w = 3;
  g.stride_h = g.stride_w = 3;
  g.out_h = g.out_w = 3;
  for (int level : VectorLevels()) {
    test::ScopedLevel scoped(*CpuAccel().isa, level);
    CHECK_FALSE(CpuAccel().pool2d->supports(g));
    CHECK(KernelName(g) == "portable");
    PoolGeometry adaptive = g;
    adaptive.stride_w = 1;
    adaptive.adaptive = true;
    CHECK_FALSE(CpuAccel().pool2d->supports(adaptive));
    PoolGeometry dilated = g;
    dilated.stride_w = 1;
    dilated.dilation_w = 2;
    CHECK_FALSE(CpuAccel().pool2d->supports(dilated));
  }
  g.stride_w = 1;
  test::ScopedLevel generic(*CpuAccel().isa, 0);
  CHECK_FALSE(CpuAccel().pool2d->supports(g));
  CHECK(KernelName(g) == "portable");
}
