#include "operators/box_coder_op.h"

#include "framework/op_registry.h"

namespace ember {

Status BoxCoderParam::Bind(ParamBinder* b) {
  prior_box = b->Input("PriorBox");
  prior_box_var = b->OptionalInput("PriorBoxVar");
  target_box = b->Input("TargetBox");
  output_box = b->Output("OutputBox");
  AttrReader& a = b->attrs();
  std::string type = a.String("code_type", "encode_center_size");
  box_normalized = a.Bool("box_normalized", true);
  axis = static_cast<int>(a.Int("axis", 0));
  variance = a.Floats("variance", {});
  EMBER_RETURN_IF_ERROR(a.status());
  if (type == "encode_center_size") {
    code_type = BoxCodeType::kEncodeCenterSize;
  } else if (type == "decode_center_size") {
    code_type = BoxCodeType::kDecodeCenterSize;
  } else {
    return Unimplemented("attribute code_type '", type, "' is not supported (encode_center_size, decode_center_size)");
  }
  EMBER_CHECK(axis == 0 || axis == 1, "attribute axis must be 0 or 1, got ", axis);
  EMBER_CHECK(variance.empty() || variance.size() == 4, "attribute variance must be empty or have 4 values, got ",
              variance.size());
  EMBER_CHECK(!(prior_box_var && !variance.empty()),
              "input PriorBoxVar and attribute variance must not be given together");
  return Status::OK();
}

Status BoxCoderOp::InferShape() {
  const BoxCoderParam& p = param_;
  EMBER_CHECK_DTYPE(p.prior_box, DataType::kFloat32, "input PriorBox");
  EMBER_CHECK_DTYPE(p.target_box, DataType::kFloat32, "input TargetBox");
  const DDim& pd = p.prior_box->dims();
  const DDim& td = p.target_box->dims();
  EMBER_CHECK(pd.size() == 2 && pd[1] == 4, "input PriorBox must be [M, 4], got ", pd.ToString());
  if (p.prior_box_var) {
    EMBER_CHECK_DTYPE(p.prior_box_var, DataType::kFloat32, "input PriorBoxVar");
    EMBER_CHECK(p.prior_box_var->dims() == pd, "input PriorBoxVar ", p.prior_box_var->dims().ToString(),
                " must have the dims of PriorBox ", pd.ToString());
  }
  if (p.code_type == BoxCodeType::kEncodeCenterSize) {
    EMBER_CHECK(td.size() == 2 && td[1] == 4, "input TargetBox must be [T, 4] to encode, got ", td.ToString());
    p.output_box->Resize(DDim({td[0], pd[0], 4}));
  } else {
    EMBER_CHECK(td.size() == 3 && td[2] == 4, "input TargetBox must be [N, M, 4] to decode, got ", td.ToString());
    EMBER_CHECK(td[p.axis == 0 ? 1 : 0] == pd[0], "with attribute axis ", p.axis, ", dim ", p.axis == 0 ? 1 : 0,
                " of TargetBox ", td.ToString(), " must equal the number of priors ", pd[0]);
    p.output_box->Resize(td);
  }
  p.output_box->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(box_coder, BoxCoderOp)

}  // namespace ember
