// matmul_integer and conv2d_integer through the int8 GEMM (cpu_accel.h's IgemmAccel) at every level of this
// build's instruction-set folder equal the portable integer loops (an empty accel table) EXACTLY: shapes around
// the tile widths, int8 / uint8 on both sides, zero points none / one / per row, column or channel, extreme
// values (0, 255, -128, 127), groups, strides, dilations, asymmetric pads.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "accel_scopes.h"
#include "operators/kernel/cpu_accel.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// A tensor of `t` (int8 or uint8) with values mostly at the ends of the range when `extreme`.
Tensor Bytes(DataType t, const std::vector<int64_t>& dims, bool extreme, std::mt19937* rng) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::vector<int> v(static_cast<size_t>(n));
  const int lo = t == DataType::kInt8 ? -128 : 0, hi = lo + 255;
  for (int& x : v) {
    const unsigned r = (*rng)();
    x = extreme && r % 4 != 0 ? ((r >> 2) % 2 ? hi : lo) : lo + static_cast<int>((r >> 3) % 256);
  }
  if (t == DataType::kInt8) return MakeTypedTensor<int8_t>(DDim(dims), std::vector<int8_t>(v.begin(), v.end()));
  return MakeTypedTensor<uint8_t>(DDim(dims), std::vector<uint8_t>(v.begin(), v.end()));
}

std::vector<int32_t> Ints(const Tensor& t) {
  return std::vector<int32_t>(t.data<int32_t>(), t.data<int32_t>() + t.numel());
}

// Runs op `type` set up by `setup` with the portable loops, then at each level of the folder, and requires
// equal outputs.
template <typename Setup>
void SameAtEveryLevel(const std::string& type, Setup setup, const std::string& what) {
  std::vector<int32_t> want;
  {
    const CpuAccelTable none;
    ScopedAccel portable(&none);
    OpRunner r(type);
    setup(r);
    Status s = r.Run();
    INFO(what << ": " << s.message());
    REQUIRE(s.ok());
    want = Ints(r.Get("out"));
  }
  const IsaAccel* isa = CpuAccel().isa;
  for (int level = 0; isa && level <= isa->detected(); ++level) {
    ScopedLevel scoped(*isa, level);
    OpRunner r(type);
    setup(r);
    Status s = r.Run();
    INFO(what << " at " << isa->name(level) << ": " << s.message());
    REQUIRE(s.ok());
    REQUIRE(Ints(r.Get("out")) == want);
  }
}

}  // namespace

TEST_CASE("matmul_integer: the int8 GEMM at every level equals the portable loop exactly", "[op][quantize][igemm]") {
  std::mt19937 rng(31);
  int i = 0;
  for (int64_t m : {1, 6, 7, 65})
    for (int64_t n : {1, 16, 17, 65})
      for (int64_t k : {1, 4, 5, 67}) {
        const DataType ta = i & 1 ? DataType::kInt8 : DataType::kUInt8;
        const DataType tb = i & 2 ? DataType::kUInt8 : DataType::kInt8;
        const int zp = (i / 4) % 3;
        const bool extreme = (i / 12) % 2 == 0;
        ++i;
        const Tensor a = Bytes(ta, {m, k}, extreme, &rng), b = Bytes(tb, {k, n}, extreme, &rng);
        const Tensor za = Bytes(ta, zp == 2 ? std::vector<int64_t>{m} : std::vector<int64_t>{}, extreme, &rng);
        const Tensor zb = Bytes(tb, zp == 2 ? std::vector<int64_t>{n} : std::vector<int64_t>{}, extreme, &rng);
        SameAtEveryLevel("matmul_integer", [&](OpRunner& r) {
          r.In("X", "a", a).In("Y", "b", b).Out("Out", "out");
          if (zp) r.In("XZeroPoint", "za", za).In("YZeroPoint", "zb", zb);
        }, "M " + std::to_string(m) + " N " + std::to_string(n) + " K " + std::to_string(k));
      }
  // Broadcast batches: one Y for two X matrices, and three Ys for one X.
  const Tensor a = Bytes(DataType::kUInt8, {2, 1, 9, 13}, true, &rng);
  const Tensor b = Bytes(DataType::kInt8, {3, 13, 20}, true, &rng);
  SameAtEveryLevel("matmul_integer", [&](OpRunner& r) { r.In("X", "a", a).In("Y", "b", b).Out("Out", "out"); },
                   "batched");
}

TEST_CASE("conv2d_integer: the int8 GEMM at every level equals the portable loop exactly", "[op][quantize][igemm]") {
  std::mt19937 rng(32);
  struct Case { int64_t n, cin, h, w, cout, kh, kw, groups, stride, dil; std::vector<int64_t> pads; };
  const Case cases[] = {
      {1, 3, 9, 7, 17, 3, 3, 1, 1, 1, {1, 1}},      {2, 8, 8, 8, 64, 1, 1, 1, 1, 1, {0, 0}},
      {1, 5, 11, 10, 6, 3, 3, 1, 2, 1, {1, 1}},     {1, 4, 9, 8, 6, 3, 3, 2, 2, 1, {0, 0}},
      {1, 2, 8, 8, 2, 2, 2, 2, 1, 2, {2, 2}},       {1, 7, 10, 9, 33, 5, 3, 1, 1, 1, {2, 0, 1, 2}},
      {1, 16, 6, 6, 65, 3, 3, 1, 1, 1, {1, 1}},     {1, 6, 7, 7, 6, 3, 3, 6, 1, 1, {1, 1}}};
  int i = 0;
  for (const Case& c : cases)
    for (int variant = 0; variant < 4; ++variant, ++i) {
      const DataType tx = variant & 1 ? DataType::kInt8 : DataType::kUInt8;
      const DataType tw = variant & 2 ? DataType::kUInt8 : DataType::kInt8;
      const bool extreme = i % 3 != 2;
      const Tensor x = Bytes(tx, {c.n, c.cin, c.h, c.w}, extreme, &rng);
      const Tensor w = Bytes(tw, {c.cout, c.cin / c.groups, c.kh, c.kw}, extreme, &rng);
      const Tensor xz = Bytes(tx, {}, extreme, &rng);
      const Tensor wz = Bytes(tw, variant < 2 ? std::vector<int64_t>{c.cout} : std::vector<int64_t>{}, extreme, &rng);
      SameAtEveryLevel("conv2d_integer", [&](OpRunner& r) {
        r.In("Input", "x", x).In("Filter", "w", w).Out("Output", "out");
        if (i % 4 != 3) r.In("InputZeroPoint", "xz", xz).In("FilterZeroPoint", "wz", wz);
        r.Attr("strides", Attribute::Ints({c.stride, c.stride})).Attr("paddings", Attribute::Ints(c.pads));
        r.Attr("dilations", Attribute::Ints({c.dil, c.dil})).Attr("groups", Attribute::Int(c.groups));
      }, "conv case " + std::to_string(i));
    }
}
