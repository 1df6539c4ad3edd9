// The accelerated kernels at every instruction-set level this build's folder has (x86: generic, avx2,
// avx512; ARM: generic, neon), reached through the dispatch table (cpu_accel.h) as the ops reach them,
// against the portable code (an empty table) over shape sweeps around the register widths: GEMM tails
// of 1..17 columns and 1..13 rows, conv paths (1x1, im2col kxk with pads / strides / dilation / groups,
// depthwise 3x3 / 5x5 s1 / s2, 3x3 s1 Winograd-sized, 3x3 s2 stems, patch convs), elementwise broadcasts, pooling,
// activations and softmax. The same test runs on both architectures; expected values come from the
// portable code only.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/cpu_accel.h"
#include "accel_scopes.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Every level the machine runs (none: a build without a folder).
std::vector<int> Levels() {
  std::vector<int> v;
  if (const IsaAccel* isa = CpuAccel().isa)
    for (int l = 0; l <= isa->detected(); ++l) v.push_back(l);
  return v;
}

// f() at each level and with the portable code; compared within atol / rtol.
template <typename F>
void CompareAtEveryLevel(F f, float atol, float rtol, const std::string& what) {
  const std::vector<int> levels = Levels();
  if (levels.empty()) {
    WARN("no instruction-set folder in this build: nothing to compare");
    return;
  }
  std::vector<float> want;
  {
    const CpuAccelTable empty;
    ScopedAccel bypass(&empty);
    want = f();
  }
  for (int level : levels) {
    ScopedLevel scoped(*CpuAccel().isa, level);
    const std::vector<float> got = f();
    std::string why;
    const bool close = AllClose(got, want, atol, rtol, &why);
    INFO(what << " at level " << CpuAccel().isa->name(level) << ": " << why);
    CHECK(close);
  }
}

struct ConvCase {
  int64_t c, h, w, cout, k, s, pad, dil, groups;
  const char* act;
};

std::vector<float> RunConv(const ConvCase& k, int64_t batch = 1) {
  OpRunner op("conv2d");
  op.In("Input", "x", RandomTensor({batch, k.c, k.h, k.w}, 1))
      .In("Filter", "w", RandomTensor({k.cout, k.c / k.groups, k.k, k.k}, 2))
      .In("Bias", "b", RandomTensor({k.cout}, 3))
      .Out("Output", "y")
      .Attr("strides", Attribute::Ints({k.s, k.s}))
      .Attr("paddings", Attribute::Ints({k.pad, k.pad}))
      .Attr("dilations", Attribute::Ints({k.dil, k.dil}))
      .Attr("groups", Attribute::Int(k.groups))
      .Attr("fuse_activation", Attribute::String(k.act))
      .Attr("fuse_threshold", Attribute::Float(0.5f))
      .Attr("fuse_alpha", Attribute::Float(0.1f));
  Status s = op.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  return ToVector(op.Get("y"));
}

}  // namespace

TEST_CASE("simd levels: Sgemm tails of rows, columns and depth against PortableSgemm", "[simd][gemm]") {
  if (!CpuAccel().sgemm) {
    WARN("no accelerated Sgemm in this build");
    return;
  }
  for (int64_t M : {1, 5, 6, 7, 8, 9, 10, 11, 13})  // a last row panel of 1 .. 5 rows
    for (int64_t N : {1, 3, 4, 5, 8, 12, 15, 16, 17, 33, 70})
      for (int64_t K : {1, 4, 7, 10, 64, 601}) {  // aarch64: 4 k steps at a time, then the rest; 601: 2 K blocks
        const bool ta = (M + N) % 2 == 1, tb = (N + K) % 3 == 0;
        const auto A = RandomVector(static_cast<size_t>(M * K), 4), B = RandomVector(static_cast<size_t>(K * N), 5);
        const auto C0 = RandomVector(static_cast<size_t>(M * N), 6);
        const float beta = K == 7 || (K == 601 && M % 2 == 0) ? 0.f : 0.5f;
        std::vector<float> want = C0;
        PortableSgemm(ta, tb, M, N, K, 1.5f, A.data(), ta ? M : K, B.data(), tb ? K : N, beta, want.data(), N);
        for (int level : Levels()) {
          ScopedLevel scoped(*CpuAccel().isa, level);
          std::vector<float> got = C0;
          Sgemm(ta, tb, M, N, K, 1.5f, A.data(), ta ? M : K, B.data(), tb ? K : N, beta, got.data(), N);
          std::string why;
          // Float sums of K products in another order than the reference's (partial sums up to ~sqrt(K) / 3, a
          // rounding each step): 601 terms drift apart by up to ~2e-5.
          const float atol = K > 100 ? 1e-4f : 1e-5f;
          const bool close = AllClose(got, want, atol, 1e-5f, &why);
          INFO("M " << M << " N " << N << " K " << K << " ta " << ta << " tb " << tb << " level " << level << ": "
                    << why);
          CHECK(close);
        }
      }
}

