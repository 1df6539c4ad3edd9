// The int8 GEMM (simd/igemm.h) with every kernel set this machine runs (x86: generic, avx2, avx512 VNNI; ARM:
// generic, NEON widening, NEON sdot) against the plain int64 loop with EXACT equality: shapes around the tile
// widths (M, N 1..65, K not a multiple of 4 or 64), int8 / uint8 A and B, zero points 0, one value, per row /
// per column, extreme values (0, 255, -128, 127) that overflow vpmaddubsw's int16 pairs and an sdot's A - 128,
// strided B and transposed C.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "operators/kernel/simd/igemm.h"
#ifdef EMBER_HAVE_X86_KERNELS
#include "operators/kernel/x86/igemm_x86.h"
using ember::x86::IgemmKernelSets;
#else
#include "operators/kernel/arm/igemm_arm.h"
using ember::arm::IgemmKernelSets;
#endif

using namespace ember;
using simd::IgemmKernels;

namespace {

struct Case {
  int64_t m, n, k;
  bool a_signed, b_signed;
  int zp;            // 0: none, 1: one value each, 2: per row of A / per column of B
  bool extreme;      // values drawn mostly from the ends of the range
  bool transposed;   // B read as [N x K], C written column-major
};

// Values in the type's range stored as int (int8: -128..127, uint8: 0..255).
std::vector<int> Values(size_t n, bool is_signed, bool extreme, std::mt19937* rng) {
  std::vector<int> v(n);
  const int lo = is_signed ? -128 : 0, hi = is_signed ? 127 : 255;
  for (int& x : v) {
    const unsigned r = (*rng)();
    x = extreme && r % 4 != 0 ? ((r >> 2) % 2 ? hi : lo) : lo + static_cast<int>((r >> 3) % 256);
  }
  return v;
}

struct MatrixA {
  const std::vector<int>* v;
  int64_t k;
  bool is_signed;
};

void FillRows(const void* ctx, int64_t row0, int64_t rows, uint8_t* dst, int64_t k4) {
  const MatrixA& a = *static_cast<const MatrixA*>(ctx);
  std::memset(dst, 0, static_cast<size_t>(rows * k4));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t l = 0; l < a.k; ++l) {
      const int v = (*a.v)[static_cast<size_t>((row0 + i) * a.k + l)];
      dst[i * k4 + l] = static_cast<uint8_t>(v + (a.is_signed ? 128 : 0));
    }
}

void Check(const Case& c, const IgemmKernels& kern, std::mt19937* rng) {
  const std::vector<int> a = Values(static_cast<size_t>(c.m * c.k), c.a_signed, c.extreme, rng);
  const std::vector<int> b = Values(static_cast<size_t>(c.k * c.n), c.b_signed, c.extreme, rng);
  std::vector<int32_t> za = c.zp == 0 ? std::vector<int32_t>{} : std::vector<int32_t>(c.zp == 2 ? c.m : 1);
  std::vector<int32_t> zb = c.zp == 0 ? std::vector<int32_t>{} : std::vector<int32_t>(c.zp == 2 ? c.n : 1);
  const std::vector<int> za_v = Values(za.size(), c.a_signed, c.extreme, rng);
  const std::vector<int> zb_v = Values(zb.size(), c.b_signed, c.extreme, rng);
  za.assign(za_v.begin(), za_v.end());
  zb.assign(zb_v.begin(), zb_v.end());
  // B as stored: int8 or uint8 bytes, [K x N] or [N x K].
  std::vector<int8_t> bs(b.size());
  std::vector<uint8_t> bu(b.size());
  for (int64_t l = 0; l < c.k; ++l)
    for (int64_t j = 0; j < c.n; ++j) {
      const size_t at = static_cast<size_t>(c.transposed ? j * c.k + l : l * c.n + j);
      bs[at] = static_cast<int8_t>(b[static_cast<size_t>(l * c.n + j)]);
      bu[at] = static_cast<uint8_t>(b[static_cast<size_t>(l * c.n + j)]);
    }
  Int8PackedB packed;
  simd::PackInt8B(c.b_signed ? static_cast<const void*>(bs.data()) : bu.data(), c.b_signed, c.k, c.n,
                 c.transposed ? 1 : c.n, c.transposed ? c.k : 1, &packed);
  const MatrixA src{&a, c.k, c.a_signed};
  std::vector<int32_t> got(static_cast<size_t>(c.m * c.n), 12345);
  Int8GemmProblem p;
  p.m = c.m;
  p.fill_a = FillRows;
  p.a_ctx = &src;
  p.a_shift = c.a_signed ? 128 : 0;
  p.a_zp = za.empty() ? nullptr : za.data();
  p.a_zp_per_row = c.zp == 2;
  p.b_zp = zb.empty() ? nullptr : zb.data();
  p.b_zp_per_col = c.zp == 2;
  p.b = &packed;
  p.c = got.data();
  p.c_row_stride = c.transposed ? 1 : c.n;
  p.c_col_stride = c.transposed ? c.m : 1;
  simd::Igemm(p, kern);
  int bad = 0;
  for (int64_t i = 0; i < c.m; ++i)
    for (int64_t j = 0; j < c.n; ++j) {
      int64_t want = 0;
      const int64_t a0 = za.empty() ? 0 : za[c.zp == 2 ? i : 0], b0 = zb.empty() ? 0 : zb[c.zp == 2 ? j : 0];
      for (int64_t l = 0; l < c.k; ++l)
        want += (a[static_cast<size_t>(i * c.k + l)] - a0) * (b[static_cast<size_t>(l * c.n + j)] - b0);
      const int32_t g = got[static_cast<size_t>(c.transposed ? j * c.m + i : i * c.n + j)];
      if (g != static_cast<int32_t>(want) && bad++ < 3) UNSCOPED_INFO("C[" << i << "][" << j << "] = " << g
                                                                      << ", want " << want);
    }
  INFO(kern.name << " M " << c.m << " N " << c.n << " K " << c.k << " A " << (c.a_signed ? "s8" : "u8")
                 << " B " << (c.b_signed ? "s8" : "u8") << " zp " << c.zp << " extreme " << c.extreme
                 << " transposed " << c.transposed);
  REQUIRE(bad == 0);
}

}  // namespace

