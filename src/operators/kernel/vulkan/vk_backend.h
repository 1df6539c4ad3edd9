// The Vulkan DeviceBackend: which ops run on the GPU, and where each tensor's newest value is.
// Every op is created for the CPU as usual (Bind, InferShape: the shapes and parameters the GPU kernels read);
// an op with a Vulkan kernel for its type, attributes and current shapes records a dispatch instead of running,
// into the one command buffer of the run; the others run on the CPU after the run so far is submitted and
// their inputs copied down. A tensor the GPU reads gets a GPU copy (weights once per predictor, activations
// when the CPU wrote them); one the GPU writes lives on the GPU until the CPU needs it.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "framework/device_backend.h"
#include "operators/kernel/vulkan/vk_arena.h"
#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

class Backend : public DeviceBackend {
 public:
  static constexpr int64_t kSmallestHalfWeight = 1024;  // fp16_weights: smaller weights stay float32
  static Status Create(const DeviceOptions& options, std::unique_ptr<DeviceBackend>* out);
  Status Adopt(const OpDesc& desc, const Scope& scope, std::unique_ptr<OperatorBase>* op) override;
  Status BeginRun() override;
  Status EndRun(const std::vector<Tensor*>& outputs, bool all) override;
  int DeviceOps() const override { return device_ops_; }
  void SetProfiling(bool on) override { recorder_->SetProfiling(on); }
  bool DeviceMs(const OperatorBase* op, double* ms) const override;
  DeviceRunStats LastRun() const override { return last_run_; }
  std::string WhyOnHost(const OperatorBase* op) const override;
  // Where op ran in this run: on the GPU (why empty) or on the CPU, and why.
  void Placed(const OperatorBase* op, const std::string& why);
  // Before an op records: its weights are halves (fp16_weights) only when every activation it reads has a texel
  // view, since a half weight is readable through texel fetches alone.
  void BeginOp(const std::vector<const Tensor*>& inputs);
  // An adapter leaving its op to the CPU says why (inspect): `return b->Decline("...")`.
  Status Decline(std::string why) {
    decline_ = std::move(why);
    return Status::OK();
  }
  std::string TakeDecline() {
    std::string why;
    why.swap(decline_);
    return why;
  }

  // For the ops: the GPU copy of t for a shader's INPUT binding, uploaded when the host holds the newer value. A
  // weight's copy is made once per Model and shared by its predictors (Scope::Derived), in halves with
  // fp16_weights; *out is null when the weight was freed once packed for the CPU (the op then runs on the CPU).
  Status In(const Tensor* t, const VkTensor** out);
  // As In for a plain float storage binding (the shaders' bias arrays): a weight's copy is always float32.
  Status InFloat32(const Tensor* t, const VkTensor** out);
  // The GPU copy of weight t in another layout, `pack(t)`, made once per Model and shared as In's copies are
  // (in halves with fp16_weights); *out is null when t is not a weight (or was freed once packed for the CPU).
  Status InPacked(const Tensor* t, const std::string& layout, const std::function<Tensor(const Tensor&)>& pack,
                  const VkTensor** out);
  // The GPU tensor an op writes for t (t's current dims); t's newest value is then on the GPU.
  Status Out(const Tensor* t, VkTensor** out);
  // Submits what was recorded and copies t down when the GPU holds its newest value.
  Status ToHost(const Tensor* t);
  Recorder* recorder() { return recorder_.get(); }
  Device* device() const { return device_; }
  // GPU tensors of `owner`'s own (an op's small tables, its intermediates), kept across runs.
  VkTensor* Scratch(const void* owner, int index = 0) { return &scratch_[{owner, index}]; }
  // The host wrote t (an op on the CPU): a GPU copy or upload of this run is stale.
  void HostWrote(const Tensor* t);
  // The run no longer reads t (its last reader was recorded): its buffer is free for the tensors after it.
  void Dead(const Tensor* t) override;

 private:
  Status Submit();
  // Gives t's copy a buffer of at least t's size: its slot of the planned arena, else one from the free list (or
  // a new one); host_writes: the host fills it.
  Status Hold(const Tensor* t, bool host_writes);
  Status HoldFromFreeList(const Tensor* t, size_t bytes, bool half, bool host_writes);
  void Release(std::unique_ptr<Buffer> b);  // to its arena slot, or to the free list
  void TrimFreeBuffers();
  size_t WeightBytes() const;  // the weight copies this predictor binds (shared with the Model's other predictors)
  // Activation buffers: the planned arena (after the first run at a shape); before it, and for a run that departs
  // from it, buffers by lifetime: a tensor's buffer returns to free_ after its last reader (Dead), and every
  // buffer at the start of a run; a tensor takes the one it had in the last run when free.
  ActivationArena arena_;
  std::vector<std::unique_ptr<Buffer>> free_;
  std::map<const Tensor*, uint64_t> last_buffer_;
  std::set<uint64_t> taken_;     // buffers this run took
  size_t activation_bytes_ = 0;  // after the last run: every activation buffer, held or free
  Device* device_ = nullptr;
  std::string pipeline_cache_;
  std::unique_ptr<Recorder> recorder_;
  struct Weight {
    const Scope* owner;  // the scope holding the variable (its Derived cache keeps the GPU copy)
    std::string name;
  };
  std::map<const Tensor*, VkTensor> copies_;
  std::set<const Tensor*> device_newer_;  // written on the GPU, not yet copied down
  std::set<const Tensor*> uploaded_;      // activations uploaded in this run
  std::map<const Tensor*, Weight> weights_;
  // Weight t's GPU copy as is (layout "") or packed; each made once per Model (Scope::Derived).
  Status WeightCopy(const Tensor* t, const std::string& layout, const std::function<Tensor(const Tensor&)>& pack,
                    bool half, const VkTensor** out);
  Status In(const Tensor* t, bool half_weight, const VkTensor** out);
  bool fp16_weights_ = false, fp16_activations_ = false;
  bool half_now_ = false;  // this op's weights may be halves: every other input it reads fits a texel view
  std::map<std::pair<const Tensor*, std::string>, std::shared_ptr<const VkTensor>> weight_copies_;
  std::map<std::pair<const void*, int>, VkTensor> scratch_;
  int device_ops_ = 0;
  std::map<const OperatorBase*, std::string> why_on_host_;
  std::string decline_;
  int uploads_ = 0, downloads_ = 0;  // this run's
  DeviceRunStats run_start_, last_run_;  // the recorder's counts when the run began, and the last run's work
};

// One adapter per op type the GPU runs: records `op` (created for the CPU, shapes inferred) when its attributes
// and current shapes are supported; *recorded = false leaves it to the CPU.
using RecordFn = Status (*)(Backend* backend, OperatorBase* op, bool* recorded);
RecordFn FindRecordFn(const std::string& op_type);

}  // namespace vulkan
}  // namespace ember
