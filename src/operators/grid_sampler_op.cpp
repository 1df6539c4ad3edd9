#include "operators/grid_sampler_op.h"

#include "framework/op_registry.h"

namespace ember {

Status GridSamplerParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  grid = b->Input("Grid");
  out = b->Output("Output");
  mode = b->attrs().String("mode", "bilinear");
  padding_mode = b->attrs().String("padding_mode", "zeros");
  align_corners = b->attrs().Bool("align_corners", true);
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
    return Unimplemented("attribute mode must be bilinear, nearest or bicubic, got '", mode, "'");
  if (padding_mode != "zeros" && padding_mode != "border" && padding_mode != "reflection")
    return Unimplemented("attribute padding_mode must be zeros, border or reflection, got '", padding_mode, "'");
  return Status::OK();
}

Status GridSamplerOp::InferShape() {
  GridSamplerParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK_DTYPE(p.grid, DataType::kFloat32, "input Grid");
  const DDim& x = p.x->dims();
  const DDim& g = p.grid->dims();
  const int r = x.size() - 2;
  if (r < 1 || r > 3) return Unimplemented("input X must be [N, C] and 1 to 3 spatial dims, got ", x.ToString());
  EMBER_CHECK(g.size() == x.size() && g[0] == x[0] && g[g.size() - 1] == r, "input Grid must be [N = ", x[0],
              ", ", r, " output dims, ", r, "] for X ", x.ToString(), ", got ", g.ToString());
  std::vector<int64_t> out = {x[0], x[1]};
  for (int i = 1; i <= r; ++i) out.push_back(g[i]);
  p.out->Resize(DDim(out));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(grid_sampler, GridSamplerOp)

}  // namespace ember
