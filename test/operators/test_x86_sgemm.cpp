// x86 SGEMM: every ISA variant this machine can run (generic, avx2+fma, avx512) against the plain triple
// loop ref::Sgemm (double accumulation) over odd shapes, transposes, alpha/beta, padded leading dims, and
// the fused bias + activation epilogue. Tolerance: |got - want| <= 1e-5 * sum_k |a_ik * b_kj| + 1e-6
// (float accumulation of K products reordered by blocking: a few ulps per term).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/x86/cpu_isa.h"
#include "operators/kernel/x86/sgemm_x86.h"
#include "test_util.h"
#include "x86_test_util.h"

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ember;
using ember::x86::Isa;

namespace {

struct Case {
  bool ta, tb;
  int64_t M, N, K;
  float alpha, beta;
};

// Runs one case through `isa` with lda/ldb/ldc padded by 3 and checks every element of C, plus that the
// padding columns of C were not written.
void Check(const Case& c, Isa isa) {
  const int64_t lda = (c.ta ? c.M : c.K) + 3, ldb = (c.tb ? c.K : c.N) + 3, ldc = c.N + 3;
  const auto A = test::RandomVector(static_cast<size_t>((c.ta ? c.K : c.M) * lda), 1);
  const auto B = test::RandomVector(static_cast<size_t>((c.tb ? c.N : c.K) * ldb), 2);
  auto C0 = test::RandomVector(static_cast<size_t>(c.M * ldc), 3);
  if (c.beta == 0.f)
    for (int64_t i = 0; i < c.M; ++i) C0[static_cast<size_t>(i * ldc)] = NAN;  // must never leak through
  auto want = C0, got = C0;
  ref::Sgemm(c.ta, c.tb, c.M, c.N, c.K, c.alpha, A.data(), lda, B.data(), ldb, c.beta, want.data(), ldc);
  x86::Sgemm(c.ta, c.tb, c.M, c.N, c.K, c.alpha, A.data(), lda, B.data(), ldb, c.beta, got.data(), ldc, isa);
  int bad = 0;
  for (int64_t i = 0; i < c.M; ++i) {
    for (int64_t j = 0; j < c.N; ++j) {
      double mag = 0;
      for (int64_t k = 0; k < c.K; ++k)
        mag += std::fabs(static_cast<double>(c.ta ? A[k * lda + i] : A[i * lda + k]) *
                         (c.tb ? B[j * ldb + k] : B[k * ldb + j]));
      const double tol = 1e-5 * (std::fabs(c.alpha) * mag + std::fabs(c.beta)) + 1e-6;
      const size_t at = static_cast<size_t>(i * ldc + j);
      if (!(std::fabs(got[at] - want[at]) <= tol) && bad++ < 3)
        UNSCOPED_INFO("C[" << i << "][" << j << "] = " << got[at] << ", want " << want[at]);
    }
    for (int64_t j = c.N; j < ldc; ++j) {
      const size_t at = static_cast<size_t>(i * ldc + j);
      if (!(got[at] == C0[at]) && bad++ < 3) UNSCOPED_INFO("padding C[" << i << "][" << j << "] was written");
    }
  }
  INFO(x86::IsaName(isa) << " ta " << c.ta << " tb " << c.tb << " M " << c.M << " N " << c.N << " K " << c.K
                         << " alpha " << c.alpha << " beta " << c.beta);
  REQUIRE(bad == 0);
}

}  // namespace

TEST_CASE("x86 Sgemm: every ISA variant matches ref::Sgemm over odd shapes", "[x86][sgemm]") {
  const std::vector<int64_t> sizes = {1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100};
  for (Isa isa : test::SupportedIsas(true)) {
    int n = 0;
    for (int64_t M : sizes)
      for (int64_t N : sizes)
        for (int64_t K : {int64_t{1}, int64_t{7}, int64_t{17}, int64_t{33}, int64_t{100}}) {
          // All four transposes on a rotating subset, plain on every shape.
          const bool ta = (n % 4) & 1, tb = (n % 4) & 2;
          ++n;
          Check({ta, tb, M, N, K, 1.f, 0.f}, isa);
        }
  }
}

