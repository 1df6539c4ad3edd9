// Records a run's dispatches and submits them once, waiting on one fence. A barrier goes in only before a
// dispatch that touches memory an earlier dispatch since the last barrier wrote, or writes memory an earlier
// dispatch read (buffers of the activation arena alias one another: hazards are on byte ranges of memory); the
// end of the command buffer makes every shader write visible to the host (the buffers stay mapped).
// Reuse: the dispatches between two submits (a segment) are logged first and recorded into a command buffer at
// the submit. The k-th segment of a run that logs the same dispatches as the k-th of the run before (the same
// pipelines, buffers, push constants and groups: the shapes did not change) submits the command buffer recorded
// then, with its descriptor sets, instead of recording a new one.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "operators/kernel/vulkan/vk_device.h"

namespace ember {
namespace vulkan {

// Byte ranges of device memory that dispatches touched.
class Extents {
 public:
  void Add(const Buffer& b);
  bool Overlaps(const Buffer& b) const;
  void Clear() { ranges_.clear(); }

 private:
  std::map<VkDeviceMemory, std::vector<std::pair<size_t, size_t>>> ranges_;  // [begin, end) per memory
};

class Recorder {
 public:
  explicit Recorder(Device* device) : device_(device) {}
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // One dispatch of `pipeline` with its bindings: `reads` first, then `writes`, in binding order; push constants
  // of pipeline.push_bytes; groups x, y, z. Writes stored as halves take the pipeline's half-writing twin.
  Status Dispatch(const Pipeline& pipeline, std::initializer_list<const Buffer*> reads,
                  std::initializer_list<const Buffer*> writes, const void* push, uint32_t gx, uint32_t gy = 1,
                  uint32_t gz = 1);
  // Submits what was logged (a command buffer of an earlier run when it logged the same) and waits for it.
  Status SubmitAndWait();
  // Drops what was logged and not submitted (a run that failed midway); the next segment is a run's first.
  Status Reset();
  // Off: every segment is recorded anew (for tests and A/B measurements; EMBER_VULKAN_REUSE=0 at creation).
  void set_reuse(bool on) { reuse_ = on; }
  // Profiling (`--profile`): each dispatch waits for the one before it, so that the timestamp written after each
  // gives its own GPU time; times are summed per tag (the op that recorded the dispatch) in times_ms().
  // Profiled segments are always recorded anew.
  void SetProfiling(bool on) { profiling_ = on && device_->timestamp_ns() > 0; }
  void SetTag(const void* tag) { tag_ = tag; }
  const std::map<const void*, double>& times_ms() const { return times_ms_; }
  void ClearTimes() { times_ms_.clear(); }
  int barriers() const { return barriers_; }
  int dispatches() const { return dispatches_; }
  int submits() const { return submits_; }
  int reused_submits() const { return reused_; }  // submits of a command buffer recorded in an earlier run
  // A dispatch logged and not yet submitted binds b or a buffer on the same bytes.
  bool Logged(const Buffer& b) const { return logged_.Overlaps(b); }

 private:
  Status LogDispatch(const Pipeline& pipeline, std::initializer_list<const Buffer*> reads,
                     std::initializer_list<const Buffer*> writes, const void* push, uint32_t gx, uint32_t gy,
                     uint32_t gz);
  struct Binding {
    uint64_t buffer_id;  // Buffer::id(): unique per buffer, so a new buffer at a freed one's address differs
    VkBuffer buffer;
    VkBufferView view;
    bool operator==(const Binding& o) const { return buffer_id == o.buffer_id && view == o.view; }
  };
  struct Command {
    const Pipeline* pipeline;
    std::vector<Binding> bindings;
    std::vector<uint8_t> push;
    uint32_t groups[3];
    bool barrier_before;
    const void* tag;
    bool operator==(const Command& o) const;
  };
  struct Segment {  // a command buffer of an earlier run, and what it was recorded from
    std::vector<Command> commands;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    uint32_t pool_sets = 0;
    bool profiled = false;
    bool valid = false;
  };
  Status Prepare();
  Status Record(Segment* s);
  Status RecordCommand(Segment* s, const Command& c);
  void Barrier(VkCommandBuffer cmd, VkPipelineStageFlags dst_stage, VkAccessFlags dst_access);
  Status BeginTimestamps(VkCommandBuffer cmd);
  Status ReadTimestamps();

  Device* device_;
  VkCommandPool command_pool_ = VK_NULL_HANDLE;  // the recorder's own: a pool is used by one thread at a time
  VkFence fence_ = VK_NULL_HANDLE;
  std::vector<Command> log_;          // this segment's dispatches, not yet recorded
  std::vector<std::unique_ptr<Segment>> segments_;  // by position in the run
  size_t segment_ = 0;                // the position of the segment being logged
  Extents written_;                   // written since the last barrier
  Extents read_;                      // read since the last barrier
  Extents logged_;                    // the memory log_ binds
  int barriers_ = 0;
  int dispatches_ = 0;
  int submits_ = 0;
  int reused_ = 0;
  bool reuse_ = true;
  bool profiling_ = false;
  const void* tag_ = nullptr;
  VkQueryPool queries_ = VK_NULL_HANDLE;
  uint32_t query_capacity_ = 0, queries_used_ = 0;
  std::vector<const void*> query_tags_;  // the tag of the dispatch ending at query i + 1
  std::map<const void*, double> times_ms_;
};

// Groups of `local` invocations covering n items, in x (up to the device's limit) then y.
void GroupsFor(const Device& device, uint64_t n, uint32_t local, uint32_t* gx, uint32_t* gy);

}  // namespace vulkan
}  // namespace ember
