// What a device backend (framework/device_backend.h) did in one run; public through Predictor::LastDeviceRun.
#pragma once

#include <cstddef>

namespace ember {

struct DeviceRunStats {
  int dispatches = 0;  // kernels recorded
  int barriers = 0;    // waits of one dispatch for another's writes (and the one handing results to the host)
  int submits = 0;     // queue submits (each with one fence wait): 1 when every op runs on the device
  int reused = 0;      // of those, command buffers recorded in an earlier run (the same dispatches) submitted again
  int uploads = 0;     // activations copied to the device (the CPU wrote them: feeds, outputs of CPU ops)
  int downloads = 0;   // tensors the device wrote copied to the host (inputs of CPU ops, the run's outputs)
  size_t activation_bytes = 0;  // the device's activation memory after the run (its planned arena)
  size_t weight_bytes = 0;      // the device copies of the weights the run bound (as packed, halves or floats)
};

}  // namespace ember
