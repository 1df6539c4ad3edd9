// reduce_sum / reduce_mean / reduce_max / reduce_min / reduce_prod over the dims listed in `dim` (negatives
// count from the end; an empty list or reduce_all = true reduces every dim; absent, `dim` is Paddle's default
// {0}). keep_dim keeps the reduced dims as 1; otherwise they are dropped, and a result with no dims left is [1] (Paddle 2.x
// before 0-D tensors). float32, int32 and int64 (and bool for max / min); the integer mean truncates. Over
// zero elements: sum 0, mean NaN, max the lowest value (-inf), min the highest (+inf), prod 1, as ONNX.
// Optional input DimTensor (int32/int64, read in InferShape, so it may be computed upstream) replaces the
// dim attribute; an empty DimTensor reduces every dim, or, with the Ember extension attribute
// noop_with_empty_dim (ONNX's noop_with_empty_axes), reduces none: Out is a copy of X.
#pragma once

#include <cstdint>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/reduce_kernel.h"

namespace ember {

enum class ReduceType { kSum, kMean, kMax, kMin, kProd };

struct ReduceParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  ReduceType type = ReduceType::kSum;
  std::vector<int64_t> dim;
  const Tensor* dim_tensor = nullptr;  // optional DimTensor
  bool noop_with_empty_dim = false;
  bool keep_dim = false;
  bool reduce_all = false;
  int64_t in_dtype = -1;   // Paddle VarType numbers; -1 means "as the input"
  int64_t out_dtype = -1;

  // X's dims with size-1 dims dropped and neighbours of the same kind merged, each marked reduced or kept
  // (never empty), and the number of elements reduced into each output; set by InferShape.
  std::vector<int64_t> groups;
  std::vector<bool> group_reduced;
  int64_t count = 1;
  Status Bind(ParamBinder* b);
};

class ReduceOp : public OperatorWithKernel<CPU, ReduceParam, ReduceKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
