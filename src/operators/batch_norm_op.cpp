#include "operators/batch_norm_op.h"

#include "framework/op_registry.h"

namespace ember {

Status BatchNormParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  scale = b->Input("Scale");
  bias = b->Input("Bias");
  mean = b->Input("Mean");
  variance = b->Input("Variance");
  y = b->Output("Y");
  mean_out = b->OptionalOutput("MeanOut");
  variance_out = b->OptionalOutput("VarianceOut");
  saved_mean = b->OptionalOutput("SavedMean");
  saved_variance = b->OptionalOutput("SavedVariance");
  epsilon = b->attrs().Float("epsilon", 1e-5f);
  data_layout = b->attrs().String("data_layout", "NCHW");
  return Status::OK();
}

Status BatchNormOp::InferShape() {
  BatchNormParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  if (p.data_layout == "NHWC")
    return Unimplemented("attribute data_layout = NHWC is not supported (only NCHW)");
  EMBER_CHECK(p.data_layout == "NCHW" || p.data_layout == "AnyLayout",
              "attribute data_layout must be NCHW, got '", p.data_layout, "'");
  EMBER_CHECK(p.epsilon >= 0, "attribute epsilon must be non-negative, got ", p.epsilon);
  const DDim& x = p.x->dims();
  EMBER_CHECK(x.size() >= 2 && x.size() <= 5, "input X must have rank 2 to 5, got ", x.ToString());
  const int64_t c = x[1];
  const std::pair<const Tensor*, const char*> stats[] = {
      {p.scale, "Scale"}, {p.bias, "Bias"}, {p.mean, "Mean"}, {p.variance, "Variance"}};
  for (const auto& s : stats) {
    EMBER_CHECK_DTYPE(s.first, DataType::kFloat32, StrCat("input ", s.second));
    EMBER_CHECK(s.first->dims().size() == 1 && s.first->numel() == c, "input ", s.second, " must be [", c,
                "] (the channels of X ", x.ToString(), "), got ", s.first->dims().ToString());
  }
  p.y->Resize(x);
  p.y->set_dtype(DataType::kFloat32);
  for (Tensor* t : {p.mean_out, p.variance_out, p.saved_mean, p.saved_variance}) {
    if (!t) continue;
    t->Resize(DDim({c}));
    t->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(batch_norm, BatchNormOp)

}  // namespace ember
