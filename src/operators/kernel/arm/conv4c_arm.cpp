// Drivers of the NCHW4c convs (conv4c_arm.h): filter packing, the thread split, the epilogue's choice.
#include "operators/kernel/arm/conv4c_arm.h"

#include <algorithm>
#include <cstring>

#include "framework/parallel.h"
#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/arm/dwconv_arm.h"
#include "operators/kernel/arm/vmath_arm.h"
#include "operators/kernel/simd/conv_gemm.h"

namespace ember {
namespace arm {

namespace {

int64_t Blocks4c(int64_t c) { return (c + kBlock4c - 1) / kBlock4c; }

// The epilogue of `act` the NEON kernels fuse (relu-type kinds the build has); false: run as none, then `act`.
bool FusedEpilogue(const ActivationSpec& act, simd::GemmEpilogue* ep) {
  const bool fused = simd::EpilogueActivation(act, ep);
  const int kind = ep->act == 1 && ep->hi == __builtin_inff() ? 3 : ep->act;
  if (fused && kind >= 0 && kind < 4 && kDw4cActBuilt[kind]) return true;
  ep->act = 0;
  return false;
}

void PostActivation(float* out, int64_t n, const void* ctx) {
  ActivationArrayArm(*static_cast<const ActivationSpec*>(ctx), out, out, n);
}

}  // namespace

bool Pointwise4cSupported(const ConvGeometry& g) {
  return g.groups == 1 && g.kernel_h == 1 && g.kernel_w == 1 && g.stride_h == 1 && g.stride_w == 1 &&
         g.pad_top == 0 && g.pad_bottom == 0 && g.pad_left == 0 && g.pad_right == 0;
}

bool Depthwise4cSupported(const ConvGeometry& g) { return simd::DepthwiseShapeSupported(g); }

void PackPointwise4c(int64_t cout, int64_t cin, const float* filter, std::vector<float>* packed) {
  const int64_t cin_p = Blocks4c(cin) * kBlock4c, groups = (cout + kPw4cGroup - 1) / kPw4cGroup;
  packed->assign(static_cast<size_t>(groups * cin_p * kPw4cGroup), 0.f);
  for (int64_t o = 0; o < cout; ++o)
    for (int64_t i = 0; i < cin; ++i)
      (*packed)[static_cast<size_t>((o / kPw4cGroup * cin_p + i) * kPw4cGroup + o % kPw4cGroup)] = filter[o * cin + i];
}

// Tasks of (image, run of pixels, group of 8 output channels), the groups innermost: a thread's consecutive
// tasks read the same input run (about 32 KiB of it), which stays in cache while each group's weights pass.
void Pointwise4cArm(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                    const float* input, float* output) {
  const int64_t hw = g.out_h * g.out_w, cin_p = Blocks4c(g.in_c) * kBlock4c, out_blocks = Blocks4c(g.out_c);
  const int64_t groups = (out_blocks + 1) / 2;
  const int64_t run = std::max<int64_t>(8, 8192 / cin_p / 8 * 8), runs = (hw + run - 1) / run;
  simd::GemmEpilogue ep;
  bool fused = FusedEpilogue(act, &ep);
#if defined(__aarch64__)
  if (ep.act == 2) fused = false, ep.act = 0;  // the asm tile has no leaky epilogue: applied after
#endif
  const int threads = !InParallel() && g.batch * hw * cin_p * g.out_c > 100000 ? MaxThreads() : 1;
  // The asm tile starts its 16 sums from these, per group: each block's 4 bias values for 8 pixels.
  thread_local std::vector<float> bias_rows;
  bias_rows.resize(static_cast<size_t>(groups * 64));
  for (int64_t r = 0; r < groups * 16; ++r)  // row r: group r / 16, block r / 8 % 2 (a pixel's 4 lanes)
    std::memcpy(&bias_rows[static_cast<size_t>(r * 4)], bias + r / 16 * 8 + r / 8 % 2 * 4, 4 * sizeof(float));
  const float* rows = bias_rows.data();  // the caller's buffer: a helper thread's thread_local is its own
  ParallelFor(g.batch * runs * groups, threads, [&](int64_t t) {
    const int64_t n = t / (runs * groups), r = t / groups % runs, q = t % groups;
    Pw4cArgs a;
    a.in = input + n * cin_p * hw;
    a.w = packed + q * cin_p * kPw4cGroup;
    a.bias = bias + q * kPw4cGroup;
    a.bias_rows = rows + q * 64;
    a.out = output + (n * out_blocks + 2 * q) * hw * kBlock4c;
    a.hw = hw, a.cin_p = cin_p;
    a.blocks = static_cast<int>(std::min<int64_t>(2, out_blocks - 2 * q));
    a.p0 = r * run, a.p1 = std::min(hw, a.p0 + run);
    a.ep = ep;
    Pw4cNeon(a);
    if (!fused)
      for (int b = 0; b < a.blocks; ++b)
        PostActivation(a.out + (b * hw + a.p0) * kBlock4c, (a.p1 - a.p0) * kBlock4c, &act);
  });
}

void Depthwise4cArm(const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
                    const float* input, float* output) {
  simd::GemmEpilogue ep;
  const bool fused = FusedEpilogue(act, &ep);
  DepthwiseArm(g, filter, bias, ep, input, output, fused ? nullptr : PostActivation, &act, /*packed=*/true);
}

const char* Conv4cKernelName(const ConvGeometry& g) {
  if (Pointwise4cSupported(g)) return "pw nchw4c neon";
  if (!Depthwise4cSupported(g)) return "nchw4c unsupported";
  static const char* const kDw[2][2] = {{"dw3x3s1 nchw4c neon", "dw3x3s2 nchw4c neon"},
                                        {"dw5x5s1 nchw4c neon", "dw5x5s2 nchw4c neon"}};
  return kDw[g.kernel_h == 5][g.stride_h == 2];
}

}  // namespace arm
}  // namespace ember
