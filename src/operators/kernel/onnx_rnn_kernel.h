// OnnxRnnKernel<Device, T>: specialized per device.
#pragma once

#include <cstdint>
#include <vector>

#include "framework/status.h"

namespace ember {

struct OnnxRnnParam;

// One run's buffers: the input projection of every step, R transposed, one step's recurrent product, the
// state, the reset hidden state (gru), the sequence lengths.
struct RnnScratch {
  std::vector<float> xw, rt, hr, h, c, rh;
  std::vector<int64_t> lens;
};

template <typename Device, typename T>
class OnnxRnnKernel {
 public:
  Status Init(OnnxRnnParam* param);
  Status Compute(const OnnxRnnParam& param);

 private:
  RnnScratch scratch_;
};

}  // namespace ember