TEST_CASE("int8 GEMM: every level equals the integer reference exactly over odd shapes",
          "[igemm][quantize]") {
  const std::vector<int64_t> ms = {1, 2, 5, 6, 7, 12, 13, 33, 65};
  const std::vector<int64_t> ns = {1, 15, 16, 17, 33, 63, 64, 65};
  const std::vector<int64_t> ks = {1, 3, 4, 5, 63, 64, 65, 130};
  for (const IgemmKernels& kern : IgemmKernelSets()) {
    std::mt19937 rng(21);
    int i = 0;
    for (int64_t m : ms)
      for (int64_t n : ns)
        for (int64_t k : ks) {
          // Signedness, zero points, extremes and layout rotate over the shapes (every combination recurs).
          const Case c{m, n, k, (i & 1) != 0, (i & 2) != 0, (i / 4) % 3, (i / 12) % 2 == 0, (i / 24) % 2 == 1};
          ++i;
          Check(c, kern, &rng);
        }
  }
}

TEST_CASE("int8 GEMM: saturation hazards, deep K, several blocks and threads", "[igemm][quantize]") {
  for (const IgemmKernels& kern : IgemmKernelSets()) {
    std::mt19937 rng(22);
    for (bool as : {false, true})
      for (bool bs : {false, true})
        for (int zp : {0, 1, 2}) {
          Check({7, 19, 2053, as, bs, zp, true, false}, kern, &rng);   // K deep, all extremes
          Check({200, 300, 67, as, bs, zp, false, zp == 1}, kern, &rng);  // several row and column blocks
        }
    Check({1, 1000, 300, false, true, 1, false, false}, kern, &rng);  // one row: the columns split
    Check({2, 17, 70001, false, true, 1, true, false}, kern, &rng);   // K past 2^16
  }
}

TEST_CASE("int8 GEMM: 255 x -128 everywhere (vpmaddubsw would saturate; past K = 65793 int32 wraps)",
          "[igemm][quantize]") {
  for (const IgemmKernels& kern : IgemmKernelSets())
    for (int64_t k : {517, 70001}) {
      const int64_t m = 9, n = 33;
      std::vector<int> a(static_cast<size_t>(m * k), 255);
      Int8PackedB packed;
      std::vector<int8_t> b(static_cast<size_t>(k * n), -128);
      simd::PackInt8B(b.data(), true, k, n, n, 1, &packed);
      const MatrixA src{&a, k, false};
      std::vector<int32_t> got(static_cast<size_t>(m * n));
      Int8GemmProblem p;
      p.m = m;
      p.fill_a = FillRows;
      p.a_ctx = &src;
      p.b = &packed;
      p.c = got.data();
      p.c_row_stride = n;
      simd::Igemm(p, kern);
      INFO(kern.name << " K " << k);
      const int64_t want = -255 * 128 * k;  // the int64 reference cast to int32 (wrapping)
      for (int32_t v : got) REQUIRE(v == static_cast<int32_t>(static_cast<uint32_t>(want)));
    }
}
