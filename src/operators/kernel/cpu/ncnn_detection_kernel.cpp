#include "operators/ncnn_detection_op.h"
#include "operators/kernel/central-arm-func/ncnn_detection_func.h"

namespace ember {

template <>
Status NcnnDetectionKernel<CPU, float>::Init(NcnnDetectionParam*) {
  return Status::OK();
}

template <>
Status NcnnDetectionKernel<CPU, float>::Compute(const NcnnDetectionParam& p) {
  switch (p.type) {
    case NcnnDetectionType::kPriorBox: return NcnnPriorBox(p);
    case NcnnDetectionType::kDetectionOutput: return NcnnDetectionOutput(p);
    case NcnnDetectionType::kYolo: return NcnnYoloDetectionOutput(p);
  }
  return Internal("unknown ncnn detection type");
}

}  // namespace ember
