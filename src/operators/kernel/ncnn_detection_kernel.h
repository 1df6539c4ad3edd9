// NcnnDetectionKernel<Device, T>: ncnn's PriorBox, DetectionOutput and Yolo(v3)DetectionOutput.
#pragma once

#include "framework/status.h"

namespace ember {

struct NcnnDetectionParam;

template <typename Device, typename T>
class NcnnDetectionKernel {
 public:
  Status Init(NcnnDetectionParam* param);
  Status Compute(const NcnnDetectionParam& param);
};

}  // namespace ember
