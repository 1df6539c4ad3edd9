#include "operators/box_coder_op.h"
#include "operators/kernel/central-arm-func/box_coder_func.h"

namespace ember {

template <>
Status BoxCoderKernel<CPU, float>::Init(BoxCoderParam*) {
  return Status::OK();
}

template <>
Status BoxCoderKernel<CPU, float>::Compute(const BoxCoderParam& p) {
  float* out = p.output_box->mutable_data<float>();
  if (p.code_type == BoxCodeType::kEncodeCenterSize)
    BoxEncodeCenterSize(p, out);
  else
    BoxDecodeCenterSize(p, out);
  return Status::OK();
}

}  // namespace ember