TEST_CASE("x86 Sgemm: alpha, beta, deep K across blocks, large tiles", "[x86][sgemm]") {
  for (Isa isa : test::SupportedIsas(true)) {
    for (bool ta : {false, true})
      for (bool tb : {false, true}) {
        Check({ta, tb, 13, 45, 600, 0.5f, 1.f}, isa);     // K spans two packed blocks, C accumulates
        Check({ta, tb, 31, 33, 1025, -2.f, 0.25f}, isa);  // three blocks, the last 1 deep
      }
    Check({false, false, 100, 801, 513, 1.f, 0.f}, isa);  // N spans several column blocks and threads
    Check({false, false, 200, 9, 64, 1.f, 0.f}, isa);     // few columns: rows split over threads
    Check({false, false, 5, 6, 0, 1.f, 0.5f}, isa);       // K = 0: C = beta * C
  }
}

TEST_CASE("x86 Sgemm: ember::Sgemm follows the active ISA, which EMBER_ISA/SetActiveIsa only lower",
          "[x86][sgemm]") {
  const Isa detected = x86::DetectedIsa();
  REQUIRE(x86::SetActiveIsa(Isa::kAvx512) == detected);  // never above what the machine has
  for (Isa isa : test::SupportedIsas(true)) {
    REQUIRE(x86::SetActiveIsa(isa) == isa);
    const int64_t M = 17, N = 33, K = 31;
    const auto A = test::RandomVector(M * K, 4), B = test::RandomVector(K * N, 5);
    std::vector<float> want(M * N, 0.f), got(M * N, 7.f);
    ref::Sgemm(false, false, M, N, K, 1.f, A.data(), K, B.data(), N, 0.f, want.data(), N);
    Sgemm(false, false, M, N, K, 1.f, A.data(), K, B.data(), N, 0.f, got.data(), N);
    for (size_t i = 0; i < want.size(); ++i) REQUIRE(got[i] == Approx(want[i]).margin(1e-4));
  }
  x86::SetActiveIsa(detected);
}

TEST_CASE("x86 GemmPacked: fused bias + clamp / leaky epilogue", "[x86][sgemm]") {
  const int64_t M = 19, N = 37, K = 300;
  const auto A = test::RandomVector(M * K, 6), B = test::RandomVector(K * N, 7), bias = test::RandomVector(M, 8);
  std::vector<float> pa(x86::PackedASize(M, K));
  x86::PackA(false, M, K, A.data(), K, pa.data());
  for (Isa isa : test::SupportedIsas(true))
    for (int act : {0, 1, 2}) {
      x86::GemmEpilogue ep;
      ep.bias = bias.data();
      ep.act = act;
      ep.lo = -0.5f;
      ep.hi = 1.5f;
      ep.slope = 0.1f;
      std::vector<float> got(M * N, NAN);
      x86::GemmPacked(M, N, K, pa.data(), x86::MatrixBSource(false, B.data(), N), got.data(), N, ep, isa);
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
          double acc = bias[i];
          for (int64_t k = 0; k < K; ++k) acc += static_cast<double>(A[i * K + k]) * B[k * N + j];
          if (act == 1) acc = std::min(std::max(acc, -0.5), 1.5);
          if (act == 2 && acc < 0) acc *= 0.1;
          INFO(x86::IsaName(isa) << " act " << act << " at " << i << "," << j);
          REQUIRE(got[i * N + j] == Approx(acc).margin(1e-4));
        }
    }
}

