// The GEMM convolution shared by the instruction-set folders: weights packed once (PackConvFilter) into the
// SGEMM's A layout; 1x1 stride-1 unpadded convs read the image as B directly, other kxk convs unfold it tile by
// tile straight into the packed B panels (Im2ColBSource: at most KC x NC floats per thread, never the full
// im2col matrix); bias and relu/relu6/clip/leaky_relu are applied in the micro-kernel's epilogue.
#pragma once

#include <vector>

#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/simd/sgemm.h"

namespace ember {
namespace simd {

// Unfolds rows [k0, k0 + kc) x columns [n0, n0 + nc) of one group's im2col matrix (rows: c, kh, kw; columns:
// oh, ow) straight into packed B panels.
class Im2ColBSource : public GemmBSource {
 public:
  Im2ColBSource(const ConvGeometry& g, const float* image, GatherEvenFn gather_even)
      : g_(g), x_(image), gather_even_(gather_even) {}
  void Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, int nr, float* dst) const override;

 private:
  const ConvGeometry& g_;
  const float* x_;
  GatherEvenFn gather_even_;  // stride-2 rows
};

// Maps a fused activation to the GEMM epilogue; false when it needs a separate pass (sigmoid, swish, ...).
bool EpilogueActivation(const ActivationSpec& act, GemmEpilogue* ep);

// Packs filter [Cout, Cin/g * kh * kw] per group: group grp's panels start at grp * PackedASize(Cout/g, K).
void PackConvFilter(const ConvGeometry& g, const float* filter, std::vector<float>* packed);

// The GEMM conv on packed weights; bias [Cout] (zeros when the op has none). Returns false when `act` was not
// fused (EpilogueActivation): the caller then applies it to the output.
bool ConvGemmPacked(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                    const float* input, float* output, const GemmKernels& ks);

// Patch convs (kernel == stride, no padding or dilation, one group, a kernel of 16+ taps, the patch matrix P at
// most 1M floats: ViT's 16x16 / 32x32 stems, ConvNeXt's 4x4): each output pixel reads its own patch, and there
// are few of them against a deep K (ViT-B/32: 49 x 3072). C = W x im2col would leave most of the micro-tile's
// columns empty and gather B with a stride; instead C^T = P x W^T: P, the patches as rows, copied in runs of
// kernel_w floats and packed as A, W^T read in place as B, and the transposing copy adds bias and activation.
bool PatchConvSupported(const ConvGeometry& g);
// W^T [K][Cout] (K = Cin x kh x kw).
void PackPatchFilter(const ConvGeometry& g, const float* filter, std::vector<float>* packed);
// Returns false when `act` was not applied (EpilogueActivation): the caller then applies it to the output.
bool ConvPatchGemm(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                   const float* input, float* output, const GemmKernels& ks);

}  // namespace simd
}  // namespace ember
