#include "operators/dropout_op.h"

#include "framework/op_registry.h"

namespace ember {

Status DropoutParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  mask = b->OptionalOutput("Mask");
  dropout_prob = b->attrs().Float("dropout_prob", 0.5f);
  is_test = b->attrs().Bool("is_test", false);
  implementation = b->attrs().String("dropout_implementation", "downgrade_in_infer");
  return Status::OK();
}

Status DropoutOp::InferShape() {
  DropoutParam& p = param_;
  // Inference programs (save_inference_model, jit.save in eval mode) set is_test; a training-mode dropout
  // would need random masks.
  if (!p.is_test) return Unimplemented("attribute is_test = false (training-mode dropout) is not supported");
  EMBER_CHECK(p.dropout_prob >= 0.f && p.dropout_prob <= 1.f, "attribute dropout_prob must be in [0, 1], got ",
              p.dropout_prob);
  if (p.implementation == "downgrade_in_infer") {
    p.factor = 1.f - p.dropout_prob;
  } else if (p.implementation == "upscale_in_train") {
    p.factor = 1.f;
  } else {
    return InvalidArgument("attribute dropout_implementation must be downgrade_in_infer or upscale_in_train, got '",
                           p.implementation, "'");
  }
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  p.out->Resize(p.x->dims());
  p.out->set_dtype(DataType::kFloat32);
  if (p.mask) {
    p.mask->Resize(p.x->dims());
    p.mask->set_dtype(DataType::kUInt8);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(dropout, DropoutOp)

}  // namespace ember
