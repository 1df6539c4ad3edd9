// The SGEMM driver: packing, cache blocking and threading around the per-ISA micro-kernels.
#include "operators/kernel/simd/sgemm.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "framework/parallel.h"

namespace ember {
namespace simd {

namespace {

// Columns of B per packed block: kc x nc floats, 384 KiB (576 KiB for a merged last block) at most, stay in
// L2 while every row panel of A passes over them.
constexpr int64_t kGemmNC = 192;
// Columns of the B block starting with `left` columns to go: kGemmNC, or all of them when they are at most
// 1.5 x kGemmNC, so a short last block never costs a whole extra pass over A (14x14: 196 = 192 + 4 streamed
// all of A again for 4 columns).
int64_t BlockCols(int64_t left) { return left <= kGemmNC * 3 / 2 ? left : kGemmNC; }

int64_t RoundUp(int64_t v, int64_t m) { return (v + m - 1) / m * m; }

std::vector<float>& ThreadBuffer(int which) {
  thread_local std::vector<float> buffers[2];
  return buffers[which];
}

}  // namespace

size_t PackedASize(int64_t M, int64_t K) { return static_cast<size_t>(RoundUp(M, kGemmMR) * K); }

void PackA(bool trans, int64_t M, int64_t K, const float* A, int64_t lda, float* dst) {
  const int64_t Mp = RoundUp(M, kGemmMR);
  for (int64_t k0 = 0; k0 < K; k0 += kGemmKC) {
    const int64_t kc = std::min(kGemmKC, K - k0);
    for (int64_t p = 0; p < Mp / kGemmMR; ++p) {
      float* d = dst + Mp * k0 + p * kGemmMR * kc;
      for (int64_t k = 0; k < kc; ++k)
        for (int r = 0; r < kGemmMR; ++r) {
          const int64_t i = p * kGemmMR + r;
          d[k * kGemmMR + r] = i >= M ? 0.f : trans ? A[(k0 + k) * lda + i] : A[i * lda + k0 + k];
        }
    }
  }
}

void MatrixBSource::Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, int nr, float* dst) const {
  const int64_t panels = (nc + nr - 1) / nr;
  for (int64_t p = 0; p < panels; ++p) {
    const int64_t j0 = n0 + p * nr;
    const int64_t w = std::min<int64_t>(nr, nc - p * nr);
    float* d = dst + p * kc * nr;
    if (!trans_) {
      for (int64_t k = 0; k < kc; ++k) {
        const float* src = b_ + (k0 + k) * ldb_ + j0;
        float* o = d + k * nr;
        std::memcpy(o, src, static_cast<size_t>(w) * sizeof(float));
        for (int64_t j = w; j < nr; ++j) o[j] = 0.f;
      }
    } else {
      for (int64_t j = 0; j < nr; ++j) {
        if (j >= w) {
          for (int64_t k = 0; k < kc; ++k) d[k * nr + j] = 0.f;
          continue;
        }
        const float* src = b_ + (j0 + j) * ldb_ + k0;
        for (int64_t k = 0; k < kc; ++k) d[k * nr + j] = src[k];
      }
    }
  }
}

void GemmPacked(int64_t M, int64_t N, int64_t K, const float* packed_a, const GemmBSource& bsrc, float* C,
                int64_t ldc, const GemmEpilogue& ep, const GemmKernels& ks) {
  if (M <= 0 || N <= 0) return;
  if (K <= 0) {  // no products: C = act(beta * C + bias)
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        float v = (ep.beta == 0.f ? 0.f : ep.beta * C[i * ldc + j]) + (ep.bias ? ep.bias[i] : 0.f);
        if (ep.act == 1) v = std::min(std::max(v, ep.lo), ep.hi);
        else if (ep.act == 2) v = v > 0.f ? v : v * ep.slope;
        C[i * ldc + j] = v;
      }
    return;
  }
  const GemmMicroKernel kernel = ks.kernel;
  const GemmRowFn row_fn = ks.row;
  const int nr = ks.nr;
  const int64_t Mp = RoundUp(M, kGemmMR);
  const int64_t m_panels = Mp / kGemmMR, n_panels = (N + nr - 1) / nr;
  int threads = 1;
  if (!InParallel() && static_cast<double>(M) * N * K > 64.0 * 64 * 64) threads = MaxThreads();
  // Split the columns or the rows, whichever gives the busiest thread fewer vector multiply steps (a panel
  // narrower than nr costs only its vectors); columns unless the rows split saves over 5% (with columns each
  // thread packs only its own part of B). Small N (a 7x7 or 14x14 1x1 conv: 1 to 4 column panels) splits the
  // rows, each thread packing all of B for itself: no barrier, and the copy is small next to M/2 rows of
  // products (a shared pack with barriers measured 3x slower whenever another process held a core).
  bool split_n = true;
  if (threads > 1) {
    const int vw = ks.vw;
    auto vectors = [&](int64_t cols) { return (cols + vw - 1) / vw; };
    const int64_t per_n = (n_panels + threads - 1) / threads;
    const int64_t busiest_n = vectors(std::min(N, per_n * nr)) * m_panels;
    const int64_t busiest_m = (m_panels + threads - 1) / threads * vectors(N);
    // Fewer than two column panels per thread: rows (a columns split would stream all of A through each core).
    split_n = n_panels >= 2 * threads && busiest_n * 20 <= busiest_m * 21;
  }
  // Few rows: B read in place when it is a row-major matrix (a 1x1 conv's input), its full-width panels
  // straight from the matrix and only the last, narrower one packed. Packing copies all of B once per
  // column block, which pays only when enough row panels reuse the packed copy.
  int64_t ldb_in_place = 0;
  const float* b_in_place = m_panels <= kGemmInPlaceMaxRowPanels ? bsrc.InPlace(0, 0, &ldb_in_place) : nullptr;
  const int64_t units = split_n ? n_panels : m_panels;
  threads = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, units)));

  // One B block (kc x nc, packed) against rows panels [p_lo, p_hi) and columns [n0, n0 + nc).
  auto multiply = [&](int64_t k0, int64_t kc, int64_t n0, int64_t nc, int64_t p_lo, int64_t p_hi, const float* bp) {
    // Later K blocks add to C (the bias went in with the first block), the last applies the activation: a
    // micro-kernel then starts those blocks' sums from C, with no bias to add (NEON's FullTileFast).
    GemmEpilogue e = ep;
    if (k0 > 0) {
      e.beta = 1.f;
      e.bias = nullptr;
    }
    if (k0 + kc < K) e.act = 0;
    for (int64_t p = p_lo; p < p_hi; ++p) {
      const float* a = packed_a + Mp * k0 + p * kGemmMR * kc;
      const int mr = static_cast<int>(std::min<int64_t>(kGemmMR, M - p * kGemmMR));
      GemmEpilogue ep_row = e;
      if (e.bias) ep_row.bias = e.bias + p * kGemmMR;
      float* crow = C + p * kGemmMR * ldc + n0;
      int64_t j = 0;
      if (row_fn && nc >= nr) {  // the full-width panels in one call
        j = nc / nr * nr;
        if (b_in_place)
          row_fn(kc, a, b_in_place + k0 * ldb_in_place + n0, nr, ldb_in_place, crow, ldc, mr, j, ep_row);
        else
          row_fn(kc, a, bp, kc * nr, nr, crow, ldc, mr, j, ep_row);
      }
      for (; j < nc; j += nr) {
        const int w = static_cast<int>(std::min<int64_t>(nr, nc - j));
        if (b_in_place && w == nr)
          kernel(kc, a, b_in_place + k0 * ldb_in_place + n0 + j, ldb_in_place, crow + j, ldc, mr, w, ep_row);
        else
          kernel(kc, a, bp + (j / nr) * kc * nr, nr, crow + j, ldc, mr, w, ep_row);
      }
    }
  };

  auto work = [&](int tid, int nthreads) {
    const int64_t per = (units + nthreads - 1) / nthreads;
    const int64_t u0 = std::min(units, tid * per), u1 = std::min(units, u0 + per);
    if (u0 >= u1) return;
    const int64_t n_lo = split_n ? u0 * nr : 0, n_hi = split_n ? std::min(N, u1 * nr) : N;
    const int64_t p_lo = split_n ? 0 : u0, p_hi = split_n ? m_panels : u1;
    std::vector<float>& buf = ThreadBuffer(0);
    const size_t need =
        static_cast<size_t>(std::min(kGemmKC, K) * RoundUp(std::min(n_hi - n_lo, kGemmNC * 3 / 2), nr));
    if (buf.size() < need) buf.resize(need);
    for (int64_t n0 = n_lo, nc = 0; n0 < n_hi; n0 += nc) {
      nc = BlockCols(n_hi - n0);
      for (int64_t k0 = 0; k0 < K; k0 += kGemmKC) {
        const int64_t kc = std::min(kGemmKC, K - k0);
        if (b_in_place) {  // only a last, partial panel is packed, at its panel index
          const int64_t full = nc / nr * nr;
          if (full < nc) bsrc.Pack(k0, kc, n0 + full, nc - full, nr, buf.data() + (full / nr) * kc * nr);
        } else {
          bsrc.Pack(k0, kc, n0, nc, nr, buf.data());
        }
        multiply(k0, kc, n0, nc, p_lo, p_hi, buf.data());
      }
    }
  };
  ParallelFor(threads, threads, [&](int64_t t) { work(static_cast<int>(t), threads); });
}

