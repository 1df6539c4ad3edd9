#include "operators/elementwise_op.h"

#include <algorithm>

#include "framework/op_registry.h"

namespace ember {

Status PlanBroadcast(const DDim& x, const DDim& y, int64_t axis, BroadcastPlan* plan) {
  auto mismatch = [&]() {
    return InvalidArgument("X ", x.ToString(), " and Y ", y.ToString(), " do not broadcast with axis ", axis);
  };
  const bool x_is_big = x.size() >= y.size();
  const std::vector<int64_t>& big = x_is_big ? x.vec() : y.vec();
  std::vector<int64_t> small = x_is_big ? y.vec() : x.vec();
  const int64_t rank = static_cast<int64_t>(big.size());
  const int64_t diff = rank - static_cast<int64_t>(small.size());
  if (axis < -1) return InvalidArgument("attribute axis = ", axis, " must be -1 or non-negative");
  int64_t start = 0;
  if (diff == 0) {
    // Equal ranks align dim by dim whatever the axis; Paddle still requires it to name a dim.
    if (axis >= std::max<int64_t>(rank, 1))
      return InvalidArgument("attribute axis = ", axis, " is out of range for rank ", rank);
  } else {
    start = axis == -1 ? diff : axis;
    while (start + static_cast<int64_t>(small.size()) > rank && !small.empty() && small.back() == 1)
      small.pop_back();
    if (start + static_cast<int64_t>(small.size()) > rank) return mismatch();
  }
  std::vector<int64_t> aligned(static_cast<size_t>(rank), 1);
  std::copy(small.begin(), small.end(), aligned.begin() + start);
  const std::vector<int64_t>& xa = x_is_big ? big : aligned;
  const std::vector<int64_t>& ya = x_is_big ? aligned : big;

  std::vector<int64_t> out(static_cast<size_t>(rank));
  for (size_t i = 0; i < out.size(); ++i) {
    if (xa[i] != ya[i] && xa[i] != 1 && ya[i] != 1) return mismatch();
    out[i] = xa[i] == 1 ? ya[i] : xa[i];
  }

  // Merge adjacent dims whose (X full, Y full) pattern is the same; size-1 output dims drop out.
  plan->out_dims = DDim(out);
  plan->dims.clear();
  std::vector<int> pattern;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == 1) continue;
    int p = (xa[i] == out[i] ? 1 : 0) | (ya[i] == out[i] ? 2 : 0);
    if (!pattern.empty() && pattern.back() == p) {
      plan->dims.back() *= out[i];
    } else {
      plan->dims.push_back(out[i]);
      pattern.push_back(p);
    }
  }
  if (plan->dims.empty()) {
    plan->dims.push_back(1);
    pattern.push_back(3);
  }
  const size_t n = plan->dims.size();
  plan->x_strides.assign(n, 0);
  plan->y_strides.assign(n, 0);
  int64_t xs = 1, ys = 1;
  for (size_t i = n; i-- > 0;) {
    if (pattern[i] & 1) {
      plan->x_strides[i] = xs;
      xs *= plan->dims[i];
    }
    if (pattern[i] & 2) {
      plan->y_strides[i] = ys;
      ys *= plan->dims[i];
    }
  }
  return Status::OK();
}

Status ElementwiseParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  y = b->Input("Y");
  out = b->Output("Out");
  const std::string& t = b->op().type;
  if (t == "elementwise_add") type = ElementwiseType::kAdd;
  else if (t == "elementwise_sub") type = ElementwiseType::kSub;
  else if (t == "elementwise_mul") type = ElementwiseType::kMul;
  else if (t == "elementwise_div") type = ElementwiseType::kDiv;
  else if (t == "elementwise_max") type = ElementwiseType::kMax;
  else if (t == "elementwise_min") type = ElementwiseType::kMin;
  else if (t == "elementwise_pow") type = ElementwiseType::kPow;
  else if (t == "elementwise_mod") type = ElementwiseType::kMod;
  else if (t == "elementwise_fmod") type = ElementwiseType::kFmod;
  else if (t == "bitwise_and") type = ElementwiseType::kBitAnd;
  else if (t == "bitwise_or") type = ElementwiseType::kBitOr;
  else if (t == "bitwise_xor") type = ElementwiseType::kBitXor;
  else return Unimplemented("unknown elementwise op ", t);
  axis = b->attrs().Int("axis", -1);
  return ParseFusedActivation(b->op(), &act);
}

Status ElementwiseOp::InferShape() {
  ElementwiseParam& p = param_;
  const DataType dt = p.x->dtype();
  EMBER_CHECK(dt == DataType::kFloat32 || dt == DataType::kInt32 || dt == DataType::kInt64 || dt == DataType::kInt8 ||
                  dt == DataType::kUInt8,
              "input X must be float32, int32, int64, int8 or uint8, got ", DataTypeName(dt));
  EMBER_CHECK(p.y->dtype() == dt, "input Y must have X's dtype ", DataTypeName(dt), ", got ",
              DataTypeName(p.y->dtype()));
  const bool bitwise = p.type == ElementwiseType::kBitAnd || p.type == ElementwiseType::kBitOr ||
                       p.type == ElementwiseType::kBitXor;
  if (bitwise && dt == DataType::kFloat32) return Unimplemented("bitwise ops take integer inputs, got float32");
  if (dt != DataType::kFloat32) {
    if (p.type == ElementwiseType::kPow)
      return Unimplemented("elementwise_pow takes float32 only, got ", DataTypeName(dt));
    if (p.act.type != ActivationType::kNone)
      return Unimplemented("attribute fuse_activation needs float32 inputs, got ", DataTypeName(dt));
  }
  EMBER_RETURN_IF_ERROR(PlanBroadcast(p.x->dims(), p.y->dims(), p.axis, &p.plan));
  p.out->Resize(p.plan.out_dims);
  p.out->set_dtype(dt);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(elementwise_add, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_sub, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_mul, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_div, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_max, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_min, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_pow, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_mod, ElementwiseOp)
REGISTER_OPERATOR_CPU(elementwise_fmod, ElementwiseOp)
REGISTER_OPERATOR_CPU(bitwise_and, ElementwiseOp)
REGISTER_OPERATOR_CPU(bitwise_or, ElementwiseOp)
REGISTER_OPERATOR_CPU(bitwise_xor, ElementwiseOp)

}  // namespace ember
