// A compute device beside the CPU (the Vulkan backend, src/operators/kernel/vulkan): the executor hands it each
// op it creates, and tells it when a run begins and ends. Ops the device runs record work instead of computing;
// the ops left on the CPU find their inputs on the host (the device copies them down first), and at the end of
// a run the outputs are on the host.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "framework/device_stats.h"
#include "framework/operator.h"

namespace ember {

class DeviceBackend {
 public:
  virtual ~DeviceBackend() = default;
  // *op was created and bound for the CPU: the backend replaces it by the op it runs on the device, or by a
  // wrapper that brings the op's inputs to the host before it runs on the CPU.
  // scope: the executor's (its root holds the weights).
  virtual Status Adopt(const OpDesc& desc, const Scope& scope, std::unique_ptr<OperatorBase>* op) = 0;
  // Light mode: the run no longer reads t (its last reader ran or was recorded), so its device memory can be reused.
  virtual void Dead(const Tensor* t) { (void)t; }
  // Drops work a failed run left recorded.
  virtual Status BeginRun() = 0;
  // Finishes the device's work and copies `outputs` that the device wrote to the host (all: every tensor it
  // wrote, for a predictor whose every variable stays readable).
  virtual Status EndRun(const std::vector<Tensor*>& outputs, bool all) = 0;
  // Profiling: the device times each op's work (on the GPU, from timestamps) and DeviceMs reports it for the
  // last run; false when `op` did no work on the device.
  virtual void SetProfiling(bool on) = 0;
  virtual bool DeviceMs(const OperatorBase* op, double* ms) const = 0;
  virtual DeviceRunStats LastRun() const = 0;
  // Why `op` ran on the CPU in the last run ("" when the device ran it): for inspect.
  virtual std::string WhyOnHost(const OperatorBase* op) const = 0;
  // How many ops the device runs, and their names ("conv2d (output x) on vulkan: ..." for inspect).
  virtual int DeviceOps() const = 0;
};

struct DeviceOptions {
  // A file the device's compiled pipelines are loaded from (when it exists) and saved to ("" for none).
  std::string pipeline_cache;
  bool fp16_weights = false;  // weights stored on the device as IEEE halves (PredictorOptions::vulkan_fp16_weights)
  bool fp16_activations = false;  // and activations (PredictorOptions::vulkan_fp16_activations)
};

// The backend for PredictorOptions::device ("vulkan"); Unimplemented when this build lacks it.
Status CreateDeviceBackend(const std::string& device, const DeviceOptions& options,
                           std::unique_ptr<DeviceBackend>* out);

}  // namespace ember
