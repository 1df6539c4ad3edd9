// reshape2 (and the helpers its family shares: reading shape values from int tensors, XShape outputs).
// Out is a copy of X, or X's own bytes where the executor's arena places it there (Views).
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/reshape_kernel.h"

namespace ember {

// Values of an int32/int64 tensor, read in InferShape: the Executor infers an op's shape right before it
// runs, so tensors computed upstream already hold their values.
inline Status ReadIntTensor(const Tensor* t, const std::string& what, std::vector<int64_t>* out) {
  out->clear();
  if (t->dtype() != DataType::kInt32 && t->dtype() != DataType::kInt64)
    return InvalidArgument(what, " must be int32 or int64, got ", DataTypeName(t->dtype()));
  if (t->numel() > 0 && !t->raw_data()) return InvalidArgument(what, " holds no values yet");
  for (int64_t i = 0; i < t->numel(); ++i)
    out->push_back(t->dtype() == DataType::kInt32 ? t->data<int32_t>()[i] : t->data<int64_t>()[i]);
  return Status::OK();
}

// A list of one-element int tensors (ShapeTensor, SizeTensor): one value each.
inline Status ReadIntTensorList(const std::vector<const Tensor*>& ts, const std::string& what,
                                std::vector<int64_t>* out) {
  out->clear();
  for (const Tensor* t : ts) {
    std::vector<int64_t> v;
    EMBER_RETURN_IF_ERROR(ReadIntTensor(t, what, &v));
    EMBER_CHECK(v.size() == 1, what, " must hold one value per tensor, got shape ", t->dims().ToString());
    out->push_back(v[0]);
  }
  return Status::OK();
}

// XShape records X's dims for the training graph; it holds no elements: dims {0, x dims...}.
inline void SetXShape(Tensor* xshape, const Tensor& x) {
  if (!xshape) return;
  std::vector<int64_t> d{0};
  d.insert(d.end(), x.dims().vec().begin(), x.dims().vec().end());
  xshape->Resize(DDim(d));
  xshape->set_dtype(x.dtype());
}

// Output dims of a reshape: 0 copies the input dim at the same index (with allowzero, 0 is a dim of size 0,
// as ONNX Reshape's allowzero = 1), one -1 is inferred.
Status InferReshapeDims(const DDim& in, const std::vector<int64_t>& shape, DDim* out, bool allowzero = false);

struct ReshapeParam {
  const Tensor* x = nullptr;
  const Tensor* shape = nullptr;               // optional Shape input
  std::vector<const Tensor*> shape_tensors;    // optional ShapeTensor list
  Tensor* out = nullptr;
  Tensor* xshape = nullptr;
  std::vector<int64_t> attr_shape;
  bool allowzero = false;  // Paddle's (and ONNX's) allowzero: a 0 in the shape is a zero-size dim
  Status Bind(ParamBinder* b);
};

class ReshapeOp : public OperatorWithKernel<CPU, ReshapeParam, ReshapeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  // Out is X's bytes as they are: the arena may place it in X's slot (the copy then skips itself).
  std::vector<StorageView> Views() const override { return {{param_.out, param_.x, 0}}; }
};

}  // namespace ember
