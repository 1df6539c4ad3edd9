#include "operators/kernel/vulkan/vk_recorder.h"

#include <algorithm>

namespace ember {
namespace vulkan {

namespace {
constexpr uint32_t kSetsPerPool = 256;
constexpr uint32_t kMaxBindings = 8;

Status NewDescriptorPool(VkDevice device, VkDescriptorPool* pool) {
  VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSetsPerPool * kMaxBindings},
                                  {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, kSetsPerPool * kMaxBindings}};
  VkDescriptorPoolCreateInfo info = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.maxSets = kSetsPerPool;
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

Recorder::~Recorder() {
  VkDevice d = device_->handle();
  if (command_pool_) vkDestroyCommandPool(d, command_pool_, nullptr);  // frees cmd_
  for (VkDescriptorPool p : old_pools_) vkDestroyDescriptorPool(d, p, nullptr);
  if (pool_) vkDestroyDescriptorPool(d, pool_, nullptr);
  if (fence_) vkDestroyFence(d, fence_, nullptr);
  if (queries_) vkDestroyQueryPool(d, queries_, nullptr);
}

Status Recorder::BeginTimestamps() {
  if (!queries_ || queries_overflowed_) {
    VkDevice d = device_->handle();
    if (queries_) vkDestroyQueryPool(d, queries_, nullptr);
    queries_ = VK_NULL_HANDLE;
    query_capacity_ = std::max<uint32_t>(1024, 2 * query_capacity_);
    VkQueryPoolCreateInfo info = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = query_capacity_;
    EMBER_RETURN_IF_ERROR(VkCheck(vkCreateQueryPool(d, &info, nullptr, &queries_), "vkCreateQueryPool"));
    queries_overflowed_ = false;
  }
  vkCmdResetQueryPool(cmd_, queries_, 0, query_capacity_);
  vkCmdWriteTimestamp(cmd_, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries_, 0);
  queries_used_ = 1;
  query_tags_.clear();
  return Status::OK();
}

// After a dispatch: written once it and everything before it finished.
void Recorder::Timestamp() {
  if (queries_used_ == query_capacity_) {
    queries_overflowed_ = true;
    return;
  }
  vkCmdWriteTimestamp(cmd_, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries_, queries_used_++);
  query_tags_.push_back(tag_);
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

Status Recorder::Begin() {
  VkDevice d = device_->handle();
  if (!cmd_) {
    VkCommandPoolCreateInfo pool = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool.queueFamilyIndex = device_->queue_family();
    EMBER_RETURN_IF_ERROR(VkCheck(vkCreateCommandPool(d, &pool, nullptr, &command_pool_), "vkCreateCommandPool"));
    VkCommandBufferAllocateInfo a = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    a.commandPool = command_pool_;
    a.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    a.commandBufferCount = 1;
    EMBER_RETURN_IF_ERROR(VkCheck(vkAllocateCommandBuffers(d, &a, &cmd_), "vkAllocateCommandBuffers"));
  }
  if (!fence_) {
    VkFenceCreateInfo f = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    EMBER_RETURN_IF_ERROR(VkCheck(vkCreateFence(d, &f, nullptr, &fence_), "vkCreateFence"));
  }
  if (!pool_) EMBER_RETURN_IF_ERROR(NewDescriptorPool(d, &pool_));
  VkCommandBufferBeginInfo b = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  b.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  EMBER_RETURN_IF_ERROR(VkCheck(vkBeginCommandBuffer(cmd_, &b), "vkBeginCommandBuffer"));
  recording_ = true;
  written_.clear();
  read_.clear();
  queries_used_ = 0;
  return profiling_ ? BeginTimestamps() : Status::OK();
}

void Recorder::Barrier(VkPipelineStageFlags dst_stage, VkAccessFlags dst_access) {
  VkMemoryBarrier m = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  m.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  m.dstAccessMask = dst_access;
  vkCmdPipelineBarrier(cmd_, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, dst_stage, 0, 1, &m, 0, nullptr, 0, nullptr);
  written_.clear();
  read_.clear();
  ++barriers_;
}

Status Recorder::Dispatch(const Pipeline& pipeline, std::initializer_list<const Buffer*> reads,
                          std::initializer_list<const Buffer*> writes, const void* push, uint32_t gx, uint32_t gy,
                          uint32_t gz) {
  std::vector<const Buffer*> buffers(reads);
  buffers.insert(buffers.end(), writes.begin(), writes.end());
  if (buffers.size() != pipeline.bindings || buffers.size() > kMaxBindings)
    return Internal("Vulkan dispatch with ", buffers.size(), " buffers for a pipeline of ", pipeline.bindings);
  if (!recording_) EMBER_RETURN_IF_ERROR(Begin());
  VkDevice d = device_->handle();
  if (sets_in_pool_ == kSetsPerPool) {
    old_pools_.push_back(pool_);
    pool_ = VK_NULL_HANDLE;
    EMBER_RETURN_IF_ERROR(NewDescriptorPool(d, &pool_));
    sets_in_pool_ = 0;
  }
  VkDescriptorSetAllocateInfo a = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  a.descriptorPool = pool_;
  a.descriptorSetCount = 1;
  a.pSetLayouts = &pipeline.set_layout;
  VkDescriptorSet set;
  EMBER_RETURN_IF_ERROR(VkCheck(vkAllocateDescriptorSets(d, &a, &set), "vkAllocateDescriptorSets"));
  ++sets_in_pool_;
  std::vector<VkDescriptorBufferInfo> infos(buffers.size());
  std::vector<VkBufferView> views(buffers.size());
  std::vector<VkWriteDescriptorSet> w(buffers.size());
  bool hazard = false;
  for (size_t i = 0; i < buffers.size(); ++i) {
    infos[i] = {buffers[i]->handle(), 0, VK_WHOLE_SIZE};
    views[i] = (pipeline.vec4_texels >> i) & 1u ? buffers[i]->texel4_view() : buffers[i]->texel_view();
    w[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w[i].dstSet = set;
    w[i].dstBinding = static_cast<uint32_t>(i);
    w[i].descriptorCount = 1;
    w[i].descriptorType = pipeline.types[i];
    if (pipeline.types[i] == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER) {
      if (!views[i]) return Internal("Vulkan dispatch: binding ", i, " is over the texel buffer limit");
      w[i].pTexelBufferView = &views[i];
    } else {
      w[i].pBufferInfo = &infos[i];
    }
    hazard = hazard || written_.count(buffers[i]->handle()) > 0;
  }
  for (const Buffer* b : writes) hazard = hazard || read_.count(b->handle()) > 0;  // write after read
  hazard = hazard || (queries_used_ > 1);  // profiling: one dispatch at a time
  vkUpdateDescriptorSets(d, static_cast<uint32_t>(w.size()), w.data(), 0, nullptr);
  // Read-after-write, write-after-write and write-after-read on a buffer of an earlier dispatch: wait for it.
  if (hazard) Barrier(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  vkCmdBindPipeline(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.pipeline);
  vkCmdBindDescriptorSets(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, 0, 1, &set, 0, nullptr);
  if (pipeline.push_bytes)
    vkCmdPushConstants(cmd_, pipeline.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pipeline.push_bytes, push);
  vkCmdDispatch(cmd_, gx, gy, gz);
  if (queries_used_ > 0) Timestamp();
  for (const Buffer* b : writes) written_.insert(b->handle());
  for (const Buffer* b : reads) read_.insert(b->handle());
  ++dispatches_;
  return Status::OK();
}

Status Recorder::Reset() {
  if (!recording_) return Status::OK();
  recording_ = false;
  written_.clear();
  read_.clear();
  queries_used_ = 0;
  EMBER_RETURN_IF_ERROR(VkCheck(vkEndCommandBuffer(cmd_), "vkEndCommandBuffer"));
  EMBER_RETURN_IF_ERROR(VkCheck(vkResetCommandBuffer(cmd_, 0), "vkResetCommandBuffer"));
  VkDevice d = device_->handle();
  for (VkDescriptorPool p : old_pools_) vkDestroyDescriptorPool(d, p, nullptr);
  old_pools_.clear();
  sets_in_pool_ = 0;
  return VkCheck(vkResetDescriptorPool(d, pool_, 0), "vkResetDescriptorPool");
}

Status Recorder::SubmitAndWait() {
  if (!recording_) return Status::OK();
  Barrier(VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);  // the host reads the mapped results
  recording_ = false;
  EMBER_RETURN_IF_ERROR(VkCheck(vkEndCommandBuffer(cmd_), "vkEndCommandBuffer"));
  VkSubmitInfo s = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  s.commandBufferCount = 1;
  s.pCommandBuffers = &cmd_;
  VkDevice d = device_->handle();
  {
    std::lock_guard<std::mutex> lock(device_->queue_mutex());
    EMBER_RETURN_IF_ERROR(VkCheck(vkQueueSubmit(device_->queue(), 1, &s, fence_), "vkQueueSubmit"));
  }
  ++submits_;
  EMBER_RETURN_IF_ERROR(VkCheck(vkWaitForFences(d, 1, &fence_, VK_TRUE, UINT64_MAX), "vkWaitForFences"));
  EMBER_RETURN_IF_ERROR(VkCheck(vkResetFences(d, 1, &fence_), "vkResetFences"));
  EMBER_RETURN_IF_ERROR(ReadTimestamps());
  for (VkDescriptorPool p : old_pools_) vkDestroyDescriptorPool(d, p, nullptr);
  old_pools_.clear();
  sets_in_pool_ = 0;
  return VkCheck(vkResetDescriptorPool(d, pool_, 0), "vkResetDescriptorPool");
}

}  // namespace vulkan
}  // namespace ember
