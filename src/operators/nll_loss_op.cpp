#include "operators/nll_loss_op.h"

#include "framework/op_registry.h"

namespace ember {

Status NllLossParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  label = b->Input("Label");
  weight = b->OptionalInput("Weight");
  out = b->Output("Out");
  total_weight = b->OptionalOutput("Total_weight");
  ignore_index = b->attrs().Int("ignore_index", -100);
  reduction = b->attrs().String("reduction", "mean");
  if (reduction != "none" && reduction != "sum" && reduction != "mean")
    return InvalidArgument("attribute reduction must be none, sum or mean, got '", reduction, "'");
  return Status::OK();
}

Status NllLossOp::InferShape() {
  NllLossParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  const DDim& x = p.x->dims();
  const DDim& l = p.label->dims();
  EMBER_CHECK(p.label->dtype() == DataType::kInt64 || p.label->dtype() == DataType::kInt32,
              "input Label must be int64 or int32, got ", DataTypeName(p.label->dtype()));
  EMBER_CHECK(x.size() >= 2, "input X must be [N, C, ...], got ", x.ToString());
  std::vector<int64_t> want = {x[0]};
  for (int i = 2; i < x.size(); ++i) want.push_back(x[i]);
  EMBER_CHECK(l == DDim(want), "input Label ", l.ToString(), " must be X's dims without C: ", DDim(want).ToString());
  p.n = x[0], p.c = x[1], p.d = x.Product(2, x.size());
  if (p.weight) {
    EMBER_CHECK_DTYPE(p.weight, DataType::kFloat32, "input Weight");
    EMBER_CHECK(p.weight->numel() == p.c, "input Weight must hold one value per class (", p.c, "), got ",
                p.weight->dims().ToString());
  }
  p.out->Resize(p.reduction == "none" ? l : DDim(std::vector<int64_t>{}));
  p.out->set_dtype(DataType::kFloat32);
  if (p.total_weight) {
    p.total_weight->Resize(DDim(std::vector<int64_t>{}));
    p.total_weight->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(nll_loss, NllLossOp)

}  // namespace ember
