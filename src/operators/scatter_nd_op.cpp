#include "operators/scatter_nd_op.h"

#include "framework/op_registry.h"

namespace ember {

Status ScatterNdParam::Bind(ParamBinder* b) {
  gather = b->op().type == "gather_nd";
  x = b->Input("X");
  index = b->Input("Index");
  if (!gather) updates = b->Input("Updates");
  out = b->Output("Out");
  batch_dims = b->attrs().Int("batch_dims", 0);
  return gather ? Status::OK() : ParseScatterReduce(b->attrs().String("reduction", "none"), &reduce);
}

Status ScatterNdOp::InferShape() {
  ScatterNdParam& p = param_;
  const DDim& d = p.x->dims();
  const DDim& id = p.index->dims();
  EMBER_CHECK(p.index->dtype() == DataType::kInt32 || p.index->dtype() == DataType::kInt64,
              "Index must be int32 or int64, got ", DataTypeName(p.index->dtype()));
  const int b = static_cast<int>(p.batch_dims);
  EMBER_CHECK(id.size() >= 1 && b >= 0 && b < id.size(), "Index ", id.ToString(), " with batch_dims ", b);
  p.k = id[id.size() - 1];
  EMBER_CHECK(b + p.k <= d.size(), "Index tuples of ", p.k, " values (after ", b, " batch dims) exceed X ",
              d.ToString());
  for (int i = 0; i < b; ++i)
    EMBER_CHECK(id[i] == d[i], "batch dim ", i, " of Index ", id.ToString(), " differs from X ", d.ToString());
  p.batches = d.Product(0, b);
  p.tuples = id.Product(b, id.size() - 1);
  p.slice = d.Product(b + static_cast<int>(p.k), d.size());
  p.batch_size = d.Product(b, d.size());
  std::vector<int64_t> sliced(id.vec().begin(), id.vec().end() - 1);
  for (int i = b + static_cast<int>(p.k); i < d.size(); ++i) sliced.push_back(d[i]);
  if (!p.gather) {
    EMBER_CHECK(b == 0, "scatter_nd takes no batch_dims");
    EMBER_CHECK(p.updates->dtype() == p.x->dtype() && p.updates->dims() == DDim(sliced), "Updates ",
                p.updates->dims().ToString(), " must be ", DDim(sliced).ToString(), " of X's type");
  }
  p.out->Resize(p.gather ? DDim(sliced) : d);
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(scatter_nd, ScatterNdOp)
REGISTER_OPERATOR_CPU(gather_nd, ScatterNdOp)

}  // namespace ember
