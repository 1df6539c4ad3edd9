#include "operators/kernel/vulkan/vk_recorder.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace ember {
namespace vulkan {

namespace {
constexpr uint32_t kMaxBindings = 8;

Status NewDescriptorPool(VkDevice device, uint32_t sets, VkDescriptorPool* pool) {
  VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, sets * kMaxBindings},
                                  {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, sets * kMaxBindings}};
  VkDescriptorPoolCreateInfo info = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.maxSets = sets;
  info.poolSizeCount = 2;
  info.pPoolSizes = sizes;
  return VkCheck(vkCreateDescriptorPool(device, &info, nullptr, pool), "vkCreateDescriptorPool");
}
}  // namespace

void GroupsFor(const Device& device, uint64_t n, uint32_t local, uint32_t* gx, uint32_t* gy) {
  const uint64_t groups = std::max<uint64_t>(1, (n + local - 1) / local);
  const uint64_t max_x = std::min<uint64_t>(device.max_workgroups_x(), 65535);
  *gx = static_cast<uint32_t>(std::min(groups, max_x));
  *gy = static_cast<uint32_t>((groups + *gx - 1) / *gx);
}

void Extents::Add(const Buffer& b) {
  auto& r = ranges_[b.memory()];
  const std::pair<size_t, size_t> e{b.memory_offset(), b.memory_offset() + b.bytes()};
  if (std::find(r.begin(), r.end(), e) == r.end()) r.push_back(e);
}

bool Extents::Overlaps(const Buffer& b) const {
  auto it = ranges_.find(b.memory());
  if (it == ranges_.end()) return false;
  const size_t begin = b.memory_offset(), end = begin + b.bytes();
  for (const auto& e : it->second)
    if (e.first < end && begin < e.second) return true;
  return false;
}

bool Recorder::Command::operator==(const Command& o) const {
  return pipeline == o.pipeline && bindings == o.bindings && push == o.push && groups[0] == o.groups[0] &&
         groups[1] == o.groups[1] && groups[2] == o.groups[2] && barrier_before == o.barrier_before;
}

Recorder::~Recorder() {
  VkDevice d = device_->handle();
  for (auto& s : segments_)
    if (s->pool) vkDestroyDescriptorPool(d, s->pool, nullptr);
  if (command_pool_) vkDestroyCommandPool(d, command_pool_, nullptr);  // frees the command buffers
  if (fence_) vkDestroyFence(d, fence_, nullptr);
  if (queries_) vkDestroyQueryPool(d, queries_, nullptr);
}

Status Recorder::Prepare() {
  VkDevice d = device_->handle();
  if (!command_pool_) {
    const char* reuse = std::getenv("EMBER_VULKAN_REUSE");
    if (reuse && std::string(reuse) == "0") reuse_ = false;
    VkCommandPoolCreateInfo pool = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool.queueFamilyIndex = device_->queue_family();
    EMBER_RETURN_IF_ERROR(VkCheck(vkCreateCommandPool(d, &pool, nullptr, &command_pool_), "vkCreateCommandPool"));
  }
  if (!fence_) {
    VkFenceCreateInfo f = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    EMBER_RETURN_IF_ERROR(VkCheck(vkCreateFence(d, &f, nullptr, &fence_), "vkCreateFence"));
  }
  return Status::OK();
}

Status Recorder::BeginTimestamps(VkCommandBuffer cmd) {
  const uint32_t need = static_cast<uint32_t>(log_.size()) + 1;
  if (!queries_ || query_capacity_ < need) {
    VkDevice d = device_->handle();
    if (queries_) vkDestroyQueryPool(d, queries_, nullptr);
    queries_ = VK_NULL_HANDLE;
    query_capacity_ = std::max<uint32_t>(1024, 2 * need);
    VkQueryPoolCreateInfo info = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = query_capacity_;
    EMBER_RETURN_IF_ERROR(VkCheck(vkCreateQueryPool(d, &info, nullptr, &queries_), "vkCreateQueryPool"));
  }
  vkCmdResetQueryPool(cmd, queries_, 0, need);
  vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries_, 0);
  queries_used_ = 1;
  query_tags_.clear();
  return Status::OK();
}

