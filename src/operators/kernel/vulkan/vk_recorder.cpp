#include "operators/kernel/vulkan/vk_recorder.h"

#include <algorithm>

namespace ember {
namespace vulkan {

namespace {
constexpr uint32_t kSetsPerPool = 256;
constexpr uint32_t kMaxBindings = 8;

Status NewDescriptorPool(VkDevice device, VkDescriptorPool* pool) {
  VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSetsPerPool * kMaxBindings};
  VkDescriptorPoolCreateInfo info = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.maxSets = kSetsPerPool;
  info.poolSizeCount = 1;
  info.pPoolSizes = &size;
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
  return Status::OK();
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
  std::vector<VkWriteDescriptorSet> w(buffers.size());
  bool hazard = false;
  for (size_t i = 0; i < buffers.size(); ++i) {
    infos[i] = {buffers[i]->handle(), 0, VK_WHOLE_SIZE};
    w[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w[i].dstSet = set;
    w[i].dstBinding = static_cast<uint32_t>(i);
    w[i].descriptorCount = 1;
    w[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    w[i].pBufferInfo = &infos[i];
    hazard = hazard || written_.count(buffers[i]->handle()) > 0;
  }
  for (const Buffer* b : writes) hazard = hazard || read_.count(b->handle()) > 0;  // write after read
  vkUpdateDescriptorSets(d, static_cast<uint32_t>(w.size()), w.data(), 0, nullptr);
  // Read-after-write, write-after-write and write-after-read on a buffer of an earlier dispatch: wait for it.
  if (hazard) Barrier(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  vkCmdBindPipeline(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.pipeline);
  vkCmdBindDescriptorSets(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, 0, 1, &set, 0, nullptr);
  if (pipeline.push_bytes)
    vkCmdPushConstants(cmd_, pipeline.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pipeline.push_bytes, push);
  vkCmdDispatch(cmd_, gx, gy, gz);
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
  EMBER_RETURN_IF_ERROR(VkCheck(vkWaitForFences(d, 1, &fence_, VK_TRUE, UINT64_MAX), "vkWaitForFences"));
  EMBER_RETURN_IF_ERROR(VkCheck(vkResetFences(d, 1, &fence_), "vkResetFences"));
  for (VkDescriptorPool p : old_pools_) vkDestroyDescriptorPool(d, p, nullptr);
  old_pools_.clear();
  sets_in_pool_ = 0;
  return VkCheck(vkResetDescriptorPool(d, pool_, 0), "vkResetDescriptorPool");
}

}  // namespace vulkan
}  // namespace ember
