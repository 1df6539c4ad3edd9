// fuse_fc: mul / matmul / matmul_v2 by a 2-D weight + elementwise_add of a bias weight -> fc. A matmul by a
// transposed weight (ONNX Gemm with transB = 1, what every exported Linear layer is) gets a transposed copy.
#include "framework/op_registry.h"
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

bool IsMatmul(const OpDesc& op) {
  return (op.type == "mul" || op.type == "matmul" || op.type == "matmul_v2") && op.Input("X").size() == 1 &&
         op.Input("Y").size() == 1;
}

// fc's in_num_col_dims for an unscaled matmul of an untransposed X (*trans_y: by the transposed weight); false
// when it is not one.
bool InNumColDims(const BlockDesc& b, const OpDesc& mm, int64_t* dims, bool* trans_y) {
  *trans_y = false;
  AttrReader r(mm);
  if (mm.type == "mul") {
    *dims = r.Int("x_num_col_dims", 1);
    if (r.Int("y_num_col_dims", 1) != 1) return false;
  } else {
    const bool v1 = mm.type == "matmul";
    const bool tx = v1 ? r.Bool("transpose_X", false) : r.Bool("trans_x", false);
    const bool ty = v1 ? r.Bool("transpose_Y", false) : r.Bool("trans_y", false);
    const float alpha = v1 ? r.Float("alpha", 1.f) : 1.f;
    const VarDesc* xv = b.FindVar(mm.Input("X")[0]);
    if (tx || alpha != 1.f) return false;
    // X of unknown rank (ONNX values): fc over its last dim, whatever the rank.
    *dims = xv && xv->dims.size() >= 2 ? static_cast<int64_t>(xv->dims.size()) - 1 : -1;
    *trans_y = ty;
  }
  return r.status().ok();
}

// w [n, k] -> [k, n].
Tensor Transposed(const Tensor& w) {
  const int64_t n = w.dims()[0], k = w.dims()[1];
  Tensor t(DataType::kFloat32, {k, n});
  const float* src = w.data<float>();
  float* dst = t.mutable_data<float>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < k; ++j) dst[j * n + i] = src[i * k + j];
  return t;
}

}  // namespace

Status FuseFcPass(ProgramDesc* program, Scope* weights) {
  if (!FindOpCreator("fc")) return Status::OK();
  BlockDesc& b = program->block0();
  FuseSoleReaders(
      program, [&](const OpDesc& op) { return IsMatmul(op) ? "Out" : nullptr; },
      [&](OpDesc& mm, const OpDesc& add, size_t, const Uses&, std::set<std::string>*) {
        const Tensor* w = Weight(*weights, mm.Input("Y")[0]);
        if (!w || w->dims().size() != 2) return false;
        int64_t in_num_col_dims = 1;
        bool trans_y = false;
        if (!InNumColDims(b, mm, &in_num_col_dims, &trans_y)) return false;
        if (add.type != "elementwise_add" || add.Input("X").size() != 1 || add.Input("Y").size() != 1 ||
            HasFusedActivation(add))
          return false;
        const Tensor* bias = Weight(*weights, add.Input("Y")[0]);
        const int64_t n = w->dims()[trans_y ? 0 : 1];
        if (!bias || bias->numel() != n || bias->dims().size() == 0 || bias->dims()[bias->dims().size() - 1] != n)
          return false;
        const int64_t axis = AxisAttr(add, -1);
        if (axis != -1 && (in_num_col_dims < 0 || axis != in_num_col_dims)) return false;
        OpDesc fc;
        fc.type = "fc";
        fc.SetInput("Input", mm.Input("X"));
        fc.SetInput("W", {trans_y ? AddWeight(&b, weights, mm.Input("Y")[0], Transposed(*w)) : mm.Input("Y")[0]});
        fc.SetInput("Bias", add.Input("Y"));
        fc.SetOutput("Out", add.Output("Out"));
        fc.attrs["in_num_col_dims"] = Attribute::Int(in_num_col_dims);
        mm = std::move(fc);
        return true;
      });
  return Status::OK();
}

}  // namespace ember
