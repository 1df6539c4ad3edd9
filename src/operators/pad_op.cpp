#include "operators/pad_op.h"

#include <algorithm>

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status PadParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  paddings_tensor = b->OptionalInput("Paddings");
  out = b->Output("Out");
  is_3d = b->op().type == "pad3d";
  AttrReader& a = b->attrs();
  paddings = a.Ints("paddings", std::vector<int64_t>(is_3d ? 6 : 4, 0));
  std::string m = a.String("mode", "constant");
  if (m == "constant") mode = PadMode::kConstant;
  else if (m == "reflect") mode = PadMode::kReflect;
  else if (m == (is_3d ? "replicate" : "edge")) mode = PadMode::kReplicate;
  else if (m == "circular" && is_3d) mode = PadMode::kCircular;
  else return Unimplemented("attribute mode '", m, "' is not supported");
  value = a.Float(is_3d ? "value" : "pad_value", 0.f);
  std::string layout = a.String("data_format", is_3d ? "NCDHW" : "NCHW");
  if (layout != (is_3d ? "NCDHW" : "NCHW"))
    return Unimplemented("attribute data_format '", layout, "' is not supported (", is_3d ? "NCDHW" : "NCHW", " only)");
  return Status::OK();
}

Status PadOp::InferShape() {
  PadParam& p = param_;
  const DDim& in = p.x->dims();
  const int rank = p.is_3d ? 5 : 4;
  EMBER_CHECK(in.size() == rank, "X must be ", rank, "-D, got ", in.ToString());
  const DataType t = p.x->dtype();
  EMBER_CHECK(t == DataType::kFloat32 || t == DataType::kInt32 || t == DataType::kInt64 || t == DataType::kBool,
              "input X must be float32, int32, int64 or bool, got ", DataTypeName(t));
  std::vector<int64_t> pad = p.paddings;
  const char* what = "attribute paddings";
  if (p.paddings_tensor) {
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.paddings_tensor, "input Paddings", &pad));
    what = "input Paddings";
  }
  const size_t n = p.is_3d ? 6 : 4;
  EMBER_CHECK(pad.size() == n, what, " must have ", n, " values, got ", DDim(pad).ToString());
  for (int64_t v : pad) EMBER_CHECK(v >= 0, what, " ", DDim(pad).ToString(), " has a negative value");
  if (p.is_3d) {  // [left, right, top, bottom, front, back]
    int64_t q[6] = {pad[4], pad[5], pad[2], pad[3], pad[0], pad[1]};
    std::copy(q, q + 6, p.pads);
  } else {  // [top, bottom, left, right]
    int64_t q[6] = {0, 0, pad[0], pad[1], pad[2], pad[3]};
    std::copy(q, q + 6, p.pads);
  }
  // Spatial dims in pads order: D, H, W (pad2d has D = 1).
  const int64_t sizes[3] = {p.is_3d ? in[2] : 1, in[rank - 2], in[rank - 1]};
  const char* names[3] = {"depth", "height", "width"};
  for (int i = 0; i < 3; ++i) {
    const int64_t before = p.pads[2 * i], after = p.pads[2 * i + 1];
    if (p.mode == PadMode::kReflect)
      EMBER_CHECK(before < sizes[i] && after < sizes[i], "mode reflect needs paddings smaller than the ",
                  names[i], " ", sizes[i], ", got ", before, " and ", after);
    if (p.mode != PadMode::kConstant && before + after > 0)
      EMBER_CHECK(sizes[i] > 0, "cannot pad an empty ", names[i], " in this mode");
  }
  DDim out = in;
  if (p.is_3d) out[2] += p.pads[0] + p.pads[1];
  out[rank - 2] += p.pads[2] + p.pads[3];
  out[rank - 1] += p.pads[4] + p.pads[5];
  p.out->Resize(out);
  p.out->set_dtype(t);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(pad2d, PadOp)
REGISTER_OPERATOR_CPU(pad3d, PadOp)

}  // namespace ember
