#include "operators/group_norm_op.h"

#include "framework/op_registry.h"

namespace ember {

Status GroupNormParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  scale = b->OptionalInput("Scale");
  bias = b->OptionalInput("Bias");
  y = b->Output("Y");
  mean = b->OptionalOutput("Mean");
  variance = b->OptionalOutput("Variance");
  groups = b->attrs().Int("groups", 1);
  epsilon = b->attrs().Float("epsilon", 1e-5f);
  const std::string layout = b->attrs().String("data_layout", "NCHW");
  if (layout != "NCHW") return Unimplemented("attribute data_layout '", layout, "' is not supported (NCHW)");
  return Status::OK();
}

Status GroupNormOp::InferShape() {
  GroupNormParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  const DDim& d = p.x->dims();
  EMBER_CHECK(d.size() >= 2, "input X must be [N, C, ...], got ", d.ToString());
  p.n = d[0], p.c = d[1], p.spatial = d.Product(2, d.size());
  EMBER_CHECK(p.groups > 0 && p.c % p.groups == 0, "attribute groups = ", p.groups, " must divide the ", p.c,
              " channels of X ", d.ToString());
  for (auto t : {std::make_pair(p.scale, "Scale"), std::make_pair(p.bias, "Bias")}) {
    if (!t.first) continue;
    EMBER_CHECK_DTYPE(t.first, DataType::kFloat32, StrCat("input ", t.second));
    EMBER_CHECK(t.first->numel() == p.c, "input ", t.second, " must hold one value per channel (", p.c, "), got ",
                t.first->dims().ToString());
  }
  p.y->Resize(d);
  p.y->set_dtype(DataType::kFloat32);
  for (Tensor* t : {p.mean, p.variance}) {
    if (!t) continue;
    t->Resize(DDim({p.n, p.groups}));
    t->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(group_norm, GroupNormOp)

}  // namespace ember
