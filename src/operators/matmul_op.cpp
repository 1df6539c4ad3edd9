#include "operators/matmul_op.h"

#include <algorithm>

#include "framework/op_registry.h"

namespace ember {

Status MatMulParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  y = b->Input("Y");
  out = b->Output("Out");
  AttrReader& a = b->attrs();
  v2 = b->op().type == "matmul_v2";
  if (v2) {
    trans_x = a.Bool("trans_x", false);
    trans_y = a.Bool("trans_y", false);
  } else {
    trans_x = a.Bool("transpose_X", false);
    trans_y = a.Bool("transpose_Y", false);
    alpha = a.Float("alpha", 1.f);
    const int64_t heads = a.Int("head_number", 1);
    if (heads != 1) unsupported = StrCat("attribute head_number = ", heads, " (only 1)");
  }
  for (const char* name : {"fused_reshape_X", "fused_reshape_Y", "fused_reshape_Out", "fused_transpose_X",
                           "fused_transpose_Y", "fused_transpose_Out"})
    if (unsupported.empty() && !a.Ints(name, {}).empty())
      unsupported = StrCat("attribute ", name, " (a oneDNN fusion) must be empty");
  return ParseFusedActivation(b->op(), &act);
}

Status MatMulOp::InferShape() {
  MatMulParam& p = param_;
  if (!p.unsupported.empty()) return Unimplemented(p.unsupported);
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK_DTYPE(p.y, DataType::kFloat32, "input Y");
  const DDim& xdim = p.x->dims();
  const DDim& ydim = p.y->dims();
  EMBER_CHECK(xdim.size() >= 1 && ydim.size() >= 1, "X ", xdim.ToString(), " and Y ", ydim.ToString(),
              " must have rank 1 or more");
  std::vector<int64_t> xs = xdim.vec(), ys = ydim.vec();
  const bool x_vec = xs.size() == 1, y_vec = ys.size() == 1;
  bool tx = p.trans_x, ty = p.trans_y;
  if (x_vec) {
    xs.insert(xs.begin(), 1);
    if (p.v2) tx = false;
  }
  if (y_vec) {
    ys.push_back(1);
    if (p.v2) ty = false;
  }
  const int64_t xr = xs[xs.size() - 2], xc = xs.back(), yr = ys[ys.size() - 2], yc = ys.back();
  const int64_t m = tx ? xc : xr, k = tx ? xr : xc;
  const int64_t ky = ty ? yc : yr, n = ty ? yr : yc;
  EMBER_CHECK(k == ky, "X ", xdim.ToString(), (tx ? " transposed" : ""), " has ", k, " columns but Y ",
              ydim.ToString(), (ty ? " transposed" : ""), " has ", ky, " rows");

  // Batch dims: numpy broadcasting, right-aligned.
  const std::vector<int64_t> bx(xs.begin(), xs.end() - 2), by(ys.begin(), ys.end() - 2);
  const size_t nb = std::max(bx.size(), by.size());
  std::vector<int64_t> xa(nb, 1), ya(nb, 1), ob(nb, 1);
  std::copy(bx.begin(), bx.end(), xa.begin() + static_cast<std::ptrdiff_t>(nb - bx.size()));
  std::copy(by.begin(), by.end(), ya.begin() + static_cast<std::ptrdiff_t>(nb - by.size()));
  bool broadcasts = true;
  for (size_t i = 0; i < nb; ++i) {
    if (xa[i] != ya[i] && xa[i] != 1 && ya[i] != 1) broadcasts = false;
    ob[i] = xa[i] == 1 ? ya[i] : xa[i];
  }
  const int64_t x_mat = xr * xc, y_mat = yr * yc;
  const int64_t x_count = DDim(bx).numel(), y_count = DDim(by).numel();
  p.x_offsets.clear();
  p.y_offsets.clear();
  if (broadcasts) {
    const int64_t batch = DDim(ob).numel();
    for (int64_t b = 0; b < batch; ++b) {
      int64_t rest = b, xi = 0, yi = 0, xm = 1, ym = 1;
      for (size_t d = nb; d-- > 0;) {
        const int64_t i = rest % ob[d];
        rest /= ob[d];
        if (xa[d] != 1) xi += i * xm;
        if (ya[d] != 1) yi += i * ym;
        xm *= xa[d];
        ym *= ya[d];
      }
      p.x_offsets.push_back(xi * x_mat);
      p.y_offsets.push_back(yi * y_mat);
    }
  } else if (!p.v2 && x_count == y_count) {
    ob = bx;
    for (int64_t b = 0; b < x_count; ++b) {
      p.x_offsets.push_back(b * x_mat);
      p.y_offsets.push_back(b * y_mat);
    }
  } else {
    return InvalidArgument("batch dims of X ", xdim.ToString(), " and Y ", ydim.ToString(), " do not broadcast");
  }

  std::vector<int64_t> od = ob;
  if (p.v2) {
    if (!x_vec) od.push_back(m);
    if (!y_vec) od.push_back(n);
  } else {
    od.push_back(m);
    od.push_back(n);
    if (x_vec && m == 1) od.erase(od.end() - 2);
    if (y_vec && n == 1) od.pop_back();
  }
  // Two vectors: matmul_v2 gives a 0-D scalar (as Paddle 2.5+ and ONNX do), matmul [1].
  if (od.empty() && !p.v2) od.push_back(1);

  p.gemm_trans_x = tx;
  p.gemm_trans_y = ty;
  p.m = m;
  if (!tx && by.empty() && !y_vec && p.x_offsets.size() > 1) {
    // One weight for every batch (a linear layer on [B, S, K]): X's batches are consecutive rows of one
    // [B * S, K] matrix, so one GEMM does them all instead of B thin ones.
    p.m = m * static_cast<int64_t>(p.x_offsets.size());
    p.x_offsets.assign(1, 0);
    p.y_offsets.assign(1, 0);
  }
  p.n = n;
  p.k = k;
  p.lda = xc;
  p.ldb = yc;
  p.out->Resize(DDim(od));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(matmul, MatMulOp)
REGISTER_OPERATOR_CPU(matmul_v2, MatMulOp)

}  // namespace ember
