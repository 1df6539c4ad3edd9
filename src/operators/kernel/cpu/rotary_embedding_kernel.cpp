#include "operators/kernel/central-arm-func/rotary_embedding_func.h"
#include "operators/rotary_embedding_op.h"

namespace ember {

template <>
Status RotaryEmbeddingKernel<CPU, float>::Init(RotaryEmbeddingParam*) {
  return Status::OK();
}

template <>
Status RotaryEmbeddingKernel<CPU, float>::Compute(const RotaryEmbeddingParam& p) {
  RotaryEmbedding(p, p.x->data<float>(), p.out->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
