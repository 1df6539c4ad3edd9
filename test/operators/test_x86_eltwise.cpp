// x86 elementwise (eltwise_x86.h): add/sub/mul/div/max/min on every ISA variant this machine runs,
// against the plain multi-index loop ref::ElementwiseBroadcast, over same-shape, scalar, per-channel
// (NCHW + [C] at axis 1, the conv bias / residual cases), row ([W] at axis -1), both-sides and X-broadcast
// shapes with inner sizes around 8/16 and odd ones. These are single IEEE operations, so the results must
// be equal bit for bit. A fused activation is checked against ApplyActivation of the reference: exactly
// for relu / leaky_relu, within 2e-6 relative + 1e-6 for sigmoid, swish and gelu (vmath_x86.h's bounds),
// and exactly through the portable fallback for softplus.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "operators/kernel/central-arm-func/elementwise_func.h"
#include "operators/kernel/x86/eltwise_x86.h"
#include "test_util.h"
#include "x86_test_util.h"

using namespace ember;
using ember::x86::Isa;

namespace {

std::vector<float> Random(int64_t n, uint32_t seed, bool positive = false) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(positive ? 0.5f : -3.f, 3.f);
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = d(rng);
  return v;
}

int64_t Prod(const std::vector<int64_t>& d) {
  int64_t p = 1;
  for (int64_t v : d) p *= v;
  return p;
}

// Y's dims aligned to X's rank at `axis` (-1: right-aligned), for the reference.
std::vector<int64_t> Align(const std::vector<int64_t>& yd, size_t rank, int64_t axis) {
  std::vector<int64_t> a(rank, 1);
  const size_t at = axis < 0 ? rank - yd.size() : static_cast<size_t>(axis);
  for (size_t i = 0; i < yd.size(); ++i) a[at + i] = yd[i];
  return a;
}

void RefCompute(ElementwiseType t, const std::vector<int64_t>& od, const std::vector<int64_t>& xd,
                const std::vector<int64_t>& yd, const float* x, const float* y, float* out) {
  switch (t) {
    case ElementwiseType::kAdd: ref::ElementwiseBroadcast(od, xd, yd, x, y, out, AddFn<float>()); break;
    case ElementwiseType::kSub: ref::ElementwiseBroadcast(od, xd, yd, x, y, out, SubFn<float>()); break;
    case ElementwiseType::kMul: ref::ElementwiseBroadcast(od, xd, yd, x, y, out, MulFn<float>()); break;
    case ElementwiseType::kDiv: ref::ElementwiseBroadcast(od, xd, yd, x, y, out, DivFn<float>()); break;
    case ElementwiseType::kMax: ref::ElementwiseBroadcast(od, xd, yd, x, y, out, MaxFn<float>()); break;
    case ElementwiseType::kMin: ref::ElementwiseBroadcast(od, xd, yd, x, y, out, MinFn<float>()); break;
    default: break;
  }
}

struct Shape {
  std::vector<int64_t> x, y;
  int64_t axis;
};

std::vector<Shape> Shapes() {
  std::vector<Shape> s;
  for (int64_t w : {1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100}) {
    s.push_back({{2, 3, w}, {2, 3, w}, -1});         // same shape
    s.push_back({{2, 3, w}, {1}, -1});               // scalar
    s.push_back({{1, 5, 3, w}, {5}, 1});             // per channel (conv bias)
    s.push_back({{2, 5, w, 3}, {5, w}, 1});          // [C, H] at axis 1
    s.push_back({{3, w}, {w}, -1});                  // row
    s.push_back({{4, 1, w}, {4, 3, 1}, -1});         // both sides broadcast
    s.push_back({{1, 1, w}, {2, 3, w}, -1});         // X broadcast
  }
  s.push_back({{1, 5, 7, 7, 16}, {1, 5, 1, 1, 16}, -1});  // NCHW16c per-channel multiply: runs of 16-float rows
  s.push_back({{1, 40, 300, 16}, {1, 40, 1, 16}, -1});    // the same, large enough for threads
  s.push_back({{3, 2, 5}, {3, 1, 5}, -1});                // short rows, Y repeated along the middle dim
  s.push_back({{1, 7, 50000}, {7}, 1});  // large: threaded rows
  s.push_back({{200003}, {200003}, -1});  // large: threaded blocks
  return s;
}

}  // namespace

