// Records a run's dispatches into one command buffer and submits it once, waiting on one fence. A barrier goes in
// only before a dispatch that touches a buffer an earlier dispatch since the last barrier wrote, or writes one
// an earlier dispatch read; the end of the buffer makes every shader write visible to the host (the buffers stay
// mapped).
#pragma once

#include <initializer_list>
#include <map>
#include <set>
#include <vector>

#include "operators/kernel/vulkan/vk_device.h"

namespace ember {
namespace vulkan {

class Recorder {
 public:
  explicit Recorder(Device* device) : device_(device) {}
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // One dispatch of `pipeline` with its bindings: `reads` first, then `writes`, in binding order; push constants
  // of pipeline.push_bytes; groups x, y, z.
  Status Dispatch(const Pipeline& pipeline, std::initializer_list<const Buffer*> reads,
                  std::initializer_list<const Buffer*> writes, const void* push, uint32_t gx, uint32_t gy = 1,
                  uint32_t gz = 1);
  // Submits what was recorded and waits for it; the recorder can then record again.
  Status SubmitAndWait();
  // Drops what was recorded and not submitted (a run that failed midway).
  Status Reset();
  // Profiling (`--profile`): each dispatch waits for the one before it, so that the timestamp written after each
  // gives its own GPU time; times are summed per tag (the op that recorded the dispatch) in times_ms().
  void SetProfiling(bool on) { profiling_ = on && device_->timestamp_ns() > 0; }
  void SetTag(const void* tag) { tag_ = tag; }
  const std::map<const void*, double>& times_ms() const { return times_ms_; }
  void ClearTimes() { times_ms_.clear(); }
  int barriers() const { return barriers_; }
  int dispatches() const { return dispatches_; }
  int submits() const { return submits_; }

 private:
  Status Begin();
  void Barrier(VkPipelineStageFlags dst_stage, VkAccessFlags dst_access);
  Status BeginTimestamps();
  void Timestamp();
  Status ReadTimestamps();

  Device* device_;
  VkCommandPool command_pool_ = VK_NULL_HANDLE;  // the recorder's own: a pool is used by one thread at a time
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
  bool recording_ = false;
  std::set<VkBuffer> written_;  // written since the last barrier
  std::set<VkBuffer> read_;     // read since the last barrier
  int barriers_ = 0;
  int dispatches_ = 0;
  int submits_ = 0;
  uint32_t sets_in_pool_ = 0;
  std::vector<VkDescriptorPool> old_pools_;  // full pools, released after the submit
  bool profiling_ = false;
  const void* tag_ = nullptr;
  VkQueryPool queries_ = VK_NULL_HANDLE;
  uint32_t query_capacity_ = 0, queries_used_ = 0;
  bool queries_overflowed_ = false;        // more dispatches than queries: a bigger pool next time
  std::vector<const void*> query_tags_;    // the tag of the dispatch ending at query i + 1
  std::map<const void*, double> times_ms_;
};

// Groups of `local` invocations covering n items, in x (up to the device's limit) then y.
void GroupsFor(const Device& device, uint64_t n, uint32_t local, uint32_t* gx, uint32_t* gy);

}  // namespace vulkan
}  // namespace ember
