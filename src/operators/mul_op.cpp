#include "operators/mul_op.h"

#include "framework/op_registry.h"

namespace ember {

Status MulParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  y = b->Input("Y");
  out = b->Output("Out");
  x_num_col_dims = b->attrs().Int("x_num_col_dims", 1);
  y_num_col_dims = b->attrs().Int("y_num_col_dims", 1);
  return Status::OK();
}

Status MulOp::InferShape() {
  MulParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK_DTYPE(p.y, DataType::kFloat32, "input Y");
  const DDim& xd = p.x->dims();
  const DDim& yd = p.y->dims();
  EMBER_CHECK(p.x_num_col_dims >= 1 && p.x_num_col_dims < xd.size(), "attribute x_num_col_dims = ",
              p.x_num_col_dims, " must be in [1, rank(X)) for X ", xd.ToString());
  EMBER_CHECK(p.y_num_col_dims >= 1 && p.y_num_col_dims < yd.size(), "attribute y_num_col_dims = ",
              p.y_num_col_dims, " must be in [1, rank(Y)) for Y ", yd.ToString());
  const int xc = static_cast<int>(p.x_num_col_dims), yc = static_cast<int>(p.y_num_col_dims);
  p.m = xd.Product(0, xc);
  p.k = xd.Product(xc, xd.size());
  p.n = yd.Product(yc, yd.size());
  const int64_t yk = yd.Product(0, yc);
  EMBER_CHECK(p.k == yk, "X ", xd.ToString(), " flattened at x_num_col_dims ", xc, " has ", p.k,
              " columns but Y ", yd.ToString(), " flattened at y_num_col_dims ", yc, " has ", yk, " rows");
  std::vector<int64_t> od(xd.vec().begin(), xd.vec().begin() + xc);
  od.insert(od.end(), yd.vec().begin() + yc, yd.vec().end());
  p.out->Resize(DDim(od));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(mul, MulOp)

}  // namespace ember
