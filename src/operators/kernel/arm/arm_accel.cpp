// The ARM kernels behind kernel/cpu_accel.h's table: thin adapters that add the active level.
#include "operators/kernel/arm/arm_accel.h"

#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/arm/conv4c_arm.h"
#include "operators/kernel/arm/conv_s2_direct_arm.h"
#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/arm/dwconv_arm.h"
#include "operators/kernel/arm/igemm_arm.h"
#include "operators/kernel/arm/pool_arm.h"
#include "operators/kernel/arm/sgemm_arm.h"
#include "operators/kernel/arm/vmath_arm.h"
#include "operators/kernel/arm/winograd_arm.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/kernel/kernels_built.h"
#include "operators/kernel/simd/conv_gemm.h"
#include "operators/kernel/simd/eltwise.h"
#include "operators/kernel/simd/fma_peak.h"

namespace ember {
namespace arm {

namespace {

// ---- conv ----

// The conv paths, numbered for ConvAccelPlan (0: the portable code). Winograd F(m,3) is kWino2 + m / 2 - 1.
enum ConvPath : int { kNone = 0, kGemm, kDepthwise, kWino2, kWino4, kWino6, kDirectS2, kPatch, kPw4c, kDw4c };
static_assert(kDw4c < kConvAccelPaths, "kConvAccelPaths too small for the ARM conv paths");

int WinoM(int path) { return 2 * (path - kWino2 + 1); }
// Constant false when the build leaves the variant out (kernels_built.h): its code is then never referenced.
bool IsWino(int path) { return kWinogradBuilt && path >= kWino2 && path <= kWino6; }
bool IsDirectS2(int path) { return kAnyConvDirectS2Built && path == kDirectS2; }

bool Conv4cSupports(const ConvGeometry& g) { return Pointwise4cSupported(g) || Depthwise4cSupported(g); }

ConvAccelPlan ConvPlan(const ConvGeometry& g, bool packed) {
  if (packed) return Pointwise4cSupported(g) ? ConvAccelPlan{kPw4c, "@4c"} : ConvAccelPlan{kDw4c, nullptr};
  // Depthwise convs read the plain filter, in place; the portable loop runs what the kernels do not handle.
  if (IsDepthwise(g))
    return DepthwiseKernelSupported(g, ActiveIsa()) ? ConvAccelPlan{kDepthwise, nullptr} : ConvAccelPlan{};
  // A stem (few input channels, wide rows): the direct stride-2 kernel, as on x86.
  if (ConvDirectS2Pays(g, ActiveIsa())) return {kDirectS2, "@s2"};
  if (simd::PatchConvSupported(g)) return {kPatch, "@patch"};
  switch (WinogradChoose(g)) {
    case 2: return {kWino2, "@wino2"};
    case 4: return {kWino4, "@wino4"};
    case 6: return {kWino6, "@wino6"};
    default: return {kGemm, ""};
  }
}

void ConvPack(int path, const ConvGeometry& g, const float* filter, std::vector<float>* packed) {
  if (path == kGemm) simd::PackConvFilter(g, filter, packed);
  if (IsWino(path)) simd::WinogradPackFilter(g, WinoM(path), filter, packed);
  if (IsDirectS2(path)) simd::PackConvDirectS2Filter(g, filter, packed);
  if (kPatchConvBuilt && path == kPatch) simd::PackPatchFilter(g, filter, packed);
  if (path == kPw4c) PackPointwise4c(g.out_c, g.in_c, filter, packed);
}

// An activation the depthwise epilogue does not fuse, applied to each finished piece while it is in cache.
void DepthwisePostActivation(float* out, int64_t n, const void* ctx) {
  ActivationArrayArm(*static_cast<const ActivationSpec*>(ctx), out, out, n);
}

void ConvRun(int path, const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
             const float* x, float* y) {
  if (IsDirectS2(path)) return ConvDirectS2Arm(g, filter, bias, act, x, y);
  if (path == kPw4c) return Pointwise4cArm(g, filter, bias, act, x, y);
  if (path == kDw4c) return Depthwise4cArm(g, filter, bias, act, x, y);
  simd::GemmEpilogue ep;
  bool fused = simd::EpilogueActivation(act, &ep);
  if (path == kDepthwise) {
    // The pack4 row pass of this activation kind may be left out of the build: then the activation runs after.
    const int kind = ep.act == 1 && ep.hi == __builtin_inff() ? 3 : ep.act;
    fused = fused && kind >= 0 && kind < 4 && kDw4cActBuilt[kind];
    if (!fused) ep.act = 0;
    DepthwiseArm(g, filter, bias, ep, x, y, fused ? nullptr : DepthwisePostActivation, &act);
  } else if (path == kGemm && !simd::ConvGemmPacked(g, filter, bias, act, x, y, GemmKernelsOf(ActiveIsa()))) {
    ActivationArrayArm(act, y, y, g.batch * g.out_c * g.out_h * g.out_w);
  } else if (kPatchConvBuilt && path == kPatch &&
             !simd::ConvPatchGemm(g, filter, bias, act, x, y, GemmKernelsOf(ActiveIsa()))) {
    ActivationArrayArm(act, y, y, g.batch * g.out_c * g.out_h * g.out_w);
  } else if (IsWino(path) &&
             !simd::ConvWinograd(g, WinoM(path), filter, bias, act, x, y, WinoKernelsOf(ActiveIsa()))) {
    ActivationArrayArm(act, y, y, g.batch * g.out_c * g.out_h * g.out_w);
  }
}

const char* ConvName(int path, const ConvGeometry& g) {
  if (path == kDepthwise) return DepthwiseKernelName(g, ActiveIsa());
  if (path == kPw4c || path == kDw4c) return Conv4cKernelName(g);
  if (IsWino(path)) return WinogradKernelName(WinoM(path), ActiveIsa());
  if (IsDirectS2(path)) return ConvDirectS2Name(g);
  if (path == kPatch) return ActiveIsa() == Isa::kNeon ? "patch gemm neon" : "patch gemm generic";
  if (path != kGemm) return "dw portable";  // only depthwise convs fall back to the portable code
  return ActiveIsa() == Isa::kNeon ? "gemm neon" : "gemm generic";
}

const ConvAccel kConv = {
    kPw4cGroup,  // the NCHW4c 1x1 conv reads a group's 8 bias values
    [] { return ActiveIsa() == Isa::kNeon ? kBlock4c : int64_t{0}; },
    Conv4cSupports,
    ConvPlan,
    ConvPack,
    ConvRun,
    ConvName,
};

// ---- the other ops ----

// The FMA-limit loop (`ember bench`'s %lim, a benchmarking aid) only in the full build, not a net profile's.
constexpr bool kFmaPeakBuilt = std::string_view(EMBER_NET_PROFILE) == "full";

double FmaPeak(int level, int threads) {
  if (static_cast<Isa>(level) == Isa::kNeon && IsaSupported(Isa::kNeon))
    return simd::MeasureFmaPeakGflops(FmaLoopNeon, 4, threads);
  return simd::MeasureFmaPeakGflops(simd::FmaLoopGeneric, 4, threads);
}

const IsaAccel kIsa = {
    "EMBER_ISA=neon|generic",
    [] { return static_cast<int>(DetectedIsa()); },
    [] { return static_cast<int>(ActiveIsa()); },
    [](int level) { return static_cast<int>(SetActiveIsa(static_cast<Isa>(level < 0 ? 0 : level))); },
    [](int level) { return IsaName(static_cast<Isa>(level)); },
    kFmaPeakBuilt ? FmaPeak : nullptr,
};

void SgemmActive(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                 int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc) {
  simd::Sgemm(trans_a, trans_b, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, GemmKernelsOf(ActiveIsa()));
}

bool NeonActive() { return ActiveIsa() == Isa::kNeon && IsaSupported(Isa::kNeon); }

const ElementwiseAccel kElementwise = {
    [](ElementwiseType type) { return NeonActive() && simd::ElementwiseTypeVectorized(type); },
    [](ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
       const ActivationSpec& act) { simd::ElementwiseRun(type, plan, x, y, out, act, EltRowNeon, ActArrayNeon); },
    [](ElementwiseType type) { return NeonActive() && simd::ElementwiseTypeVectorized(type) ? "neon vec" : "portable"; },
};

const Pool2dAccel kPool2d = {
    [](const PoolGeometry& g) { return Pool2dArmSupported(g, ActiveIsa()); },
    [](const PoolGeometry& g, const float* x, float* y) { Pool2dArm(g, x, y); },
    [](const PoolGeometry& g) { return Pool2dKernelName(g, ActiveIsa()); },
};

const ActivationAccel kActivation = {
    ActivationArrayArm,
    ActivationKernelName,
};

const SoftmaxAccel kSoftmax = {
    NeonActive,
    [](const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log) {
      simd::SoftmaxRun(x, y, outer, n, inner, log, simd::SoftmaxKernels{SoftmaxRowsNeon, SoftmaxInnerNeon});
    },
    [] { return NeonActive() ? "neon vec" : "portable"; },
};

const IgemmAccel kIgemm = {
    simd::PackInt8B,
    [](const Int8GemmProblem& p) { simd::Igemm(p, IgemmKernelsFor(ActiveIsa())); },
    [] { return IgemmKernelsFor(ActiveIsa()).name; },
    [](const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y) {
      QuantizeU8(x, n, mul, lo, hi, ties_away, y, ActiveIsa());
    },
};

const HalfAccel kHalf = {NeonActive, HalfToFloatNeon};

}  // namespace

void FillCpuAccel(CpuAccelTable* t) {
  t->isa = &kIsa;
  t->sgemm = SgemmActive;
  // Only the entries of the ops built (kernels_built.h): the others' kernels are then never referenced.
  if constexpr (CpuKernelBuilt("conv")) t->conv = &kConv;
  if constexpr (CpuKernelBuilt("elementwise")) t->elementwise = &kElementwise;
  if constexpr (CpuKernelBuilt("pool2d")) t->pool2d = &kPool2d;
  if constexpr (CpuKernelBuilt("activation")) t->activation = &kActivation;
  if constexpr (CpuKernelBuilt("softmax")) t->softmax = &kSoftmax;
  if constexpr (CpuKernelBuilt("matmul_integer") || CpuKernelBuilt("conv2d_integer")) t->igemm = &kIgemm;
  t->half = &kHalf;  // the loader's, not an op's: in every build
}

}  // namespace arm
}  // namespace ember
