#include "operators/matmul_integer_op.h"

#include <algorithm>

#include "framework/op_registry.h"

namespace ember {

Status MatMulIntegerParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  y = b->Input("Y");
  x_zero_point = b->OptionalInput("XZeroPoint");
  y_zero_point = b->OptionalInput("YZeroPoint");
  out = b->Output("Out");
  weights_scope = b->weights_scope();
  const auto& names = b->op().Input("Y");
  if (names.size() == 1 && weights_scope->FindLocalVar(names[0]) && !b->op().Output("Out").empty())
    cache_key = "matmul_integer_igemm:" + names[0] + ">" + b->op().Output("Out")[0];
  return Status::OK();
}

namespace {

bool Int8Like(const Tensor* t) { return t->dtype() == DataType::kInt8 || t->dtype() == DataType::kUInt8; }

// The matrices' offsets of each broadcast batch; `batch` gets the broadcast batch dims.
Status BatchOffsets(const std::vector<int64_t>& bx, const std::vector<int64_t>& by, int64_t xsize, int64_t ysize,
                    MatMulIntegerParam* p, std::vector<int64_t>* batch) {
  const size_t r = std::max(bx.size(), by.size());
  std::vector<int64_t> ex(r, 1), ey(r, 1);
  std::copy(bx.begin(), bx.end(), ex.begin() + (r - bx.size()));
  std::copy(by.begin(), by.end(), ey.begin() + (r - by.size()));
  batch->assign(r, 1);
  int64_t count = 1;
  for (size_t i = 0; i < r; ++i) {
    EMBER_CHECK(ex[i] == ey[i] || ex[i] == 1 || ey[i] == 1, "batch dims of X and Y do not broadcast at dim ", i,
                ": ", ex[i], " vs ", ey[i]);
    (*batch)[i] = std::max(ex[i], ey[i]);
    count *= (*batch)[i];
  }
  p->x_offsets.assign(static_cast<size_t>(count), 0);
  p->y_offsets.assign(static_cast<size_t>(count), 0);
  for (int64_t b = 0; b < count; ++b) {
    int64_t rest = b, xo = 0, yo = 0, xs = 1, ys = 1;
    for (size_t i = r; i-- > 0;) {
      const int64_t idx = rest % (*batch)[i];
      rest /= (*batch)[i];
      if (ex[i] != 1) xo += idx * xs;
      if (ey[i] != 1) yo += idx * ys;
      xs *= ex[i];
      ys *= ey[i];
    }
    p->x_offsets[static_cast<size_t>(b)] = xo * xsize;
    p->y_offsets[static_cast<size_t>(b)] = yo * ysize;
  }
  return Status::OK();
}

}  // namespace

Status MatMulIntegerOp::InferShape() {
  MatMulIntegerParam& p = param_;
  EMBER_CHECK(Int8Like(p.x) && Int8Like(p.y), "inputs X and Y must be int8 or uint8, got ", DataTypeName(p.x->dtype()),
              " and ", DataTypeName(p.y->dtype()));
  std::vector<int64_t> xd = p.x->dims().vec(), yd = p.y->dims().vec();
  EMBER_CHECK(!xd.empty() && !yd.empty(), "inputs X and Y need at least one dim");
  const bool x1 = xd.size() == 1, y1 = yd.size() == 1;
  if (x1) xd.insert(xd.begin(), 1);
  if (y1) yd.push_back(1);
  p.m = xd[xd.size() - 2], p.k = xd.back(), p.n = yd.back();
  EMBER_CHECK(yd[yd.size() - 2] == p.k, "X ", p.x->dims().ToString(), " and Y ", p.y->dims().ToString(),
              " do not multiply: ", p.k, " columns against ", yd[yd.size() - 2], " rows");
  std::vector<int64_t> batch;
  EMBER_RETURN_IF_ERROR(BatchOffsets(std::vector<int64_t>(xd.begin(), xd.end() - 2),
                                     std::vector<int64_t>(yd.begin(), yd.end() - 2), p.m * p.k, p.k * p.n, &p,
                                     &batch));
  if (p.x_zero_point)
    EMBER_CHECK(Int8Like(p.x_zero_point) && (p.x_zero_point->numel() == 1 || p.x_zero_point->numel() == p.m),
                "input XZeroPoint must be int8 or uint8 with one value or one per row (", p.m, "), got ",
                DataTypeName(p.x_zero_point->dtype()), " ", p.x_zero_point->dims().ToString());
  if (p.y_zero_point)
    EMBER_CHECK(Int8Like(p.y_zero_point) && (p.y_zero_point->numel() == 1 || p.y_zero_point->numel() == p.n),
                "input YZeroPoint must be int8 or uint8 with one value or one per column (", p.n, "), got ",
                DataTypeName(p.y_zero_point->dtype()), " ", p.y_zero_point->dims().ToString());
  if (!x1) batch.push_back(p.m);
  if (!y1) batch.push_back(p.n);
  p.out->Resize(DDim(batch));
  p.out->set_dtype(DataType::kInt32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(matmul_integer, MatMulIntegerOp)

}  // namespace ember
