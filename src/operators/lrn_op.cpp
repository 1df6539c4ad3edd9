#include "operators/lrn_op.h"

#include "framework/op_registry.h"

namespace ember {

Status LrnParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  mid_out = b->OptionalOutput("MidOut");
  AttrReader& a = b->attrs();
  n = a.Int("n", 5);
  k = a.Float("k", 2.f);
  alpha = a.Float("alpha", 1e-4f);
  beta = a.Float("beta", 0.75f);
  data_format = a.String("data_format", "AnyLayout");
  return Status::OK();
}

Status LrnOp::InferShape() {
  LrnParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  if (p.data_format == "NHWC") return Unimplemented("attribute data_format = NHWC is not supported (only NCHW)");
  EMBER_CHECK(p.data_format == "NCHW" || p.data_format == "AnyLayout",
              "attribute data_format must be NCHW or AnyLayout, got '", p.data_format, "'");
  EMBER_CHECK(p.n > 0 && p.n % 2 == 1, "attribute n must be a positive odd number, got ", p.n);
  EMBER_CHECK(p.k > 0, "attribute k must be positive, got ", p.k);
  EMBER_CHECK(p.alpha > 0, "attribute alpha must be positive, got ", p.alpha);
  EMBER_CHECK(p.beta > 0, "attribute beta must be positive, got ", p.beta);
  const DDim& x = p.x->dims();
  EMBER_CHECK(x.size() == 4, "input X must be 4-D NCHW, got ", x.ToString());
  p.out->Resize(x);
  p.out->set_dtype(DataType::kFloat32);
  if (p.mid_out) {
    p.mid_out->Resize(x);
    p.mid_out->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(lrn, LrnOp)

}  // namespace ember