namespace {
// Fewer rows than a micro-tile (fc / matmul on one sample): B is streamed once, row by row, instead of being
// packed (packing would triple the memory traffic of what is a matrix-vector product).
void SgemmFewRows(bool trans_a, int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t lda,
                  const float* B, int64_t ldb, float beta, float* C, int64_t ldc, GemmAxpy4Fn axpy4) {
  int threads = 1;
  if (!InParallel() && static_cast<double>(M) * N * K > 1e5)
    threads = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(MaxThreads(), N / 64)));
  auto a_at = [&](int64_t i, int64_t k) { return alpha * (trans_a ? A[k * lda + i] : A[i * lda + k]); };
  // s[i * N + j] += A(i, k) B(k, j) over rows [k0, k1) of B, each read once, front to back.
  auto accumulate = [&](int64_t k0, int64_t k1, int64_t j0, int64_t j1, float* s, int64_t lds) {
    int64_t k = k0;
    // Four rows of B per pass over s: a quarter of the loads and stores of s (a fc of one sample: 7 -> 3
    // instructions per 4 multiply-adds on aarch64), in the level's vectors (this file has only the baseline's:
    // on x86 SSE2 without FMA, a third of AVX-512's speed on a fc whose weights are in cache).
    for (; k + 4 <= k1; k += 4)
      for (int64_t i = 0; i < M; ++i) {
        const float a4[4] = {a_at(i, k), a_at(i, k + 1), a_at(i, k + 2), a_at(i, k + 3)};
        axpy4(a4, B + k * ldb + j0, ldb, s + i * lds, j1 - j0);
      }
    for (; k < k1; ++k) {
      const float* b = B + k * ldb;
      for (int64_t i = 0; i < M; ++i) {
        const float a = a_at(i, k);
        float* si = s + i * lds - j0;
        for (int64_t j = j0; j < j1; ++j) si[j] += a * b[j];
      }
    }
  };
  // Several threads and a small C: each thread takes a contiguous band of B's rows (one run of memory, which
  // the hardware prefetcher streams well) into partial sums of its own, and the partials are added up by
  // column ranges. Splitting the columns instead gave each thread half of every row: in a network, with B
  // coming from DRAM, fc ran 2.5-3x slower on 2 threads than on 1.
  auto store = [&](int64_t i, int64_t j, float v) {
    float* c = C + i * ldc + j;
    *c = beta == 0.f ? v : beta * *c + v;
  };
  const bool split_k = threads > 1 && M * N <= kFewRowsSplitKMaxOut && K >= 16 * threads;
  std::vector<float> partial(split_k ? static_cast<size_t>(threads * M * N) : 0);
  const int nt = threads;
  const int64_t per = ((N + nt - 1) / nt + 15) / 16 * 16;  // column ranges: whole cache lines
  if (split_k) {  // partial sums over bands of K, then each column range adds them up
    ParallelFor(nt, nt, [&](int64_t t) {
      accumulate(K * t / nt, K * (t + 1) / nt, 0, N, partial.data() + t * M * N, N);
    });
    ParallelFor(nt, nt, [&](int64_t t) {
      const int64_t j0 = std::min(N, t * per), j1 = std::min(N, j0 + per);
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = j0; j < j1; ++j) {
          float sum = 0.f;
          for (int u = 0; u < nt; ++u) sum += partial[static_cast<size_t>((u * M + i) * N + j)];
          store(i, j, sum);
        }
    });
    return;
  }
  // Columns split: each thread accumulates its range in a buffer of its own and writes C once (accumulating
  // in C itself made two threads write the cache line at their boundary K times each).
  ParallelFor(nt, nt, [&](int64_t t) {
    const int64_t j0 = std::min(N, t * per), j1 = std::min(N, j0 + per), w = j1 - j0;
    if (w <= 0) return;
    thread_local std::vector<float> acc;
    if (acc.size() < static_cast<size_t>(M * w)) acc.resize(static_cast<size_t>(M * w));
    std::fill(acc.begin(), acc.begin() + M * w, 0.f);
    accumulate(0, K, j0, j1, acc.data(), w);
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = j0; j < j1; ++j) store(i, j, acc[static_cast<size_t>(i * w + j - j0)]);
  });
}
}  // namespace

void Sgemm(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t lda,
           const float* B, int64_t ldb, float beta, float* C, int64_t ldc, const GemmKernels& ks) {
  if (M <= 0 || N <= 0) return;
  if (M < kGemmMR && !trans_b && K > 0) {
    SgemmFewRows(trans_a, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, ks.axpy4);
    return;
  }
  std::vector<float>& pa = ThreadBuffer(1);
  if (pa.size() < PackedASize(M, K)) pa.resize(PackedASize(M, K));
  PackA(trans_a, M, K, A, lda, pa.data());
  GemmEpilogue ep;
  ep.alpha = alpha;
  ep.beta = beta;
  GemmPacked(M, N, K, pa.data(), MatrixBSource(trans_b, B, ldb), C, ldc, ep, ks);
}

}  // namespace simd
}  // namespace ember
