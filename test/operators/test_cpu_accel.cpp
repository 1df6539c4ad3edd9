// The CPU kernels' dispatch table (operators/kernel/cpu_accel.h): filled on x86 and ARM builds (empty otherwise), its
// names follow the active instruction-set level, and the portable code the kernels fall back on when it is
// bypassed (an empty table) gives the accelerated results within float tolerance, for conv and Sgemm.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/pool2d_op.h"
#include "accel_scopes.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

ConvGeometry Geo(int64_t c, int64_t hw, int64_t cout, int64_t k, int64_t s, int64_t groups) {
  ConvGeometry g;
  g.batch = 1, g.in_c = c, g.in_h = g.in_w = hw, g.out_c = cout, g.groups = groups;
  g.kernel_h = g.kernel_w = k;
  g.stride_h = g.stride_w = s;
  g.pad_top = g.pad_bottom = g.pad_left = g.pad_right = k / 2;
  g.out_h = g.out_w = (hw + 2 * (k / 2) - k) / s + 1;
  return g;
}

// A 2x2 stride-2 max pooling of a 16x16 plane.
PoolGeometry Pool2x2() {
  PoolGeometry g;
  g.batch = 1, g.channels = 8, g.in_h = g.in_w = 16, g.out_h = g.out_w = 8;
  g.kernel_h = g.kernel_w = g.stride_h = g.stride_w = 2;
  return g;
}

const char* ConvName(const ConvGeometry& g) {
  const ConvAccel* a = CpuAccel().conv;
  return a->name(a->plan(g, false).path, g);
}

// conv2d with bias and a fused relu6 through the op and its cpu kernel.
std::vector<float> RunConv(const ConvGeometry& g) {
  OpRunner op("conv2d");
  op.In("Input", "x", RandomTensor({1, g.in_c, g.in_h, g.in_w}, 1))
      .In("Filter", "w", RandomTensor({g.out_c, g.in_c / g.groups, g.kernel_h, g.kernel_w}, 2))
      .In("Bias", "b", RandomTensor({g.out_c}, 3))
      .Out("Output", "y")
      .Attr("strides", Attribute::Ints({g.stride_h, g.stride_w}))
      .Attr("paddings", Attribute::Ints({g.pad_top, g.pad_left}))
      .Attr("dilations", Attribute::Ints({1, 1}))
      .Attr("groups", Attribute::Int(g.groups))
      .Attr("fuse_activation", Attribute::String("relu6"))
      .Attr("fuse_threshold", Attribute::Float(6.f));
  Status s = op.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  return ToVector(op.Get("y"));
}

}  // namespace

TEST_CASE("cpu accel: x86 and ARM builds fill the table, others leave it empty", "[cpu_accel]") {
  const CpuAccelTable& t = CpuAccel();
#if defined(EMBER_HAVE_X86_KERNELS) || defined(EMBER_HAVE_ARM_KERNELS)
  CHECK(t.isa != nullptr);
  CHECK(t.sgemm != nullptr);
  CHECK(t.conv != nullptr);
  CHECK(t.elementwise != nullptr);
  CHECK(t.pool2d != nullptr);
  CHECK(t.activation != nullptr);
  CHECK(t.softmax != nullptr);
#else
  CHECK(t.isa == nullptr);
  CHECK(t.sgemm == nullptr);
  CHECK(t.conv == nullptr);
  CHECK(t.elementwise == nullptr);
  CHECK(t.pool2d == nullptr);
  CHECK(t.activation == nullptr);
  CHECK(t.softmax == nullptr);
  CHECK(PackedConvBlock() == 0);
#endif
}

TEST_CASE("cpu accel: an empty table turns every accelerator off", "[cpu_accel]") {
  const CpuAccelTable empty;
  ScopedAccel bypass(&empty);
  CHECK(&CpuAccel() == &empty);
  CHECK(CpuAccel().conv == nullptr);
  CHECK(PackedConvBlock() == 0);
}

