// onnx_rnn: ONNX's one-layer recurrent ops as one op, `cell` "lstm", "gru" or "rnn" (Paddle's rnn op differs:
// weights listed per layer, cuDNN's gate order, GRU's reset always after the product). G gates per cell:
// lstm 4 (i, o, f, c), gru 3 (z, r, h), rnn 1. With layout 0 (1 in brackets):
//   X [T, B, I] ([B, T, I]); W [dirs, G*H, I]; R [dirs, G*H, H]; optional B [dirs, 2*G*H] (W's biases then
//   R's; 0 when absent); SequenceLens [B] (int32 or int64, each in [0, T]; T when absent); InitialH and
//   InitialC (lstm) [dirs, B, H] ([B, dirs, H]; 0 when absent); P (lstm peepholes i, o, f) [dirs, 3*H].
//   Outputs, each optional: Y [T, dirs, B, H] ([B, T, dirs, H]; 0 past a sequence's length), Y_h and Y_c
//   (lstm) [dirs, B, H] ([B, dirs, H]): the last hidden and cell state of each sequence.
// Attributes: hidden_size (0: R's last dim), direction forward / reverse / bidirectional (dirs 2, forward
// first; reverse runs each sequence from its last valid step), layout, activations (per direction: lstm f, g,
// h = Sigmoid, Tanh, Tanh; gru f, g = Sigmoid, Tanh; rnn f = Tanh; one direction's list serves both;
// also Relu, Affine, LeakyRelu, ThresholdedRelu, ScaledTanh, HardSigmoid, Elu, Softsign, Softplus), their
// activation_alpha / activation_beta taken in order by the functions that have one (ONNX's defaults else),
// clip (absent: none; bounds every activation's input), input_forget (lstm: f = 1 - i),
// linear_before_reset (gru: h = g(x Wh + r (.) (H Rh + Rbh) + Wbh) instead of g(x Wh + (r (.) H) Rh + ...)).
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/onnx_rnn_kernel.h"

namespace ember {

enum class RnnCell { kLstm, kGru, kRnn };

struct RnnActivation {
  enum Kind { kSigmoid, kTanh, kRelu, kAffine, kLeakyRelu, kThresholdedRelu, kScaledTanh, kHardSigmoid, kElu,
              kSoftsign, kSoftplus };
  Kind kind = kSigmoid;
  float alpha = 0, beta = 0;
};

struct OnnxRnnParam {
  const Tensor* x = nullptr;
  const Tensor* w = nullptr;
  const Tensor* r = nullptr;
  const Tensor* b = nullptr;          // optional
  const Tensor* seq_lens = nullptr;   // optional
  const Tensor* initial_h = nullptr;  // optional
  const Tensor* initial_c = nullptr;  // optional, lstm
  const Tensor* p = nullptr;          // optional, lstm
  Tensor* y = nullptr;                // optional
  Tensor* y_h = nullptr;              // optional
  Tensor* y_c = nullptr;              // optional, lstm
  RnnCell cell = RnnCell::kLstm;
  int64_t hidden_size = 0, layout = 0;
  bool reverse = false, bidirectional = false, has_clip = false, input_forget = false, linear_before_reset = false;
  float clip = 0;
  std::vector<RnnActivation> acts;  // per direction, the cell's functions (forward's first)
  // Set by InferShape.
  int64_t seq = 0, batch = 0, input = 0, hidden = 0, dirs = 1, gates = 1;
  Status Bind(ParamBinder* b);
};

class OnnxRnnOp : public OperatorWithKernel<CPU, OnnxRnnParam, OnnxRnnKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
