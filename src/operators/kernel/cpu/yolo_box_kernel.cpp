#include "operators/yolo_box_op.h"
#include "operators/kernel/central-arm-func/yolo_box_func.h"

namespace ember {

template <>
Status YoloBoxKernel<CPU, float>::Init(YoloBoxParam*) {
  return Status::OK();
}

template <>
Status YoloBoxKernel<CPU, float>::Compute(const YoloBoxParam& p) {
  YoloBoxCompute(p, p.boxes->mutable_data<float>(), p.scores->mutable_data<float>());
  return Status::OK();
}

}  // namespace ember
