#include "operators/window_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status WindowParam::Bind(ParamBinder* b) {
  size = b->Input("Size");
  out = b->Output("Out");
  window = b->attrs().String("window", "hann");
  periodic = b->attrs().Bool("periodic", true);
  if (window != "hann" && window != "hamming" && window != "blackman")
    return Unimplemented("attribute window '", window, "' is not supported (hann, hamming, blackman)");
  return Status::OK();
}

Status WindowOp::InferShape() {
  std::vector<int64_t> n;
  EMBER_RETURN_IF_ERROR(ReadIntTensor(param_.size, "input Size", &n));
  EMBER_CHECK(n.size() == 1 && n[0] >= 0, "input Size must hold one non-negative value");
  param_.out->Resize(DDim({n[0]}));
  param_.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(window, WindowOp)

}  // namespace ember
