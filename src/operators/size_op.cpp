#include "operators/size_op.h"

#include "framework/op_registry.h"

namespace ember {

Status SizeParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  out = b->Output("Out");
  return Status::OK();
}

Status SizeOp::InferShape() {
  EMBER_CHECK(param_.input->numel() >= 0, "Input has unknown dims ", param_.input->dims().ToString());
  param_.out->Resize(DDim(std::vector<int64_t>{}));
  param_.out->set_dtype(DataType::kInt64);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(size, SizeOp)

}  // namespace ember
