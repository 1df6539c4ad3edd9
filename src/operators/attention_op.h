// attention: ONNX's Attention (opsets 23 and 24). Q [B, Hq, L, D] or [B, L, Hq * D] (attribute q_num_heads),
// K [B, Hkv, S, D] or [B, S, Hkv * D], V likewise with head size Dv (kv_num_heads); Hq a multiple of Hkv
// (grouped-query attention: q head h reads kv head h / (Hq / Hkv)). Optional PastKey / PastValue
// [B, Hkv, P, D|Dv] are prepended to K / V; PresentKey / PresentValue output the concatenations. Scores
// scale * Q K^T (scale 0: 1 / sqrt(D)), softcap c > 0: c * tanh(s / c), plus AttnMask (bool: false masks; or
// float, added; broadcast to [B, Hq, L, T], a shorter last dim masking the rest), is_causal (key j > query
// i + offset masked: offset the past length, else NonpadKvSeqlen[b] - L, else 0), NonpadKvSeqlen [B] (keys
// from it on masked); softmax over the keys (a row with every key masked gives zeros), times V. Out has Q's
// layout with head size Dv. Optional QkOutput [B, Hq, L, T]: qk_matmul_output_mode 0/1 the scaled (and
// softcapped) scores, 2 with the mask added, 3 the softmax.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/attention_kernel.h"

namespace ember {

// Where row n of head h of batch b starts in a [B, H, N, D] or [B, N, H * D] tensor.
struct HeadLayout {
  int64_t batch = 0, head = 0, row = 0;  // element strides
  int64_t At(int64_t b, int64_t h, int64_t n) const { return b * batch + h * head + n * row; }
};

struct AttentionParam {
  const Tensor* q = nullptr;
  const Tensor* k = nullptr;
  const Tensor* v = nullptr;
  const Tensor* mask = nullptr;        // optional
  const Tensor* past_key = nullptr;    // optional
  const Tensor* past_value = nullptr;  // optional
  const Tensor* nonpad = nullptr;      // optional, int64 [B]
  Tensor* out = nullptr;
  Tensor* present_key = nullptr;    // optional
  Tensor* present_value = nullptr;  // optional
  Tensor* qk_out = nullptr;         // optional
  bool is_causal = false;
  int64_t q_num_heads = 0, kv_num_heads = 0, qk_mode = 0;
  float scale = 0.f, softcap = 0.f;
  // Set by InferShape.
  int64_t batch = 1, hq = 1, hkv = 1, len_q = 1, len_kv = 1, past = 0, total = 1, d = 1, dv = 1;
  HeadLayout q_at, k_at, v_at, out_at;
  int64_t mask_strides[4] = {0, 0, 0, 0};  // over [B, Hq, L, keys]; 0 where the mask broadcasts
  int64_t mask_keys = 0;                   // the mask's last dim (keys beyond it are masked)
  float used_scale = 1.f;
  Status Bind(ParamBinder* b);
};

class AttentionOp : public OperatorWithKernel<CPU, AttentionParam, AttentionKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
