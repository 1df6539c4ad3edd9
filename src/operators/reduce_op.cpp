#include "operators/reduce_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

namespace {
// Paddle's VarType number of an Ember dtype, for the in_dtype/out_dtype checks.
int64_t VarTypeOf(DataType t) {
  switch (t) {
    case DataType::kFloat32: return static_cast<int64_t>(VarDataType::kFP32);
    case DataType::kInt32: return static_cast<int64_t>(VarDataType::kInt32);
    case DataType::kInt64: return static_cast<int64_t>(VarDataType::kInt64);
    case DataType::kBool: return static_cast<int64_t>(VarDataType::kBool);
    default: return -2;
  }
}
}  // namespace

Status ReduceParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  const std::string& t = b->op().type;
  if (t == "reduce_sum") type = ReduceType::kSum;
  else if (t == "reduce_mean") type = ReduceType::kMean;
  else if (t == "reduce_max") type = ReduceType::kMax;
  else if (t == "reduce_min") type = ReduceType::kMin;
  else if (t == "reduce_prod") type = ReduceType::kProd;
  else return Unimplemented("unknown reduce op ", t);
  AttrReader& a = b->attrs();
  dim = a.Ints("dim", {0});
  keep_dim = a.Bool("keep_dim", false);
  reduce_all = a.Bool("reduce_all", false);
  in_dtype = a.Int("in_dtype", -1);
  out_dtype = a.Int("out_dtype", -1);
  noop_with_empty_dim = a.Bool("noop_with_empty_dim", false);
  dim_tensor = b->OptionalInput("DimTensor");
  return Status::OK();
}

Status ReduceOp::InferShape() {
  ReduceParam& p = param_;
  const DataType dt = p.x->dtype();
  const bool extreme = p.type == ReduceType::kMax || p.type == ReduceType::kMin;
  EMBER_CHECK(dt == DataType::kFloat32 || dt == DataType::kInt32 || dt == DataType::kInt64 ||
                  (extreme && dt == DataType::kBool),
              "input X must be float32, int32 or int64 (or bool for max / min), got ", DataTypeName(dt));
  const int64_t vt = VarTypeOf(dt);
  if (p.in_dtype != -1 && p.in_dtype != vt)
    return Unimplemented("attribute in_dtype = ", p.in_dtype, " differs from X's type ", DataTypeName(dt),
                         " (VarType ", vt, "); casting is not supported");
  if (p.out_dtype != -1 && p.out_dtype != vt)
    return Unimplemented("attribute out_dtype = ", p.out_dtype, " differs from X's type ", DataTypeName(dt),
                         " (VarType ", vt, "); casting is not supported");

  const DDim& xd = p.x->dims();
  const int rank = xd.size();
  std::vector<bool> reduced(static_cast<size_t>(rank), false);
  std::vector<int64_t> dims = p.dim;
  const char* what = "attribute dim";
  if (p.dim_tensor) {
    what = "input DimTensor";
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.dim_tensor, what, &dims));
  }
  if (dims.empty() && p.noop_with_empty_dim && !p.reduce_all) {
    // Nothing reduced: every dim is kept with its size, each output element is one input element.
  } else if (p.reduce_all || dims.empty()) {
    reduced.assign(reduced.size(), true);
  } else {
    for (int64_t d : dims) {
      EMBER_CHECK(d >= -rank && d < rank, what, " has ", d, ", out of range for X ", xd.ToString());
      const size_t i = static_cast<size_t>(d < 0 ? d + rank : d);
      EMBER_CHECK(!reduced[i], what, " lists dim ", d, " twice");
      reduced[i] = true;
    }
  }

  std::vector<int64_t> od;
  p.groups.clear();
  p.group_reduced.clear();
  p.count = 1;
  for (int i = 0; i < rank; ++i) {
    const bool r = reduced[static_cast<size_t>(i)];
    if (r) p.count *= xd[i];
    if (!r || p.keep_dim) od.push_back(r ? 1 : xd[i]);
    if (xd[i] == 1) continue;
    if (!p.groups.empty() && p.group_reduced.back() == r) {
      p.groups.back() *= xd[i];
    } else {
      p.groups.push_back(xd[i]);
      p.group_reduced.push_back(r);
    }
  }
  if (p.groups.empty()) {
    p.groups.push_back(1);
    p.group_reduced.push_back(false);
  }
  if (od.empty()) od.push_back(1);
  const DDim out_dims(od);
  p.out->Resize(out_dims);
  p.out->set_dtype(dt);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(reduce_sum, ReduceOp)
REGISTER_OPERATOR_CPU(reduce_mean, ReduceOp)
REGISTER_OPERATOR_CPU(reduce_max, ReduceOp)
REGISTER_OPERATOR_CPU(reduce_min, ReduceOp)
REGISTER_OPERATOR_CPU(reduce_prod, ReduceOp)

}  // namespace ember
