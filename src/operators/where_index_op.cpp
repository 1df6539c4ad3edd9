#include "operators/where_index_op.h"

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

Status WhereIndexParam::Bind(ParamBinder* b) {
  condition = b->Input("Condition");
  out = b->Output("Out");
  return Status::OK();
}

Status WhereIndexOp::InferShape() {
  WhereIndexParam& p = param_;
  int64_t n = 0;
  const bool known = VisitDataType(p.condition->dtype(), [&](auto tag) {
    const auto* c = p.condition->data<decltype(tag)>();
    for (int64_t i = 0; i < p.condition->numel(); ++i) n += c[i] != 0;
  });
  EMBER_CHECK(known, "input Condition has unsupported type ", DataTypeName(p.condition->dtype()));
  p.out->Resize(DDim({n, static_cast<int64_t>(p.condition->dims().size())}));
  p.out->set_dtype(DataType::kInt64);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(where_index, WhereIndexOp)

}  // namespace ember