// The last column panel of a tile row: narrower than one vector (the one-vector micro-kernel) or between one
// and two vectors (a masked second vector); with beta != 0 the masked load must read only the tile's columns.
// N = 49 / 196 are the 7x7 / 14x14 1x1 convs of MobileNet. Every width 1..2*VW of the last panel is covered
// for every ISA (VW = 4, 8, 16), at one and at two threads (columns split, or rows split with B packed by
// both threads into one shared block).
TEST_CASE("x86 Sgemm: tail panels of every width, columns and rows splits at 2 threads", "[x86][sgemm]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
#endif
  for (int threads : {1, 2}) {
#ifdef _OPENMP
    omp_set_num_threads(threads);
#else
    if (threads > 1) break;
#endif
    for (Isa isa : test::SupportedIsas(true)) {
      const int64_t nr = x86::GemmNR(isa);
      for (int64_t tail = 1; tail <= nr; ++tail) {
        const int64_t N = nr + tail;
        Check({false, false, 13, N, 37, 1.f, 0.f}, isa);
        Check({false, false, 7, N, 600, -1.5f, 0.5f}, isa);  // beta through the masked loads, K over 2 blocks
      }
      Check({false, false, 70, 49, 300, 1.f, 0.f}, isa);   // 7x7: rows split
      Check({false, false, 64, 196, 97, 1.f, 0.f}, isa);   // 14x14
      Check({false, false, 40, 196, 300, 1.f, 0.5f}, isa);
      Check({false, true, 25, 49, 260, 2.f, 1.f}, isa);    // transposed B through the shared rows-split pack
      // Column blocks of 192 with a short last block merged (196, 280, 390 = 192 + 198) or not (500).
      Check({false, false, 300, 196, 70, 1.f, 0.f}, isa);   // packed B (over 288 rows)
      Check({false, false, 300, 390, 40, 1.f, 0.5f}, isa);
      Check({false, false, 50, 280, 600, -1.f, 0.5f}, isa);  // B in place, K over 2 blocks
      Check({false, true, 301, 500, 33, 2.f, 0.f}, isa);    // transposed B, blocks 192 + 192 + 116
      // Fewer rows than a tile (fc on one sample): small C splits B's rows over the threads (partial sums
      // added up by columns), large C the columns.
      Check({false, false, 1, 1000, 512, 1.f, 0.f}, isa);
      Check({true, false, 3, 517, 301, -1.f, 0.5f}, isa);  // beta, transposed A, odd row and column splits
      Check({false, false, 5, 130, 200, 2.f, 1.f}, isa);
      static_assert(x86::kFewRowsSplitKMaxOut < 70001, "the next case must take the columns split");
      Check({false, false, 1, 70001, 9, 1.f, 0.f}, isa);
      Check({true, false, 2, 40000, 7, 0.5f, 1.f}, isa);
    }
  }
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
}

TEST_CASE("x86 GemmPacked: bias + clamp / leaky epilogue on the masked and one-vector tails (7x7 / 14x14 1x1 conv)",
          "[x86][sgemm]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
#endif
  for (int64_t N : {int64_t{49}, int64_t{196}, int64_t{35}, int64_t{66}, int64_t{2}}) {
    const int64_t M = 50, K = 280;
    const auto A = test::RandomVector(M * K, 9), B = test::RandomVector(K * N, 10), bias = test::RandomVector(M, 11);
    std::vector<float> pa(x86::PackedASize(M, K));
    x86::PackA(false, M, K, A.data(), K, pa.data());
    for (Isa isa : test::SupportedIsas(true))
    for (int act : {1, 2}) {  // clamp to [0, 6], leaky 0.1
      x86::GemmEpilogue ep;
      ep.bias = bias.data();
      ep.act = act;
      ep.lo = 0.f;
      ep.hi = 6.f;
      ep.slope = 0.1f;
      std::vector<float> got(M * N, NAN);
      x86::GemmPacked(M, N, K, pa.data(), x86::MatrixBSource(false, B.data(), N), got.data(), N, ep, isa);
      int bad = 0;
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
          double acc = bias[i];
          for (int64_t k = 0; k < K; ++k) acc += static_cast<double>(A[i * K + k]) * B[k * N + j];
          acc = act == 1 ? std::min(std::max(acc, 0.0), 6.0) : (acc < 0 ? 0.1 * acc : acc);
          if (!(std::fabs(got[i * N + j] - acc) <= 1e-4) && bad++ < 3)
            UNSCOPED_INFO("at " << i << "," << j << ": " << got[i * N + j] << ", want " << acc);
        }
      INFO(x86::IsaName(isa) << " N " << N << " act " << act);
      REQUIRE(bad == 0);
    }
  }
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
}

// The im2col stride-2 gather of each ISA: every length around the vector widths, from a buffer holding just
// the 2n - 1 floats it may read (ASan builds catch a read past them).
TEST_CASE("x86 GatherEven: dst[t] = src[2t] reading only src[0 .. 2n-2]", "[x86][sgemm]") {
  for (Isa isa : test::SupportedIsas(true)) {
    const x86::GatherEvenFn gather = x86::GatherEvenFor(isa);
    for (int64_t n = 1; n <= 70; ++n) {
      std::vector<float> src = test::RandomVector(static_cast<size_t>(2 * n - 1), static_cast<uint32_t>(n));
      std::vector<float> dst(static_cast<size_t>(n) + 1, -7.f);
      gather(src.data(), dst.data(), n);
      for (int64_t t = 0; t < n; ++t) REQUIRE(dst[static_cast<size_t>(t)] == src[static_cast<size_t>(2 * t)]);
      REQUIRE(dst[static_cast<size_t>(n)] == -7.f);  // nothing written past n
    }
  }
}
