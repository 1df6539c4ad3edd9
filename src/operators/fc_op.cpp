#include "operators/fc_op.h"

#include "framework/op_registry.h"

namespace ember {

Status FcParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  w = b->Input("W");
  bias = b->OptionalInput("Bias");
  out = b->Output("Out");
  in_num_col_dims = b->attrs().Int("in_num_col_dims", 1);
  activation_type = b->attrs().String("activation_type", "");
  padding_weights = b->attrs().Bool("padding_weights", false);
  return ParseFusedActivation(b->op(), &fused);
}

Status FcOp::InferShape() {
  FcParam& p = param_;
  if (p.activation_type == "relu") {
    EMBER_CHECK(p.fused.type == ActivationType::kNone,
                "attribute activation_type = 'relu' and attribute fuse_activation cannot both be set");
    EMBER_CHECK(simd::VActBuilt(simd::kVRelu), "attribute activation_type = 'relu': relu is not in this build "
                "(its net profile lists no act_relu)");
    p.act = ActivationSpec();
    p.act.type = ActivationType::kRelu;
  } else if (p.activation_type.empty()) {
    p.act = p.fused;
  } else {
    return Unimplemented("attribute activation_type = '", p.activation_type, "' is not supported (\"\" or \"relu\")");
  }
  if (p.padding_weights) return Unimplemented("attribute padding_weights = true is not supported");
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  EMBER_CHECK_DTYPE(p.w, DataType::kFloat32, "input W");
  const DDim& id = p.input->dims();
  const DDim& wd = p.w->dims();
  EMBER_CHECK(wd.size() == 2, "W must be 2-D [K, N], got ", wd.ToString());
  const bool from_end = p.in_num_col_dims < 0;
  const int64_t cols = from_end ? p.in_num_col_dims + id.size() : p.in_num_col_dims;
  EMBER_CHECK(cols >= (from_end ? 0 : 1) && cols < id.size(), "attribute in_num_col_dims = ", p.in_num_col_dims,
              " must be in [1, rank(Input)) or [-rank(Input), 0) for Input ", id.ToString());
  const int c = static_cast<int>(cols);
  p.m = id.Product(0, c);
  p.k = id.Product(c, id.size());
  p.n = wd[1];
  EMBER_CHECK(p.k == wd[0], "Input ", id.ToString(), " flattened at in_num_col_dims ", c, " has ", p.k,
              " columns but W ", wd.ToString(), " has ", wd[0], " rows");
  if (p.bias) {
    EMBER_CHECK_DTYPE(p.bias, DataType::kFloat32, "input Bias");
    const DDim& bd = p.bias->dims();
    EMBER_CHECK((bd.size() == 1 && bd[0] == p.n) || (bd.size() == 2 && bd[0] == 1 && bd[1] == p.n),
                "Bias must be [", p.n, "] or [1, ", p.n, "], got ", bd.ToString());
  }
  std::vector<int64_t> od(id.vec().begin(), id.vec().begin() + c);
  od.push_back(p.n);
  p.out->Resize(DDim(od));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(fc, FcOp)

}  // namespace ember
