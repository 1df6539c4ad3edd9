// einsum (Paddle's and ONNX's Einsum): Out from the Operands by the equation, e.g. "bij,bjk->bik" (spaces
// ignored; "..." stands for the same broadcast leading dims in every term; without "->" the output is the
// letters used once, in alphabetical order, after the ellipsis dims). float32. Each output element sums
// the product of the operands over the letters the output leaves out (a plain loop: correct for any
// equation, not fast; exporters' common patterns belong in matmul).
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/einsum_kernel.h"

namespace ember {

struct EinsumParam {
  std::vector<const Tensor*> operands;
  Tensor* out = nullptr;
  std::string equation;
  // Set by InferShape: every letter's size (output letters first), and per operand the letter of each dim.
  std::vector<int64_t> sizes;
  int out_letters = 0;
  std::vector<std::vector<int>> dims_letter;
  Status Bind(ParamBinder* b);
};

class EinsumOp : public OperatorWithKernel<CPU, EinsumParam, EinsumKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
