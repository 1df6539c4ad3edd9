#include "operators/range_op.h"

#include <cmath>

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

Status RangeParam::Bind(ParamBinder* b) {
  start = b->Input("Start");
  end = b->Input("End");
  step = b->Input("Step");
  out = b->Output("Out");
  return Status::OK();
}

Status RangeOp::InferShape() {
  RangeParam& p = param_;
  const DataType dt = p.start->dtype();
  EMBER_CHECK(dt == DataType::kFloat32 || dt == DataType::kInt32 || dt == DataType::kInt64,
              "Start must be float32, int32 or int64, got ", DataTypeName(dt));
  for (const Tensor* t : {p.start, p.end, p.step}) {
    EMBER_CHECK(t->dtype() == dt, "Start, End and Step must have the same dtype");
    EMBER_CHECK(t->numel() == 1, "Start, End and Step must hold one value each, got ", t->dims().ToString());
    EMBER_CHECK(t->raw_data() != nullptr, "Start, End and Step must hold values");
  }
  double s = 0, e = 0, st = 0;
  VisitDataType(dt, [&](auto tag) {
    using T = decltype(tag);
    s = static_cast<double>(*p.start->data<T>());
    e = static_cast<double>(*p.end->data<T>());
    st = static_cast<double>(*p.step->data<T>());
  });
  EMBER_CHECK(st != 0, "Step must not be 0");
  double n = std::ceil((e - s) / st);
  EMBER_CHECK(n < 1e10, "range of ", n, " elements is too large");
  p.out->Resize(DDim({n > 0 ? static_cast<int64_t>(n) : 0}));
  p.out->set_dtype(dt);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(range, RangeOp)

}  // namespace ember
