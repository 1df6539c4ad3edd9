#include "operators/arg_max_op.h"

#include <limits>

#include "framework/op_registry.h"

namespace ember {

Status ArgMaxParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  AttrReader& a = b->attrs();
  flatten = a.Bool("flatten", false);
  axis = a.RequiredInt("axis");
  keepdims = a.Bool("keepdims", false);
  dtype = a.Int("dtype", 3);
  return Status::OK();
}

Status ArgMaxOp::InferShape() {
  ArgMaxParam& p = param_;
  EMBER_CHECK(p.dtype == -1 || p.dtype == static_cast<int64_t>(VarDataType::kInt32) ||
                  p.dtype == static_cast<int64_t>(VarDataType::kInt64),
              "attribute dtype = ", p.dtype, " is not supported (2 INT32 or 3 INT64)");
  const DataType dt = p.x->dtype();
  EMBER_CHECK(dt == DataType::kFloat32 || dt == DataType::kInt32 || dt == DataType::kInt64,
              "input X must be float32, int32 or int64, got ", DataTypeName(dt));
  const DDim& xd = p.x->dims();
  const int rank = xd.size();
  std::vector<int64_t> od;
  if (p.flatten) {
    p.outer = 1;
    p.n = xd.numel();
    p.inner = 1;
    if (p.keepdims) od.assign(static_cast<size_t>(rank), 1);
  } else {
    EMBER_CHECK(p.axis >= -rank && p.axis < rank, "attribute axis = ", p.axis, " is out of range for X ",
                xd.ToString());
    const int axis = static_cast<int>(p.axis < 0 ? p.axis + rank : p.axis);
    p.outer = xd.Product(0, axis);
    p.n = xd[axis];
    p.inner = xd.Product(axis + 1, rank);
    for (int i = 0; i < rank; ++i)
      if (i != axis) od.push_back(xd[i]);
      else if (p.keepdims) od.push_back(1);
  }
  if (od.empty()) od.push_back(1);
  const DDim out_dims(od);
  EMBER_CHECK(p.n > 0 || out_dims.numel() == 0, "arg_max over zero elements of X ", xd.ToString());
  const bool int32_out = p.dtype == static_cast<int64_t>(VarDataType::kInt32);
  EMBER_CHECK(!int32_out || p.n <= std::numeric_limits<int32_t>::max(), "attribute dtype = 2 (INT32) cannot hold ",
              "indices up to ", p.n);
  p.out->Resize(out_dims);
  p.out->set_dtype(int32_out ? DataType::kInt32 : DataType::kInt64);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(arg_max, ArgMaxOp)

}  // namespace ember