Status Recorder::ReadTimestamps() {
  if (queries_used_ < 2) return Status::OK();
  std::vector<uint64_t> ticks(queries_used_);
  EMBER_RETURN_IF_ERROR(VkCheck(vkGetQueryPoolResults(device_->handle(), queries_, 0, queries_used_,
                                                      ticks.size() * sizeof(uint64_t), ticks.data(), sizeof(uint64_t),
                                                      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                                "vkGetQueryPoolResults"));
  for (uint32_t i = 1; i < queries_used_; ++i)
    times_ms_[query_tags_[i - 1]] +=
        static_cast<double>((ticks[i] - ticks[i - 1]) & device_->timestamp_mask()) * device_->timestamp_ns() * 1e-6;
  queries_used_ = 0;
  return Status::OK();
}

void Recorder::Barrier(VkCommandBuffer cmd, VkPipelineStageFlags dst_stage, VkAccessFlags dst_access) {
  VkMemoryBarrier m = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  m.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  m.dstAccessMask = dst_access;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, dst_stage, 0, 1, &m, 0, nullptr, 0, nullptr);
}

Status Recorder::Dispatch(const Pipeline& pipeline, std::initializer_list<const Buffer*> reads,
                          std::initializer_list<const Buffer*> writes, const void* push, uint32_t gx, uint32_t gy,
                          uint32_t gz) {
  // Outputs stored as halves (vulkan_fp16_activations) take the pipeline's twin that writes them.
  size_t half_writes = 0;
  for (const Buffer* b : writes) half_writes += b->half();
  if (half_writes > 0 && half_writes < writes.size())
    return Internal("Vulkan ", pipeline.shader->name, ": its outputs are not all float32 or all halves");
  if (half_writes > 0) {
    const Pipeline* half = nullptr;
    EMBER_RETURN_IF_ERROR(device_->HalfOutputPipeline(pipeline, &half));
    return LogDispatch(*half, reads, writes, push, gx, gy, gz);
  }
  return LogDispatch(pipeline, reads, writes, push, gx, gy, gz);
}

Status Recorder::LogDispatch(const Pipeline& pipeline, std::initializer_list<const Buffer*> reads,
                             std::initializer_list<const Buffer*> writes, const void* push, uint32_t gx, uint32_t gy,
                             uint32_t gz) {
  std::vector<const Buffer*> buffers(reads);
  buffers.insert(buffers.end(), writes.begin(), writes.end());
  if (buffers.size() != pipeline.bindings || buffers.size() > kMaxBindings)
    return Internal("Vulkan dispatch with ", buffers.size(), " buffers for a pipeline of ", pipeline.bindings);
  Command c{&pipeline, {}, {}, {gx, gy, gz}, false, tag_};
  bool hazard = profiling_ && !log_.empty();  // profiling: one dispatch at a time
  for (size_t i = 0; i < buffers.size(); ++i) {
    VkBufferView view = VK_NULL_HANDLE;
    if (pipeline.types[i] == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER) {
      view = (pipeline.vec4_texels >> i) & 1u ? buffers[i]->texel4_view() : buffers[i]->texel_view();
      if (!view) return Internal("Vulkan dispatch: binding ", i, " is over the texel buffer limit");
    }
    c.bindings.push_back({buffers[i]->id(), buffers[i]->handle(), view});
    logged_.Add(*buffers[i]);
    hazard = hazard || written_.Overlaps(*buffers[i]);
  }
  for (const Buffer* b : writes) hazard = hazard || read_.Overlaps(*b);  // write after read
  // Read-after-write, write-after-write and write-after-read on a buffer of an earlier dispatch: wait for it.
  if (hazard) {
    c.barrier_before = true;
    written_.Clear();
    read_.Clear();
    ++barriers_;
  }
  const auto* bytes = static_cast<const uint8_t*>(push);
  if (pipeline.push_bytes) c.push.assign(bytes, bytes + pipeline.push_bytes);
  for (const Buffer* b : writes) written_.Add(*b);
  for (const Buffer* b : reads) read_.Add(*b);
  log_.push_back(std::move(c));
  ++dispatches_;
  return Status::OK();
}

