// What a device backend (framework/device_backend.h) did in one run; public through Predictor::LastDeviceRun.
#pragma once

namespace ember {

struct DeviceRunStats {
  int dispatches = 0;  // kernels recorded
  int barriers = 0;    // waits of one dispatch for another's writes (and the one handing results to the host)
  int submits = 0;     // queue submits (each with one fence wait): 1 when every op runs on the device
};

}  // namespace ember
