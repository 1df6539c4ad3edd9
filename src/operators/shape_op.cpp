#include "operators/shape_op.h"

#include <limits>

#include "framework/op_registry.h"

namespace ember {

Status ShapeParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  out = b->Output("Out");
  return Status::OK();
}

Status ShapeOp::InferShape() {
  const DDim& d = param_.input->dims();
  for (int i = 0; i < d.size(); ++i)
    EMBER_CHECK(d[i] >= 0 && d[i] <= std::numeric_limits<int32_t>::max(), "dim ", i, " of Input ", d.ToString(),
                " does not fit the int32 output");
  param_.out->Resize(DDim{d.size()});
  param_.out->set_dtype(DataType::kInt32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(shape, ShapeOp)

}  // namespace ember