TEST_CASE("x86 elementwise: every op and ISA variant equals the reference bit for bit", "[x86][eltwise]") {
  uint32_t seed = 1;
  ActivationSpec none;
  int cases = 0;
  for (Isa isa : test::SupportedIsas(false)) {
    for (const Shape& sh : Shapes()) {
      for (ElementwiseType t : {ElementwiseType::kAdd, ElementwiseType::kSub, ElementwiseType::kMul,
                                ElementwiseType::kDiv, ElementwiseType::kMax, ElementwiseType::kMin}) {
        REQUIRE(x86::ElementwiseX86Supported(t, isa));
        BroadcastPlan plan;
        REQUIRE(PlanBroadcast(DDim(sh.x), DDim(sh.y), sh.axis, &plan).ok());
        const auto x = Random(Prod(sh.x), seed++);
        const auto y = Random(Prod(sh.y), seed++, t == ElementwiseType::kDiv);
        // The reference sees both operands aligned to the output rank.
        const size_t rank = std::max(sh.x.size(), sh.y.size());
        const std::vector<int64_t> xd = sh.x.size() == rank ? sh.x : Align(sh.x, rank, sh.axis);
        const std::vector<int64_t> yd = sh.y.size() == rank ? sh.y : Align(sh.y, rank, sh.axis);
        std::vector<int64_t> od(rank);
        for (size_t i = 0; i < rank; ++i) od[i] = std::max(xd[i], yd[i]);
        std::vector<float> want(static_cast<size_t>(Prod(od))), got(want.size() + 3, 555.f);
        RefCompute(t, od, xd, yd, x.data(), y.data(), want.data());
        x86::ElementwiseX86(t, plan, x.data(), y.data(), got.data(), none, isa);
        int bad = 0;
        for (size_t i = 0; i < want.size(); ++i)
          if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0 && bad++ < 3)
            UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", want " << want[i]);
        for (size_t i = want.size(); i < got.size(); ++i)
          if (got[i] != 555.f && bad++ < 3) UNSCOPED_INFO("wrote past the output");
        INFO(x86::IsaName(isa) << " op " << static_cast<int>(t) << " x " << DDim(sh.x).ToString() << " y "
                               << DDim(sh.y).ToString() << " axis " << sh.axis);
        REQUIRE(bad == 0);
        ++cases;
      }
    }
  }
  CHECK(cases >= (x86::IsaSupported(Isa::kAvx2) ? 6 * 86 : 0));
}

TEST_CASE("x86 elementwise: max/min keep the portable NaN and signed-zero results", "[x86][eltwise]") {
  const std::vector<float> x = {NAN, 1.f, 0.f, -0.f, INFINITY, -1.f, 2.f, NAN, 3.f, -0.f, 0.f, 5.f, 1.f, 1.f, -2.f, 7.f, 8.f};
  const std::vector<float> y = {1.f, NAN, -0.f, 0.f, 1.f, -INFINITY, NAN, NAN, 3.f, 0.f, -0.f, 4.f, 2.f, 0.f, -3.f, 6.f, 9.f};
  BroadcastPlan plan;
  REQUIRE(PlanBroadcast(DDim({17}), DDim({17}), -1, &plan).ok());
  ActivationSpec none;
  for (Isa isa : test::SupportedIsas(false)) {
    for (ElementwiseType t : {ElementwiseType::kMax, ElementwiseType::kMin}) {
      std::vector<float> want(17), got(17);
      ElementwiseCompute<float>(t, plan, x.data(), y.data(), want.data(), none);
      x86::ElementwiseX86(t, plan, x.data(), y.data(), got.data(), none, isa);
      for (int i = 0; i < 17; ++i) {
        INFO(x86::IsaName(isa) << " op " << static_cast<int>(t) << " i " << i);
        CHECK(std::isnan(got[i]) == std::isnan(want[i]));
        if (!std::isnan(want[i])) CHECK(std::signbit(got[i]) == std::signbit(want[i]));
        if (!std::isnan(want[i])) CHECK(got[i] == want[i]);
      }
    }
  }
}

TEST_CASE("x86 elementwise: fused activations", "[x86][eltwise]") {
  struct A { ActivationType t; float a; bool exact; };
  for (Isa isa : test::SupportedIsas(false)) {
    for (A act : {A{ActivationType::kRelu, 0, true}, A{ActivationType::kLeakyRelu, 0.1f, true},
                  A{ActivationType::kSigmoid, 0, false}, A{ActivationType::kSwish, 1, false},
                  A{ActivationType::kGelu, 0, false}, A{ActivationType::kSoftplus, 1, true}}) {
      for (int64_t w : {7, 16, 33, 20000}) {
        ActivationSpec spec;
        spec.type = act.t;
        spec.a = act.a;
        spec.b = 20.f;  // softplus threshold
        const std::vector<int64_t> xs = {1, 4, w}, ys = {4};
        BroadcastPlan plan;
        REQUIRE(PlanBroadcast(DDim(xs), DDim(ys), 1, &plan).ok());
        const auto x = Random(4 * w, 11), y = Random(4, 12);
        std::vector<float> want(x.size()), got(x.size());
        ref::ElementwiseBroadcast({1, 4, w}, {1, 4, w}, {1, 4, 1}, x.data(), y.data(), want.data(), AddFn<float>());
        for (auto& v : want) v = ApplyActivation(spec, v);
        x86::ElementwiseX86(ElementwiseType::kAdd, plan, x.data(), y.data(), got.data(), spec, isa);
        int bad = 0;
        for (size_t i = 0; i < want.size(); ++i) {
          const bool ok = act.exact ? got[i] == want[i]
                                    : std::fabs(got[i] - want[i]) <= 2e-6f * std::fabs(want[i]) + 1e-6f;
          if (!ok && bad++ < 3) UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", want " << want[i]);
        }
        INFO(x86::IsaName(isa) << " act " << static_cast<int>(act.t) << " w " << w);
        REQUIRE(bad == 0);
      }
    }
  }
}

TEST_CASE("x86 elementwise: pow and the generic ISA stay portable", "[x86][eltwise]") {
  CHECK_FALSE(x86::ElementwiseX86Supported(ElementwiseType::kPow, Isa::kAvx2));
  CHECK_FALSE(x86::ElementwiseX86Supported(ElementwiseType::kAdd, Isa::kGeneric));
  CHECK(std::string(x86::ElementwiseKernelName(ElementwiseType::kPow, Isa::kAvx512)) == "portable");
}
