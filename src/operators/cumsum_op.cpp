#include "operators/cumsum_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status CumsumParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  axis_tensor = b->OptionalInput("AxisTensor");
  out = b->Output("Out");
  product = b->op().type == "cumprod";
  axis_attr = b->attrs().Int("axis", product ? b->attrs().Int("dim", -1) : -1);
  exclusive = b->attrs().Bool("exclusive", false);
  reverse = b->attrs().Bool("reverse", false);
  if (b->attrs().Bool("flatten", false)) return Unimplemented("attribute flatten = true is not supported");
  return Status::OK();
}

Status CumsumOp::InferShape() {
  CumsumParam& p = param_;
  const DDim& d = p.x->dims();
  const int rank = d.size();
  const DataType dt = p.x->dtype();
  EMBER_CHECK(dt == DataType::kFloat32 || dt == DataType::kInt32 || dt == DataType::kInt64,
              "X must be float32, int32 or int64, got ", DataTypeName(dt));
  int64_t axis = p.axis_attr;
  if (p.axis_tensor) {
    std::vector<int64_t> v;
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.axis_tensor, "input AxisTensor", &v));
    EMBER_CHECK(v.size() == 1, "input AxisTensor must hold one value");
    axis = v[0];
  }
  EMBER_CHECK(rank >= 1, "X must have rank >= 1");
  int64_t ax = axis < 0 ? axis + rank : axis;
  EMBER_CHECK(ax >= 0 && ax < rank, "axis ", axis, " is out of range for X ", d.ToString());
  p.outer = d.Product(0, static_cast<int>(ax));
  p.n = d[static_cast<int>(ax)];
  p.inner = d.Product(static_cast<int>(ax) + 1, rank);
  p.out->Resize(d);
  p.out->set_dtype(dt);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(cumsum, CumsumOp)
REGISTER_OPERATOR_CPU(cumprod, CumsumOp)

}  // namespace ember
