// The planned GPU arena of a run's activations, placed by the lifetime planner that places the CPU's
// (framework/memory_planner.h). A run logs, in order, each tensor's buffer request (Take: its first write or
// upload) and its end (End: its last reader was recorded); from that log PlanMemory places them in one Memory. A
// later run that makes the same requests in the same order at sizes that fit (the same shapes) takes the planned
// buffers, which alias one another where lifetimes do not meet; the Recorder's hazards are on memory ranges, so a
// dispatch writing a slot waits for the readers of the slot's earlier tenant. A run that departs from the plan
// takes no more slots (the caller's free list serves it) and the arena is planned anew from its log.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "framework/tensor.h"
#include "operators/kernel/vulkan/vk_device.h"
#include "operators/kernel/vulkan/vk_recorder.h"

namespace ember {
namespace vulkan {

class ActivationArena {
 public:
  void BeginRun(const Recorder& r);
  // The planned buffer of the run's next request, t of `bytes`, or null (the run then leaves the plan).
  // host_writes: the host fills it now, so it must not share bytes with what the dispatches logged since the
  // last submit use (the plan treats its life as starting at that submit).
  // half: IEEE halves (vulkan_fp16_activations), a slot of its own kind.
  std::unique_ptr<Buffer> Take(const Tensor* t, size_t bytes, bool half, bool host_writes, const Recorder& r);
  void End(const Tensor* t, const Recorder& r);
  // A planned buffer goes back to its slot (true); any other stays with the caller (false).
  bool Return(std::unique_ptr<Buffer>* b);
  // After the run: a run that left the plan (or had none) plans the arena anew from its log (true). Failing to
  // make the arena leaves none: the free list serves every run.
  bool EndRun(Device* device);
  bool Planned(const Buffer& b) const { return slot_of_.count(b.id()) > 0; }
  bool on_plan() const { return on_plan_; }
  size_t bytes() const { return memory_ ? memory_->bytes() : 0; }

 private:
  struct Request {
    const Tensor* tensor;
    size_t bytes;
    bool half;
    int first, last;
  };
  struct Slot {
    const Tensor* tensor;
    size_t bytes;
    bool half;
    std::unique_ptr<Buffer> buffer;  // null while its tensor holds it
  };
  void NoteSubmits(const Recorder& r);
  void Log(const Tensor* t, size_t bytes, bool half, bool host_writes, const Recorder& r);
  Status Plan(Device* device);

  std::shared_ptr<Memory> memory_;
  std::vector<Slot> slots_;
  std::map<uint64_t, size_t> slot_of_;  // Buffer::id() -> its slot
  std::vector<Request> requests_;       // this run's, in order
  std::map<const Tensor*, size_t> open_;  // tensors whose request has not ended
  int step_ = 0, segment_step_ = 0, submits_ = 0;
  bool on_plan_ = false;
  int replans_ = 0;  // consecutive runs that planned anew; a plan that never holds is given up after a few
};

}  // namespace vulkan
}  // namespace ember
