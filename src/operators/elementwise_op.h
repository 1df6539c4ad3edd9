// Binary elementwise ops with Paddle broadcasting: elementwise_add/sub/mul/div/max/min/pow/mod and Ember's
// elementwise_fmod share one op class; the op type picks the function. float32 for every type; int32,
// int64, int8 and uint8 for all but pow (8-bit add / sub / mul wrap around) (integer division truncates toward zero, as in C++). mod is Paddle's (and Python's):
// the remainder takes the divisor's sign; fmod is C's (ONNX Mod with fmod=1): the dividend's.
// bitwise_and / bitwise_or / bitwise_xor (Paddle's): integer types only.
#pragma once

#include <cstdint>
#include <vector>

#include "framework/operator.h"
#include "operators/activation_op.h"
#include "operators/kernel/elementwise_kernel.h"

namespace ember {

enum class ElementwiseType { kAdd, kSub, kMul, kDiv, kMax, kMin, kPow, kMod, kFmod, kBitAnd, kBitOr, kBitXor };

// How X and Y broadcast to Out, with adjacent output dims merged wherever X and Y are each either full or
// broadcast alike. The common cases thereby collapse to one dim (same shape, scalar Y) or to rows with a
// constant Y per row (per-channel Y of NCHW), which the kernel runs as flat loops.
struct BroadcastPlan {
  DDim out_dims;
  std::vector<int64_t> dims;       // merged iteration space, outermost first; never empty
  std::vector<int64_t> x_strides;  // element strides per merged dim, 0 where X is broadcast
  std::vector<int64_t> y_strides;
};

// Paddle's rule: when the ranks differ, the lower-rank operand's dims line up with the other's starting at
// `axis` (-1: right-aligned, numpy style; its trailing size-1 dims are dropped when they would not fit);
// then every dim pair must be equal or contain a 1. InvalidArgument naming the shapes and axis otherwise.
Status PlanBroadcast(const DDim& x, const DDim& y, int64_t axis, BroadcastPlan* plan);

struct ElementwiseParam {
  const Tensor* x = nullptr;
  const Tensor* y = nullptr;
  Tensor* out = nullptr;
  ElementwiseType type = ElementwiseType::kAdd;
  int64_t axis = -1;
  ActivationSpec act;  // fused by a pass (fuse_activation); float32 only
  BroadcastPlan plan;  // set by InferShape from the current shapes
  Status Bind(ParamBinder* b);
};

class ElementwiseOp : public OperatorWithKernel<CPU, ElementwiseParam, ElementwiseKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
