#include "operators/reshape_op.h"

#include "framework/op_registry.h"

#include <limits>

namespace ember {

Status InferReshapeDims(const DDim& in, const std::vector<int64_t>& shape, DDim* out, bool allowzero) {
  std::vector<int64_t> d(shape.size());
  int unknown = -1;
  int64_t known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t v = shape[i];
    if (v == -1) {
      EMBER_CHECK(unknown < 0, "shape ", DDim(shape).ToString(), " has more than one -1");
      unknown = static_cast<int>(i);
      continue;
    }
    if (v == 0 && allowzero) {
      d[i] = 0;
      known = 0;
      continue;
    }
    if (v == 0) {
      EMBER_CHECK(static_cast<int>(i) < in.size(), "shape ", DDim(shape).ToString(), " copies dim ", i,
                  " (0) but the input ", in.ToString(), " has rank ", in.size());
      v = in[static_cast<int>(i)];
    }
    EMBER_CHECK(v > 0, "shape ", DDim(shape).ToString(), " has an invalid value ", v, " at ", i);
    EMBER_CHECK(known <= std::numeric_limits<int64_t>::max() / v, "shape ", DDim(shape).ToString(),
                " has more elements than can be counted");
    d[i] = v;
    known *= v;
  }
  int64_t n = in.numel();
  if (unknown >= 0) {
    EMBER_CHECK(known > 0 && n % known == 0, "cannot reshape ", in.ToString(), " to ",
                DDim(shape).ToString(), ": ", n, " elements do not divide into ", known);
    d[unknown] = n / known;
  } else {
    EMBER_CHECK(known == n, "cannot reshape ", in.ToString(), " (", n, " elements) to ",
                DDim(shape).ToString(), " (", known, " elements)");
  }
  *out = DDim(d);
  return Status::OK();
}

Status ReshapeParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  shape = b->OptionalInput("Shape");
  if (b->op().HasInput("ShapeTensor")) shape_tensors = b->Inputs("ShapeTensor");
  out = b->Output("Out");
  xshape = b->OptionalOutput("XShape");
  attr_shape = b->attrs().Ints("shape", {});
  allowzero = b->attrs().Bool("allowzero", false);
  return Status::OK();
}

Status ReshapeOp::InferShape() {
  const ReshapeParam& p = param_;
  // Paddle's priority: ShapeTensor, then Shape, then the shape attribute.
  std::vector<int64_t> shape = p.attr_shape;
  if (!p.shape_tensors.empty()) {
    EMBER_RETURN_IF_ERROR(ReadIntTensorList(p.shape_tensors, "input ShapeTensor", &shape));
  } else if (p.shape) {
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.shape, "input Shape", &shape));
  }
  EMBER_CHECK(!shape.empty(), "attribute shape is empty and no Shape/ShapeTensor input is given");
  DDim out_dims;
  EMBER_RETURN_IF_ERROR(InferReshapeDims(p.x->dims(), shape, &out_dims, p.allowzero));
  p.out->Resize(out_dims);
  p.out->set_dtype(p.x->dtype());
  SetXShape(p.xshape, *p.x);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(reshape2, ReshapeOp)
REGISTER_OPERATOR_CPU(reshape, ReshapeOp)

}  // namespace ember
