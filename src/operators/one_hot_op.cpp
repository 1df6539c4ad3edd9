#include "operators/one_hot_op.h"

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

Status OneHotParam::Bind(ParamBinder* b) {
  indices = b->Input("Indices");
  depth_tensor = b->Input("Depth");
  values = b->Input("Values");
  out = b->Output("Out");
  axis_attr = b->attrs().Int("axis", -1);
  return Status::OK();
}

Status OneHotOp::InferShape() {
  OneHotParam& p = param_;
  const DDim& d = p.indices->dims();
  const DataType it = p.indices->dtype();
  EMBER_CHECK(it == DataType::kInt32 || it == DataType::kInt64 || it == DataType::kFloat32,
              "Indices must be int32, int64 or float32, got ", DataTypeName(it));
  EMBER_CHECK(p.depth_tensor->numel() == 1, "Depth must hold one value, got ", p.depth_tensor->dims().ToString());
  EMBER_CHECK(p.values->numel() == 2, "Values must be [off, on], got ", p.values->dims().ToString());
  double depth = 0;
  EMBER_CHECK(VisitDataType(p.depth_tensor->dtype(), [&](auto tag) {
                depth = static_cast<double>(p.depth_tensor->data<decltype(tag)>()[0]);
              }), "Depth has unsupported type ", DataTypeName(p.depth_tensor->dtype()));
  EMBER_CHECK(depth >= 1 && depth < 9.2e18, "Depth must be positive, got ", depth);  // (an int64, not NaN)
  p.depth = static_cast<int64_t>(depth);
  const int rank = d.size() + 1;
  const int64_t axis = p.axis_attr < 0 ? p.axis_attr + rank : p.axis_attr;
  EMBER_CHECK(axis >= 0 && axis < rank, "attribute axis = ", p.axis_attr, " is out of range for rank ", rank);
  std::vector<int64_t> out = d.vec();
  out.insert(out.begin() + axis, p.depth);
  p.outer = d.Product(0, static_cast<int>(axis));
  p.inner = d.Product(static_cast<int>(axis), d.size());
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.values->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(one_hot, OneHotOp)

}  // namespace ember
