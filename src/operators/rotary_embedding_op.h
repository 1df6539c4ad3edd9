// rotary_embedding: ONNX's RotaryEmbedding. X is [B, S, num_heads * D] (attribute num_heads) or
// [B, num_heads, S, D]; in each head the first rotary_embedding_dim values (0: all D) rotate in pairs by
// the angles of CosCache / SinCache: pairs (x[k], x[k + R/2]), or (x[2k], x[2k + 1]) when interleaved.
// With PositionIds [B, S] (int64) the caches are [max_position, R/2] rows picked per position; without,
// the caches are [B, S, R/2].
#pragma once

#include "framework/operator.h"
#include "operators/kernel/rotary_embedding_kernel.h"

namespace ember {

struct RotaryEmbeddingParam {
  const Tensor* x = nullptr;
  const Tensor* cos = nullptr;
  const Tensor* sin = nullptr;
  const Tensor* position_ids = nullptr;  // optional
  Tensor* out = nullptr;
  bool interleaved = false;
  int64_t num_heads = 0;
  int64_t rotary_dim = 0;
  // Set by InferShape: X as [B, S, heads, D] with element strides, and the rotated width.
  int64_t batch = 1, seq = 1, heads = 1, head_size = 1, rot = 0;
  int64_t stride_b = 0, stride_s = 0, stride_h = 0;
  Status Bind(ParamBinder* b);
};

class RotaryEmbeddingOp
    : public OperatorWithKernel<CPU, RotaryEmbeddingParam, RotaryEmbeddingKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