TEST_CASE("simd levels: conv paths against the portable conv", "[simd][conv]") {
  const std::vector<ConvCase> cases = {
      {8, 9, 13, 12, 1, 1, 0, 1, 1, "relu"},        // 1x1: B read in place, 13-wide rows
      {5, 11, 10, 17, 3, 1, 1, 1, 1, "relu6"},      // 3x3 s1 im2col / Winograd, 17 rows
      {16, 12, 12, 16, 3, 1, 1, 1, 1, "leaky_relu"},// Winograd-sized
      {17, 20, 23, 35, 3, 1, 1, 1, 1, "relu"},      // Winograd: cin and cout tails, partial tiles
      {8, 42, 45, 9, 3, 1, 0, 1, 1, "relu6"},       // Winograd, large output (x86: F(6,3)), no pad
      {9, 9, 8, 20, 3, 1, 1, 1, 1, "hard_swish"},   // Winograd, small output (x86: F(2,3)), act after
      {3, 33, 34, 16, 3, 2, 1, 1, 1, "relu"},       // 3x3 s2 stem (narrow: GEMM)
      {3, 20, 70, 16, 3, 2, 1, 1, 1, "relu6"},      // 3x3 s2 stem, 35 wide: the direct path
      {4, 15, 17, 8, 5, 2, 2, 1, 1, ""},            // 5x5 s2
      {5, 13, 71, 6, 5, 2, 2, 1, 1, "leaky_relu"},  // 5x5 s2, 36 wide: direct
      {3, 17, 81, 9, 7, 2, 3, 1, 1, "hard_swish"},  // 7x7 s2 stem, 41 wide: direct, activation after
      {6, 10, 10, 8, 3, 1, 2, 2, 2, "hard_swish"},  // dilation 2, groups 2, activation not fused
      {57, 9, 9, 8, 3, 2, 1, 1, 1, "relu"},         // im2col K = 513: the last K block is one row (a tap 8)
      {11, 12, 12, 8, 7, 2, 3, 1, 1, "relu6"},      // 7x7 s2 im2col, K = 539: last block 27 of the 49 taps
      {6, 12, 30, 10, 5, 1, 2, 1, 1, "relu"},       // 5x5 s1 im2col: 30-wide rows across 16-column panels
      {9, 13, 13, 7, 3, 2, 1, 1, 1, "leaky_relu"},  // 7x7 output: 49 = 3 x 16 + 1, a one-column last panel
      {6, 41, 46, 7, 3, 2, 1, 1, 1, "relu"},        // im2col s2 to 21x23: 483 columns, three column blocks
      {7, 9, 13, 11, 1, 1, 1, 1, 1, "relu6"},       // 1x1 with pad 1: the GEMM over the input, a bias border
      {10, 14, 14, 13, 1, 2, 0, 1, 1, "relu6"},     // 1x1 s2 to 7x7, bias and clamp on the one-column panel
      {9, 6, 11, 10, 1, 1, 0, 1, 1, "relu6"},       // 1x1, 66 columns: full-width tiles of 4 rows (10 = 6 + 4)
      {12, 5, 7, 8, 1, 1, 0, 1, 1, "relu"},         // 1x1, 2-row last panel (8 = 6 + 2), relu
      {20, 4, 9, 9, 1, 1, 0, 1, 1, ""},             // 1x1, 3-row last panel, bias only
      {33, 4, 8, 17, 1, 1, 0, 1, 1, "relu6"},       // 1x1, 5-row last panel (the generic store)
      {600, 6, 6, 16, 1, 1, 0, 1, 1, "relu6"},      // 1x1, K = 600: the second K block's tiles add to C
      {12, 13, 19, 12, 3, 1, 1, 1, 12, "relu"},     // depthwise 3x3 s1
      {8, 14, 15, 8, 3, 2, 1, 1, 8, "relu6"},       // depthwise 3x3 s2
      {4, 11, 9, 4, 5, 1, 2, 1, 4, ""},             // depthwise 5x5 s1
      {4, 16, 21, 4, 5, 2, 2, 1, 4, "leaky_relu"},  // depthwise 5x5 s2
      {3, 32, 32, 20, 4, 4, 0, 1, 1, "relu"},       // patch conv 4x4 s4: 64 patches of K = 48
      {3, 64, 48, 10, 16, 16, 0, 1, 1, "leaky_relu"},  // patch 16x16: 12 patches, K = 768
      {2, 35, 37, 7, 8, 8, 0, 1, 1, "hard_swish"},  // patch 8x8, rows and columns left over, activation after
      {5, 66, 66, 9, 32, 32, 0, 1, 1, "relu6"},     // patch 32x32: K = 5120, several K blocks
  };
  for (const ConvCase& k : cases)
    CompareAtEveryLevel([&] { return RunConv(k); }, 1e-4f, 1e-4f,
                        "conv c" + std::to_string(k.c) + " k" + std::to_string(k.k) + " s" + std::to_string(k.s) +
                            " groups " + std::to_string(k.groups));
  const ConvCase patch_batch = {4, 24, 24, 6, 4, 4, 0, 1, 1, "relu"};  // two images through the patch path
  CompareAtEveryLevel([&] { return RunConv(patch_batch, 2); }, 1e-4f, 1e-4f, "patch conv, batch 2");
}

