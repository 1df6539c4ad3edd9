#include "operators/attention_op.h"
#include "operators/kernel/central-arm-func/attention_func.h"

namespace ember {

template <>
Status AttentionKernel<CPU, float>::Init(AttentionParam*) {
  return Status::OK();
}

template <>
Status AttentionKernel<CPU, float>::Compute(const AttentionParam& p) {
  const float* keys = p.k->data<float>();
  const float* values = p.v->data<float>();
  HeadLayout k_at = p.k_at, v_at = p.v_at;
  if (p.past_key || p.present_key) {  // K after the past, in PresentKey or a buffer
    float* dst = p.present_key ? p.present_key->mutable_data<float>() : nullptr;
    if (!dst) {
      keys_.resize(static_cast<size_t>(p.batch * p.hkv * p.total * p.d));
      dst = keys_.data();
    }
    ConcatPast(p, p.past_key ? p.past_key->data<float>() : nullptr, keys, p.k_at, p.d, dst);
    keys = dst;
    k_at = {p.hkv * p.total * p.d, p.total * p.d, p.d};
  }
  if (p.past_value || p.present_value) {
    float* dst = p.present_value ? p.present_value->mutable_data<float>() : nullptr;
    if (!dst) {
      values_.resize(static_cast<size_t>(p.batch * p.hkv * p.total * p.dv));
      dst = values_.data();
    }
    ConcatPast(p, p.past_value ? p.past_value->data<float>() : nullptr, values, p.v_at, p.dv, dst);
    values = dst;
    v_at = {p.hkv * p.total * p.dv, p.total * p.dv, p.dv};
  }
  AttentionCompute(p, keys, k_at, values, v_at);
  return Status::OK();
}

template <>
const char* AttentionKernel<CPU, float>::Name(const AttentionParam&) const {
  return "fused";
}

}  // namespace ember
