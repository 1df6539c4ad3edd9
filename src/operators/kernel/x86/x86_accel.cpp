// The x86 kernels behind kernel/cpu_accel.h's table: thin adapters that add the active ISA level.
#include "operators/kernel/x86/x86_accel.h"

#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/kernels_built.h"
#include "operators/kernel/x86/activation_x86.h"
#include "operators/kernel/x86/conv_s2_direct_x86.h"
#include "operators/kernel/x86/conv_x86.h"
#include "operators/kernel/x86/cpu_isa.h"
#include "operators/kernel/x86/eltwise_x86.h"
#include "operators/kernel/x86/fma_peak.h"
#include "operators/kernel/x86/igemm_x86.h"
#include "operators/kernel/x86/half_x86.h"
#include "operators/kernel/x86/nchw16c_x86.h"
#include "operators/kernel/x86/pool_x86.h"
#include "operators/kernel/x86/sgemm_x86.h"
#include "operators/kernel/x86/softmax_x86.h"
#include "operators/kernel/x86/winograd_x86.h"

namespace ember {
namespace x86 {

namespace {

// ---- conv ----

// The conv paths, numbered for ConvAccelPlan (0: the portable code). Winograd F(m,3) is kWino2 + m / 2 - 1.
enum ConvPath : int { kNone = 0, kGemm, kDirectS2, kWino2, kWino4, kWino6, kDepthwise, kPw16c, kDw16c, kPatch };
static_assert(kPatch < kConvAccelPaths, "kConvAccelPaths too small for the x86 conv paths");

int WinoM(int path) { return 2 * (path - kWino2 + 1); }

bool Conv16cSupports(const ConvGeometry& g) { return Pointwise16cSupported(g) || Depthwise16cSupported(g); }

ConvAccelPlan ConvPlan(const ConvGeometry& g, bool nchw16c) {
  if (nchw16c) return {Pointwise16cSupported(g) ? kPw16c : kDw16c, "@16c"};
  const Isa isa = ActiveIsa();
  // Depthwise convs read the plain filter, in place; the portable loop runs what the kernels do not handle.
  if (IsDepthwise(g)) return DepthwiseKernelSupported(g, isa) ? ConvAccelPlan{kDepthwise, nullptr} : ConvAccelPlan{};
  if (ConvDirectS2Pays(g, isa)) return {kDirectS2, "@s2"};
  if (simd::PatchConvSupported(g)) return {kPatch, "@patch"};
  switch (WinogradChoose(g, isa)) {
    case 2: return {kWino2, "@wino2"};
    case 4: return {kWino4, "@wino4"};
    case 6: return {kWino6, "@wino6"};
    default: return {kGemm, ""};
  }
}

void ConvPack(int path, const ConvGeometry& g, const float* filter, std::vector<float>* packed) {
  switch (path) {
    case kGemm: PackConvFilter(g, filter, packed); break;
    case kDirectS2:  // the variants a slim build leaves out are never planned; nothing here references them
      if constexpr (kAnyConvDirectS2Built) PackConvDirectS2Filter(g, filter, packed);
      break;
    case kWino2: case kWino4: case kWino6:
      if constexpr (kWinogradBuilt) WinogradPackFilter(g, WinoM(path), filter, packed);
      break;
    case kPw16c: PackPointwise16c(g.out_c, g.in_c, filter, packed); break;
    case kDw16c: PackDepthwise16c(g.out_c, g.kernel_h, filter, packed); break;
    case kPatch:
      if constexpr (kPatchConvBuilt) simd::PackPatchFilter(g, filter, packed);
      break;
    default: break;  // kDepthwise reads the plain filter
  }
}

// An activation the depthwise epilogue does not fuse, applied to each finished piece while it is in cache.
void DepthwisePostActivation(float* out, int64_t n, const void* ctx) {
  ActivationArray(*static_cast<const ActivationSpec*>(ctx), out, out, n, ActiveIsa());
}

void Depthwise(const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
               const float* x, float* y, Isa isa) {
  GemmEpilogue ep;
  const bool fused = EpilogueActivation(act, &ep);
  if (!fused) ep.act = 0;
  DepthwiseConvX86(g, filter, bias, ep, x, y, isa, fused ? nullptr : DepthwisePostActivation, &act);
}

void ConvRun(int path, const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
             const float* x, float* y) {
  const Isa isa = ActiveIsa();
  switch (path) {
    case kGemm: ConvGemmPacked(g, filter, bias, act, x, y, isa); break;
    case kDirectS2:
      if constexpr (kAnyConvDirectS2Built) ConvDirectS2(g, filter, bias, act, x, y, isa);
      break;
    case kWino2: case kWino4: case kWino6:
      if constexpr (kWinogradBuilt) ConvWinograd(g, WinoM(path), filter, bias, act, x, y, isa);
      break;
    case kDepthwise: Depthwise(g, filter, bias, act, x, y, isa); break;
    case kPw16c: Pointwise16c(g, filter, bias, act, x, y, isa); break;
    case kDw16c: Depthwise16c(g, filter, bias, act, x, y, isa); break;
    case kPatch:
      if constexpr (kPatchConvBuilt)
        if (!simd::ConvPatchGemm(g, filter, bias, act, x, y, GemmKernelsOf(isa)))
          ActivationArray(act, y, y, g.batch * g.out_c * g.out_h * g.out_w, isa);
      break;
    default: break;
  }
}

const char* ConvName(int path, const ConvGeometry& g) {
  const Isa isa = ActiveIsa();
  static const char* const kGemmNames[3] = {"gemm generic", "gemm avx2", "gemm avx512"};
  static const char* const kPatchNames[3] = {"patch gemm generic", "patch gemm avx2", "patch gemm avx512"};
  switch (path) {
    case kGemm: return kGemmNames[static_cast<int>(isa)];
    case kDirectS2: return ConvDirectS2Name(g, isa);
    case kWino2: case kWino4: case kWino6: return WinogradKernelName(WinoM(path), isa);
    case kDepthwise: return DepthwiseKernelName(g, isa);
    case kPw16c: case kDw16c: return Conv16cKernelName(g, isa);
    case kPatch: return kPatchNames[static_cast<int>(isa)];
    default: return "dw portable";  // only depthwise convs fall back to the portable code
  }
}

const ConvAccel kConv = {
    kBlock16c,
    [] { return ActiveIsa() != Isa::kGeneric ? kBlock16c : int64_t{0}; },
    Conv16cSupports,
    ConvPlan,
    ConvPack,
    ConvRun,
    ConvName,
};

// ---- the other ops ----

// The FMA-limit loop (`ember bench`'s %lim, a benchmarking aid) only in the full build, not a net profile's.
constexpr bool kFmaPeakBuilt = std::string_view(EMBER_NET_PROFILE) == "full";

double FmaPeak(int level, int threads) { return MeasureFmaPeakGflops(static_cast<Isa>(level), threads); }

const IsaAccel kIsa = {
    "EMBER_ISA=avx512|avx2|generic",
    [] { return static_cast<int>(DetectedIsa()); },
    [] { return static_cast<int>(ActiveIsa()); },
    [](int level) { return static_cast<int>(SetActiveIsa(static_cast<Isa>(level < 0 ? 0 : level))); },
    [](int level) { return IsaName(static_cast<Isa>(level)); },
    kFmaPeakBuilt ? FmaPeak : nullptr,
};

void SgemmActive(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                 int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc) {
  Sgemm(trans_a, trans_b, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, ActiveIsa());
}

const ElementwiseAccel kElementwise = {
    [](ElementwiseType type) { return ElementwiseX86Supported(type, ActiveIsa()); },
    [](ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
       const ActivationSpec& act) { ElementwiseX86(type, plan, x, y, out, act, ActiveIsa()); },
    [](ElementwiseType type) { return ElementwiseKernelName(type, ActiveIsa()); },
};

const Pool2dAccel kPool2d = {
    [](const PoolGeometry& g) { return Pool2dX86Supported(g, ActiveIsa()); },
    [](const PoolGeometry& g, const float* x, float* y) { Pool2dX86(g, x, y, ActiveIsa()); },
    [](const PoolGeometry& g) { return Pool2dKernelName(g, ActiveIsa()); },
};

const ActivationAccel kActivation = {
    [](const ActivationSpec& act, const float* x, float* y, int64_t n) { ActivationArray(act, x, y, n, ActiveIsa()); },
    [](const ActivationSpec& act) { return ActivationKernelName(act, ActiveIsa()); },
};

const SoftmaxAccel kSoftmax = {
    [] { return SoftmaxX86Supported(ActiveIsa()); },
    [](const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log) {
      SoftmaxX86(x, y, outer, n, inner, log, ActiveIsa());
    },
    [] { return SoftmaxKernelName(ActiveIsa()); },
};

const IgemmAccel kIgemm = {
    PackInt8B,
    [](const Int8GemmProblem& p) { Igemm(p, ActiveIsa()); },
    [] { return IgemmKernelsFor(ActiveIsa()).name; },
    [](const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y) {
      QuantizeU8(x, n, mul, lo, hi, ties_away, y, ActiveIsa());
    },
};

const HalfAccel kHalf = {
    [] { return HalfToFloatX86Supported(ActiveIsa()); },
    [](const void* src, float* dst, int64_t n) { HalfToFloatX86(src, dst, n, ActiveIsa()); },
};

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

}  // namespace x86
}  // namespace ember