TEST_CASE("simd levels: depthwise 3x3 / 5x5 swept over widths, heights and pads", "[simd][conv][dwconv]") {
  // Widths around every level's vector (4 NEON, 8 AVX2, 16 AVX-512 floats: border, interior and tail vectors),
  // heights around the rows per pass (2 to 4), no pad, half and full pads, both strides.
  for (int64_t k : {3, 5})
    for (int64_t s : {1, 2})
      for (int64_t pad : {int64_t{0}, k / 2, k - 1})
        for (int64_t w : {1, 3, 4, 5, 8, 9, 13, 16, 17, 24, 33})
          for (int64_t h : {1, 2, 5, 9}) {
            if (h + 2 * pad < k || w + 2 * pad < k) continue;
            const ConvCase c{3, h, w, 3, k, s, pad, 1, 3, pad == 1 ? "relu6" : "relu"};
            CompareAtEveryLevel([&] { return RunConv(c); }, 1e-4f, 1e-4f,
                                "depthwise k" + std::to_string(k) + " s" + std::to_string(s) + " pad " +
                                    std::to_string(pad) + " " + std::to_string(h) + "x" + std::to_string(w));
          }
}

TEST_CASE("simd levels: depthwise channel groups, batches, row bands and activations after", "[simd][conv][dwconv]") {
  // ARM runs four channels at a time (a tail of 1..3 planes), bands of rows when the groups are few for the
  // threads, and activations the epilogue does not fuse on each finished band.
  const int saved = MaxThreads();
  for (int threads : {1, 3}) {
    SetMaxThreads(threads);
    for (int64_t c : {1, 4, 5, 7, 8, 9})
      for (int64_t batch : {1, 2})
        for (const char* act : {"relu6", "leaky_relu", "hard_swish", ""}) {
          const int64_t k = c % 2 == 0 ? 3 : 5, s = (c + batch) % 2 + 1;
          const ConvCase cc{c, 23, 11 + c, c, k, s, k / 2, 1, c, act};
          CompareAtEveryLevel([&] { return RunConv(cc, batch); }, 1e-4f, 1e-4f,
                              "depthwise c" + std::to_string(c) + " k" + std::to_string(k) + " s" + std::to_string(s) +
                                  " batch " + std::to_string(batch) + " " + act + " threads " +
                                  std::to_string(threads));
        }
  }
  SetMaxThreads(saved);
}

