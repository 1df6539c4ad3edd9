// take_along_axis (ONNX GatherElements): Result has Index's shape; Result[i..] = Input[i.. with the Axis
// coordinate replaced by Index[i..]]. Index is int32/int64 with Input's rank, each dim at most Input's
// (except along Axis); negative indices count from the end.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/take_along_axis_kernel.h"

namespace ember {

// What take_along_axis and put_along_axis require of Index against Input: int32 / int64, Input's rank, no
// dim larger than Input's but along the axis; *axis is attribute Axis normalized.
inline Status CheckAlongAxis(const Tensor& input, const Tensor& index, int64_t axis_attr, int* axis) {
  const DDim& d = input.dims();
  const DDim& id = index.dims();
  const int rank = d.size();
  EMBER_CHECK(index.dtype() == DataType::kInt32 || index.dtype() == DataType::kInt64,
              "Index must be int32 or int64, got ", DataTypeName(index.dtype()));
  EMBER_CHECK(id.size() == rank, "Index ", id.ToString(), " must have the rank of Input ", d.ToString());
  const int64_t a = axis_attr < 0 ? axis_attr + rank : axis_attr;
  EMBER_CHECK(a >= 0 && a < rank, "attribute Axis = ", axis_attr, " is out of range for Input ", d.ToString());
  for (int i = 0; i < rank; ++i)
    EMBER_CHECK(i == a || id[i] <= d[i], "Index ", id.ToString(), " is larger than Input ", d.ToString(), " in dim ",
                i);
  *axis = static_cast<int>(a);
  return Status::OK();
}

struct TakeAlongAxisParam {
  const Tensor* input = nullptr;
  const Tensor* index = nullptr;
  Tensor* result = nullptr;
  int64_t axis_attr = 0;
  int axis = 0;  // normalized by InferShape
  Status Bind(ParamBinder* b);
};

class TakeAlongAxisOp : public OperatorWithKernel<CPU, TakeAlongAxisParam, TakeAlongAxisKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