TEST_CASE("cpu accel: kernel names and the packed block follow the active level", "[cpu_accel]") {
  const IsaAccel* isa = CpuAccel().isa;
  if (!isa || isa->detected() < 1) {
    WARN("no instruction-set folder with a vector level on this build / machine: nothing to check");
    return;
  }
  const ConvGeometry pw = Geo(64, 7, 64, 1, 1, 1);  // a 1x1 conv: the GEMM path at every level
  const ConvGeometry dw = Geo(32, 28, 32, 3, 1, 32);
  const ConvGeometry stem = Geo(3, 224, 32, 3, 2, 1);  // a network's first conv: the direct stride-2 path
  const PoolGeometry pool = Pool2x2();
  {
    ScopedLevel level(*isa, 0);
    CHECK(std::string(isa->name(isa->active())) == "generic");
    CHECK(std::string(ConvName(pw)) == "gemm generic");
    CHECK(std::string(ConvName(dw)) == "dw portable");
    CHECK(std::string(ConvName(stem)) == "gemm generic");
    CHECK(std::string(CpuAccel().pool2d->name(pool)) == "portable");
    CHECK(std::string(CpuAccel().softmax->name()) == "portable");
    CHECK_FALSE(CpuAccel().softmax->supports());
    CHECK(PackedConvBlock() == 0);
  }
  ScopedLevel level(*isa, 1);
#if defined(EMBER_HAVE_ARM_KERNELS)
  CHECK(std::string(isa->name(isa->active())).rfind("neon", 0) == 0);  // "neon", "neon+dotprod+fp16", ...
  CHECK(std::string(ConvName(pw)) == "gemm neon");
  CHECK(std::string(ConvName(dw)) == "dw3x3s1 4c neon");
  CHECK(std::string(ConvName(stem)) == "direct 3x3s2 neon");
  CHECK(std::string(CpuAccel().pool2d->name(pool)) == "neon vec");
  CHECK(std::string(CpuAccel().softmax->name()) == "neon vec");
  CHECK(CpuAccel().softmax->supports());
  CHECK(PackedConvBlock() == 4);  // NCHW4c: one q register
#else
  CHECK(std::string(isa->name(isa->active())) == "avx2+fma");
  CHECK(std::string(ConvName(pw)) == "gemm avx2");
  CHECK(std::string(ConvName(dw)) == "dw3x3s1 avx2");
  CHECK(std::string(ConvName(stem)) == "direct 3x3s2 avx2");
  CHECK(std::string(CpuAccel().pool2d->name(pool)) == "avx2 vec");
  CHECK(std::string(CpuAccel().softmax->name()) == "avx2 vec");
  CHECK(CpuAccel().softmax->supports());
  CHECK(PackedConvBlock() == 16);
#endif
}

TEST_CASE("cpu accel: the portable conv matches the accelerated one", "[cpu_accel][conv]") {
  if (!CpuAccel().conv || !CpuAccel().isa || CpuAccel().isa->active() < 1) {
    WARN("no vector conv kernels active on this build / machine: both sides would run the portable code");
    return;
  }
  const CpuAccelTable empty;
  // 3x3 (Winograd or GEMM), 3x3 stride 2 on few channels (the direct kernel), 1x1, depthwise 3x3 / 5x5.
  for (const ConvGeometry& g : {Geo(16, 20, 24, 3, 1, 1), Geo(3, 64, 16, 3, 2, 1), Geo(24, 9, 40, 1, 1, 1),
                                Geo(32, 17, 32, 3, 1, 32), Geo(16, 15, 16, 5, 2, 16)}) {
    INFO("accelerated path: " << ConvName(g));
    REQUIRE(std::string(ConvName(g)).find("portable") == std::string::npos);  // really two different codes
    const std::vector<float> fast = RunConv(g);
    std::vector<float> portable;
    {
      ScopedAccel bypass(&empty);
      portable = RunConv(g);
    }
    std::string why;
    const bool close = AllClose(fast, portable, 1e-4f, 1e-4f, &why);
    INFO("conv c" << g.in_c << " " << g.in_h << "x" << g.in_w << " cout" << g.out_c << " k" << g.kernel_h << " s"
                  << g.stride_h << " groups " << g.groups << ": " << why);
    CHECK(close);
  }
}

TEST_CASE("cpu accel: the portable Sgemm matches the accelerated one", "[cpu_accel][gemm]") {
  if (!CpuAccel().sgemm) {
    WARN("no accelerated Sgemm on this build: both sides would run the portable code");
    return;
  }
  const CpuAccelTable empty;
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      const int64_t M = 37, N = 70, K = 129;
      const auto A = RandomVector(static_cast<size_t>(M * K), 4), B = RandomVector(static_cast<size_t>(K * N), 5);
      std::vector<float> fast = RandomVector(static_cast<size_t>(M * N), 6), portable = fast;
      const int64_t lda = ta ? M : K, ldb = tb ? K : N;
      Sgemm(ta, tb, M, N, K, 0.5f, A.data(), lda, B.data(), ldb, 2.f, fast.data(), N);
      {
        ScopedAccel bypass(&empty);
        Sgemm(ta, tb, M, N, K, 0.5f, A.data(), lda, B.data(), ldb, 2.f, portable.data(), N);
      }
      std::string why;
      const bool close = AllClose(fast, portable, 1e-4f, 1e-4f, &why);
      INFO("trans_a " << ta << " trans_b " << tb << ": " << why);
      CHECK(close);
    }
}
