#include "operators/attention_op.h"
#include "operators/kernel/central-arm-func/attention_func.h"

namespace ember {

template <>
Status AttentionKernel<CPU, float>::Init(AttentionParam*) {
  return Status::OK();
}

namespace {

// K or V as attention reads it: the input itself, or (with a past, or a Present output to fill) the past
// rows then the input's in `present` or, without that output, in `buffer`. *at: the layout of the result.
const float* AfterPast(const AttentionParam& p, const Tensor* input, const Tensor* past, Tensor* present,
                       int64_t size, std::vector<float>* buffer, HeadLayout* at) {
  if (!past && !present) return input->data<float>();
  float* dst = present ? present->mutable_data<float>() : nullptr;
  if (!dst) {
    buffer->resize(static_cast<size_t>(p.batch * p.hkv * p.total * size));
    dst = buffer->data();
  }
  ConcatPast(p, past ? past->data<float>() : nullptr, input->data<float>(), *at, size, dst);
  *at = {p.hkv * p.total * size, p.total * size, size};
  return dst;
}

}  // namespace

template <>
Status AttentionKernel<CPU, float>::Compute(const AttentionParam& p) {
  HeadLayout k_at = p.k_at, v_at = p.v_at;
  const float* keys = AfterPast(p, p.k, p.past_key, p.present_key, p.d, &keys_, &k_at);
  const float* values = AfterPast(p, p.v, p.past_value, p.present_value, p.dv, &values_, &v_at);
  AttentionCompute(p, keys, k_at, values, v_at);
  return Status::OK();
}

template <>
const char* AttentionKernel<CPU, float>::Name(const AttentionParam&) const {
  return "fused";
}

}  // namespace ember
