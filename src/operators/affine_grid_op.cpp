#include "operators/affine_grid_op.h"

#include "framework/op_registry.h"

namespace ember {

Status AffineGridParam::Bind(ParamBinder* b) {
  theta = b->Input("Theta");
  output_shape_tensor = b->OptionalInput("OutputShape");
  out = b->Output("Output");
  output_shape = b->attrs().Ints("output_shape", {});
  align_corners = b->attrs().Bool("align_corners", true);
  return Status::OK();
}

namespace {

// The size from the OutputShape input (int32 or int64).
Status ReadSize(const Tensor& t, std::vector<int64_t>* size) {
  EMBER_CHECK(t.dtype() == DataType::kInt64 || t.dtype() == DataType::kInt32,
              "input OutputShape must be int64 or int32, got ", DataTypeName(t.dtype()));
  EMBER_CHECK(t.dims().size() == 1 && t.raw_data() != nullptr, "input OutputShape must be a 1-D list, got ",
              t.dims().ToString());
  size->resize(static_cast<size_t>(t.numel()));
  for (int64_t i = 0; i < t.numel(); ++i)
    (*size)[static_cast<size_t>(i)] = t.dtype() == DataType::kInt64 ? t.data<int64_t>()[i] : t.data<int32_t>()[i];
  return Status::OK();
}

}  // namespace

Status AffineGridOp::InferShape() {
  AffineGridParam& p = param_;
  EMBER_CHECK_DTYPE(p.theta, DataType::kFloat32, "input Theta");
  if (p.output_shape_tensor) EMBER_RETURN_IF_ERROR(ReadSize(*p.output_shape_tensor, &p.output_shape));
  const std::vector<int64_t>& size = p.output_shape;
  EMBER_CHECK(size.size() == 4 || size.size() == 5, "the output size must be [N, C, H, W] or [N, C, D, H, W], got ",
              DDim(size).ToString());
  for (int64_t v : size) EMBER_CHECK(v >= 0, "the output size must not be negative, got ", DDim(size).ToString());
  const int64_t r = static_cast<int64_t>(size.size()) - 2;
  const DDim& t = p.theta->dims();
  EMBER_CHECK(t == DDim({size[0], r, r + 1}), "input Theta must be [N = ", size[0], ", ", r, ", ", r + 1,
              "] for the output size ", DDim(size).ToString(), ", got ", t.ToString());
  std::vector<int64_t> out = {size[0]};
  out.insert(out.end(), size.begin() + 2, size.end());
  out.push_back(r);
  p.out->Resize(DDim(out));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(affine_grid, AffineGridOp)

}  // namespace ember
