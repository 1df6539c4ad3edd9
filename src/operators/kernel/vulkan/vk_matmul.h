// Batched matmul on the GPU (shaders/matmul.comp) over the GEMMs matmul_op.h's InferShape planned.
#pragma once

#include <vector>

#include "operators/activation_op.h"
#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

struct MatMulGemms {
  bool trans_x, trans_y;
  int64_t m, n, k, lda, ldb;
  std::vector<int64_t> x_offsets, y_offsets;  // one GEMM per pair; out[b] at b * m * n
  float alpha;
  ActivationSpec act;
};
// The offset table holds floats: every offset must be below 2^24.
bool OffsetsFitTable(const MatMulGemms& g);
// out is (re)allocated to out_dims (batch * m * n elements); offsets is the op's scratch for the offset table.
Status RecordMatMul(Recorder* r, const MatMulGemms& g, const VkTensor& x, const VkTensor& y, const DDim& out_dims,
                    VkTensor* offsets, VkTensor* out);

}  // namespace vulkan
}  // namespace ember