TEST_CASE("simd levels: elementwise broadcasts against the portable loops", "[simd][elementwise]") {
  struct Case {
    const char* op;
    std::vector<int64_t> xd, yd;
    int axis;
  };
  const std::vector<Case> cases = {
      {"elementwise_add", {2, 3, 5, 7}, {2, 3, 5, 7}, -1}, {"elementwise_mul", {1, 6, 4, 9}, {6}, 1},
      {"elementwise_sub", {3, 17}, {17}, -1},              {"elementwise_div", {2, 5, 13}, {1}, -1},
      {"elementwise_max", {4, 12}, {4, 12}, -1},           {"elementwise_min", {1, 3, 4, 4}, {3, 1, 1}, 1},
  };
  for (const Case& c : cases)
    CompareAtEveryLevel(
        [&] {
          OpRunner r(c.op);
          r.In("X", "x", RandomTensor(DDim(c.xd), 7)).In("Y", "y", RandomTensor(DDim(c.yd), 8, 0.5f, 2.f)).Out("Out", "out");
          r.Attr("axis", Attribute::Int(c.axis));
          Status s = r.Run();
          INFO(s.message());
          REQUIRE(s.ok());
          return ToVector(r.Get("out"));
        },
        0.f, 0.f, c.op);  // single IEEE operations: bit for bit
  // An NCHW16c per-channel multiply large enough for the threads: bands of pixels over 2 x 3 channel blocks.
  const int saved = MaxThreads();
  for (int threads : {1, 2}) {
    SetMaxThreads(threads);
    CompareAtEveryLevel(
        [&] {
          OpRunner r("elementwise_mul");
          r.In("X", "x", RandomTensor({2, 3, 40, 41, 16}, 9)).In("Y", "y", RandomTensor({2, 3, 1, 1, 16}, 10))
              .Out("Out", "out").Attr("axis", Attribute::Int(-1));
          REQUIRE(r.Run().ok());
          return ToVector(r.Get("out"));
        },
        0.f, 0.f, "elementwise_mul 16c-shaped, threads " + std::to_string(threads));
  }
  SetMaxThreads(saved);
}

TEST_CASE("simd levels: pool2d against the portable pooling", "[simd][pool]") {
  struct Case {
    const char* type;
    int64_t c, h, w, k, s, pad;
    bool global;
  };
  std::vector<Case> cases = {{"max", 3, 12, 13, 2, 2, 0, false}, {"avg", 2, 9, 17, 3, 1, 1, false},
                             {"max", 4, 15, 11, 3, 2, 1, false}, {"avg", 5, 7, 6, 7, 1, 0, true},
                             {"max", 2, 13, 13, 3, 1, 0, true}};
  for (int64_t w = 1; w <= 13; ++w) {  // every tail of the 4- and 8-lane vectors
    cases.push_back({"max", 2, 5, w, 3, 2, 1, false});
    cases.push_back({"avg", 2, 4, w, 2, 1, 1, false});
  }
  // 3x3 stride-2 max along wide rows (NEON slides along them: full steps, then a last step whose next column
  // comes as a scalar, then the per-vector path), with and without pads, 2- and 3-row windows.
  for (int64_t w = 14; w <= 45; ++w) cases.push_back({"max", 2, 6 + w % 2, w, 3, 2, w % 3 == 0 ? 0 : 1, false});
  for (const Case& c : cases)
    CompareAtEveryLevel(
        [&] {
          OpRunner r("pool2d");
          r.In("X", "x", RandomTensor({1, c.c, c.h, c.w}, 9)).Out("Out", "y");
          r.Attr("pooling_type", Attribute::String(c.type))
              .Attr("ksize", Attribute::Ints({c.k, c.k}))
              .Attr("strides", Attribute::Ints({c.s, c.s}))
              .Attr("paddings", Attribute::Ints({c.pad, c.pad}))
              .Attr("global_pooling", Attribute::Bool(c.global));
          Status s = r.Run();
          INFO(s.message());
          REQUIRE(s.ok());
          return ToVector(r.Get("y"));
        },
        1e-6f, 1e-6f, std::string("pool ") + c.type + " k" + std::to_string(c.k));
}

TEST_CASE("simd levels: activations and softmax against the portable code", "[simd][activation][softmax]") {
  for (const char* op : {"relu", "sigmoid", "swish", "tanh", "hard_swish", "gelu", "exp"})
    CompareAtEveryLevel(
        [&] {
          OpRunner r(op);
          r.In("X", "x", RandomTensor({3, 37}, 10, -6.f, 6.f)).Out("Out", "y");
          Status s = r.Run();
          INFO(s.message());
          REQUIRE(s.ok());
          return ToVector(r.Get("y"));
        },
        1e-6f, 4e-6f, op);  // vmath's bounds: a few ulp
  for (int axis : {-1, 1})
    CompareAtEveryLevel(
        [&] {
          OpRunner r("softmax");
          r.In("X", "x", RandomTensor({2, 13, 5}, 11, -4.f, 4.f)).Out("Out", "y").Attr("axis", Attribute::Int(axis));
          Status s = r.Run();
          INFO(s.message());
          REQUIRE(s.ok());
          return ToVector(r.Get("y"));
        },
        1e-6f, 1e-5f, "softmax axis " + std::to_string(axis));
}