Status Recorder::RecordCommand(Segment* s, const Command& c) {
  VkDescriptorSetAllocateInfo a = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  a.descriptorPool = s->pool;
  a.descriptorSetCount = 1;
  a.pSetLayouts = &c.pipeline->set_layout;
  VkDescriptorSet set;
  VkDevice d = device_->handle();
  EMBER_RETURN_IF_ERROR(VkCheck(vkAllocateDescriptorSets(d, &a, &set), "vkAllocateDescriptorSets"));
  const size_t n = c.bindings.size();
  std::vector<VkDescriptorBufferInfo> infos(n);
  std::vector<VkWriteDescriptorSet> w(n);
  for (size_t i = 0; i < n; ++i) {
    infos[i] = {c.bindings[i].buffer, 0, VK_WHOLE_SIZE};
    w[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w[i].dstSet = set;
    w[i].dstBinding = static_cast<uint32_t>(i);
    w[i].descriptorCount = 1;
    w[i].descriptorType = c.pipeline->types[i];
    if (c.bindings[i].view)
      w[i].pTexelBufferView = &c.bindings[i].view;
    else
      w[i].pBufferInfo = &infos[i];
  }
  vkUpdateDescriptorSets(d, static_cast<uint32_t>(n), w.data(), 0, nullptr);
  if (c.barrier_before)
    Barrier(s->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  vkCmdBindPipeline(s->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline->pipeline);
  vkCmdBindDescriptorSets(s->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline->layout, 0, 1, &set, 0, nullptr);
  if (!c.push.empty())
    vkCmdPushConstants(s->cmd, c.pipeline->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       static_cast<uint32_t>(c.push.size()), c.push.data());
  vkCmdDispatch(s->cmd, c.groups[0], c.groups[1], c.groups[2]);
  if (s->profiled) {  // written once this dispatch and everything before it finished
    vkCmdWriteTimestamp(s->cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries_, queries_used_++);
    query_tags_.push_back(c.tag);
  }
  return Status::OK();
}

// Records log_ into s's command buffer (its descriptor pool sized for the segment).
Status Recorder::Record(Segment* s) {
  VkDevice d = device_->handle();
  if (!s->cmd) {
    VkCommandBufferAllocateInfo a = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    a.commandPool = command_pool_;
    a.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    a.commandBufferCount = 1;
    EMBER_RETURN_IF_ERROR(VkCheck(vkAllocateCommandBuffers(d, &a, &s->cmd), "vkAllocateCommandBuffers"));
  }
  s->valid = false;
  EMBER_RETURN_IF_ERROR(VkCheck(vkResetCommandBuffer(s->cmd, 0), "vkResetCommandBuffer"));
  const uint32_t sets = static_cast<uint32_t>(log_.size());
  if (s->pool && s->pool_sets < sets) {
    vkDestroyDescriptorPool(d, s->pool, nullptr);
    s->pool = VK_NULL_HANDLE;
  }
  if (!s->pool) {
    s->pool_sets = std::max<uint32_t>(16, sets);
    EMBER_RETURN_IF_ERROR(NewDescriptorPool(d, s->pool_sets, &s->pool));
  } else {
    EMBER_RETURN_IF_ERROR(VkCheck(vkResetDescriptorPool(d, s->pool, 0), "vkResetDescriptorPool"));
  }
  VkCommandBufferBeginInfo b = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  EMBER_RETURN_IF_ERROR(VkCheck(vkBeginCommandBuffer(s->cmd, &b), "vkBeginCommandBuffer"));
  s->profiled = profiling_;
  if (s->profiled) EMBER_RETURN_IF_ERROR(BeginTimestamps(s->cmd));
  for (const Command& c : log_) EMBER_RETURN_IF_ERROR(RecordCommand(s, c));
  Barrier(s->cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);  // the host reads the mapped results
  EMBER_RETURN_IF_ERROR(VkCheck(vkEndCommandBuffer(s->cmd), "vkEndCommandBuffer"));
  s->commands = std::move(log_);
  s->valid = true;
  return Status::OK();
}

Status Recorder::Reset() {
  log_.clear();
  logged_.Clear();
  written_.Clear();
  read_.Clear();
  segment_ = 0;
  return Status::OK();
}

Status Recorder::SubmitAndWait() {
  if (log_.empty()) return Status::OK();
  EMBER_RETURN_IF_ERROR(Prepare());
  if (segments_.size() <= segment_) segments_.emplace_back(new Segment());
  Segment* s = segments_[segment_++].get();
  ++barriers_;  // the one handing the results to the host
  logged_.Clear();
  written_.Clear();
  read_.Clear();
  const bool replay = reuse_ && !profiling_ && s->valid && !s->profiled && s->commands == log_;
  if (replay) {
    log_.clear();
    ++reused_;
  } else {
    EMBER_RETURN_IF_ERROR(Record(s));
  }
  VkSubmitInfo info = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  info.commandBufferCount = 1;
  info.pCommandBuffers = &s->cmd;
  VkDevice d = device_->handle();
  {
    std::lock_guard<std::mutex> lock(device_->queue_mutex());
    EMBER_RETURN_IF_ERROR(VkCheck(vkQueueSubmit(device_->queue(), 1, &info, fence_), "vkQueueSubmit"));
  }
  ++submits_;
  EMBER_RETURN_IF_ERROR(VkCheck(vkWaitForFences(d, 1, &fence_, VK_TRUE, UINT64_MAX), "vkWaitForFences"));
  EMBER_RETURN_IF_ERROR(VkCheck(vkResetFences(d, 1, &fence_), "vkResetFences"));
  return s->profiled ? ReadTimestamps() : Status::OK();
}

}  // namespace vulkan
}  // namespace ember
