#include "operators/unsqueeze_op.h"

#include <algorithm>

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status UnsqueezeParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  xshape = b->OptionalOutput("XShape");
  axes = b->attrs().Ints("axes", {});
  output_axes = b->attrs().Bool("output_axes", false);
  axes_tensor = b->OptionalInput("AxesTensor");
  if (b->op().HasInput("AxesTensorList")) axes_tensor_list = b->Inputs("AxesTensorList");
  return Status::OK();
}

Status UnsqueezeOp::InferShape() {
  const UnsqueezeParam& p = param_;
  std::vector<int64_t> axes = p.axes;
  const char* what = "attribute axes";
  if (p.axes_tensor) {
    what = "input AxesTensor";
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.axes_tensor, what, &axes));
  } else if (!p.axes_tensor_list.empty()) {
    what = "input AxesTensorList";
    EMBER_RETURN_IF_ERROR(ReadIntTensorList(p.axes_tensor_list, what, &axes));
  }
  EMBER_CHECK(!axes.empty(), what, " is empty");
  if (p.output_axes) {  // positions in the output: normalize, check, sort; then inserting in order is right
    const int64_t rank = p.x->dims().size() + static_cast<int64_t>(axes.size());
    for (int64_t& a : axes) {
      EMBER_CHECK(a >= -rank && a < rank, what, " has ", a, ", out of range for an output of rank ", rank);
      if (a < 0) a += rank;
    }
    std::sort(axes.begin(), axes.end());
    EMBER_CHECK(std::adjacent_find(axes.begin(), axes.end()) == axes.end(), what, " ", DDim(axes).ToString(),
                " names an output dim twice");
  }
  std::vector<int64_t> out = p.x->dims().vec();
  for (int64_t a : axes) {
    int64_t size = static_cast<int64_t>(out.size());
    int64_t cur = a < 0 ? a + size + 1 : a;
    EMBER_CHECK(cur >= 0 && cur <= size, what, " has ", a, ", out of range for a shape of rank ", size);
    out.insert(out.begin() + cur, 1);
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  SetXShape(p.xshape, *p.x);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(unsqueeze, UnsqueezeOp)
REGISTER_OPERATOR_CPU(unsqueeze2, UnsqueezeOp)

}  // namespace ember
