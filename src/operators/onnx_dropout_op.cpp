#include "operators/onnx_dropout_op.h"

#include "framework/op_registry.h"

namespace ember {

Status OnnxDropoutParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  ratio_tensor = b->OptionalInput("Ratio");
  training_tensor = b->OptionalInput("TrainingMode");
  out = b->Output("Out");
  mask = b->OptionalOutput("Mask");
  AttrReader& a = b->attrs();
  ratio_attr = a.Float("ratio", 0.5f);
  training_attr = a.Bool("training_mode", false);
  seed = a.Int("seed", 0);
  return Status::OK();
}

Status OnnxDropoutOp::InferShape() {
  OnnxDropoutParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  float ratio = p.ratio_attr;
  if (p.ratio_tensor) {
    EMBER_CHECK(p.ratio_tensor->numel() == 1 && p.ratio_tensor->raw_data(),
                "input Ratio must hold one value, got shape ", p.ratio_tensor->dims().ToString());
    EMBER_CHECK_DTYPE(p.ratio_tensor, DataType::kFloat32, "input Ratio");
    ratio = p.ratio_tensor->data<float>()[0];
  }
  bool training = p.training_attr;
  if (p.training_tensor) {
    EMBER_CHECK(p.training_tensor->numel() == 1 && p.training_tensor->raw_data(),
                "input TrainingMode must hold one value, got shape ", p.training_tensor->dims().ToString());
    EMBER_CHECK_DTYPE(p.training_tensor, DataType::kBool, "input TrainingMode");
    training = p.training_tensor->data<bool>()[0];
  }
  EMBER_CHECK(ratio >= 0.f && ratio <= 1.f, "ratio must be in [0, 1], got ", ratio);
  p.random = training && ratio > 0.f;
  EMBER_CHECK(!p.random || ratio < 1.f, "ratio 1 drops everything in training mode (the scale 1 / (1 - ratio) is infinite)");
  p.ratio = ratio;
  p.out->Resize(p.x->dims());
  p.out->set_dtype(DataType::kFloat32);
  if (p.mask) {
    p.mask->Resize(p.x->dims());
    p.mask->set_dtype(DataType::kBool);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(onnx_dropout, OnnxDropoutOp)

}  // namespace ember
