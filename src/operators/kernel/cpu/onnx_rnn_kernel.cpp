#include "operators/kernel/central-arm-func/onnx_rnn_func.h"
#include "operators/onnx_rnn_op.h"

namespace ember {

template <>
Status OnnxRnnKernel<CPU, float>::Init(OnnxRnnParam*) {
  return Status::OK();
}

template <>
Status OnnxRnnKernel<CPU, float>::Compute(const OnnxRnnParam& p) {
  std::vector<int64_t>& lens = scratch_.lens;
  lens.assign(static_cast<size_t>(p.batch), p.seq);
  if (p.seq_lens) {
    for (int64_t b = 0; b < p.batch; ++b) {
      const int64_t len = p.seq_lens->dtype() == DataType::kInt32 ? p.seq_lens->data<int32_t>()[b]
                                                                    : p.seq_lens->data<int64_t>()[b];
      EMBER_CHECK(len >= 0 && len <= p.seq, "SequenceLens[", b, "] = ", len, " is outside [0, ", p.seq,
                  "] (X's sequence length)");
      lens[static_cast<size_t>(b)] = len;
    }
  }
  if (p.y) std::fill_n(p.y->mutable_data<float>(), p.y->numel(), 0.f);  // steps past a sequence's end
  for (int64_t dir = 0; dir < p.dirs; ++dir) RnnDirection(p, dir, &scratch_);
  return Status::OK();
}

}  // namespace ember
