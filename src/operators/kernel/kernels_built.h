// Which conv kernel variants a build keeps. A net profile lists the variants its models' convs can run in
// EMBER_NET_KERNELS (written by `ember profile` from ConvKernelVariant below); CMake writes them into
// kernels_built.inc. A profile without the list (full) keeps every variant.
// A variant left out is never chosen (the conv runs the GEMM path, or a depthwise conv the portable loop), and
// nothing references its code, so the compiler and the linker (--gc-sections) drop it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ember {
namespace kernels_built {
// constexpr bool kAll; constexpr std::string_view kVariants[], kCpuKernels[], kOps[] (never empty)
#include "kernels_built.inc"
}  // namespace kernels_built

// The variant a conv with these static attributes can run besides the GEMM path, which every build keeps:
// "dw3x3s1" .. "dw5x5s2" (depthwise), "winograd" (dense 3x3 stride 1), "s2direct3x3" .. "s2direct7x7" (dense
// stride 2, the stem kernel), "patch" (kernel == stride, 16 taps or more: ViT's and ConvNeXt's stems), or ""
// (GEMM only; a profile lists "gemm" for it). The kernels' own checks (shapes, channel counts) come on top.
inline std::string ConvKernelVariant(int64_t groups, int64_t in_c, int64_t out_c, int64_t kh, int64_t kw,
                                     int64_t stride_h, int64_t stride_w, int64_t dilation_h, int64_t dilation_w) {
  if (kh != kw || stride_h != stride_w || dilation_h != 1 || dilation_w != 1) return "";
  const std::string k = std::to_string(kh) + "x" + std::to_string(kw);
  if (groups > 1 && groups == in_c && groups == out_c)
    return (kh == 3 || kh == 5) && stride_h <= 2 ? "dw" + k + "s" + std::to_string(stride_h) : "";
  if (groups != 1) return "";
  if (kh == 3 && stride_h == 1) return "winograd";
  if ((kh == 3 || kh == 5 || kh == 7) && stride_h == 2) return "s2direct" + k;
  if (kh == stride_h && kh * kw >= 16) return "patch";
  return "";
}

// The pool2d variant: "poolwindow" for a pooling over a window (max / average k x k), "" for a global one (its
// kernel is small and always built).
inline std::string PoolKernelVariant(bool global_pooling, bool adaptive, const std::vector<int64_t>& ksize) {
  const bool global = global_pooling || (adaptive && ksize == std::vector<int64_t>{1, 1});
  return global ? "" : "poolwindow";
}

// True when this build keeps `variant` (a name ConvKernelVariant or PoolKernelVariant gives).
constexpr bool KernelBuilt(std::string_view variant) {
  if (kernels_built::kAll) return true;
  for (std::string_view v : kernels_built::kVariants)
    if (v == variant) return true;
  return false;
}

// True when kernel/cpu/<name>_kernel.cpp is built (its op is in the profile): the instruction-set folders fill
// the accel table entry of an op only then, so a slim build links no SIMD code of an op it lacks.
constexpr bool CpuKernelBuilt(std::string_view name) {
  for (std::string_view k : kernels_built::kCpuKernels)
    if (k == name) return true;
  return false;
}

// True when the op type is in the build's profile.
constexpr bool OpBuilt(std::string_view type) {
  for (std::string_view k : kernels_built::kOps)
    if (k == type) return true;
  return false;
}

// True when this build keeps the activation of op type `op_type` ("relu", "sigmoid", ...): a profile lists the
// activations its ops apply, standalone or fused into a conv / fc / elementwise op, as "act_<op type>".
constexpr bool ActivationBuilt(std::string_view op_type) {
  if (kernels_built::kAll) return true;
  for (std::string_view v : kernels_built::kVariants)
    if (v.size() == op_type.size() + 4 && v.substr(0, 4) == "act_" && v.substr(4) == op_type) return true;
  return false;
}

constexpr bool kWinogradBuilt = KernelBuilt("winograd");
constexpr bool kPatchConvBuilt = KernelBuilt("patch");
constexpr bool kPoolWindowBuilt = KernelBuilt("poolwindow");

// Depthwise k x k, stride s (k 3 or 5, s 1 or 2).
constexpr bool DepthwiseVariantBuilt(int64_t k, int64_t s) {
  return k == 3 ? (s == 1 ? KernelBuilt("dw3x3s1") : KernelBuilt("dw3x3s2"))
                : (s == 1 ? KernelBuilt("dw5x5s1") : KernelBuilt("dw5x5s2"));
}

// The direct stride-2 k x k kernel (k 3, 5 or 7).
constexpr bool ConvDirectS2Built(int64_t k) {
  return k == 3 ? KernelBuilt("s2direct3x3") : k == 5 ? KernelBuilt("s2direct5x5") : KernelBuilt("s2direct7x7");
}
constexpr bool kAnyConvDirectS2Built = ConvDirectS2Built(3) || ConvDirectS2Built(5) || ConvDirectS2Built(7);

}  // namespace ember
