// The Vulkan device Ember computes on: one per process, created on first use (instance, the first physical device
// with a compute queue, the logical device; each Recorder has its own command pool). Buffers are host-visible
// storage buffers mapped for their lifetime (on lavapipe and on phones' unified memory they are also the GPU's own
// memory). Pipelines are built once per shader from the SPIR-V that glslc compiled at build time
// (vulkan_shaders.inc).
// EMBER_VULKAN_VALIDATION=1 loads Khronos' validation layer and counts what it reports (tests fail on any).
#pragma once

#include <vulkan/vulkan.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "framework/status.h"

namespace ember {
namespace vulkan {

class Device;

// Host-visible memory mapped while it lives, in which buffers are placed at offsets (Buffer::CreateIn): the
// planned arena of a run's activations, whose buffers alias one another where their tensors' lifetimes do not
// meet.
class Memory {
 public:
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;
  ~Memory();
  static Status Create(Device* device, size_t bytes, std::shared_ptr<Memory>* out);
  VkDeviceMemory handle() const { return memory_; }
  size_t bytes() const { return bytes_; }
  // The offsets buffers may start at: a multiple of this (Vulkan's alignment for such buffers, at least 256).
  size_t alignment() const { return alignment_; }

 private:
  friend class Buffer;
  explicit Memory(Device* device) : device_(device) {}
  Device* device_;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  void* mapped_ = nullptr;
  size_t bytes_ = 0, alignment_ = 256;
  uint32_t type_ = 0;
};

// A storage buffer and its memory (its own, or a part of a Memory), mapped while it lives.
class Buffer {
 public:
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer();
  // size bytes (at least 4: Vulkan has no empty buffer). half: its elements are IEEE halves, read only through
  // its texel views (R16 formats, which the shaders fetch as floats); Device::half_texels() says whether it can be.
  static Status Create(Device* device, size_t bytes, std::unique_ptr<Buffer>* out, bool half = false);
  // A buffer of `bytes` at `offset` of `memory` (a multiple of its alignment; the part must fit); half as Create's.
  static Status CreateIn(const std::shared_ptr<Memory>& memory, size_t offset, size_t bytes,
                         std::unique_ptr<Buffer>* out, bool half = false);
  bool half() const { return half_; }
  VkBuffer handle() const { return buffer_; }
  size_t bytes() const { return bytes_; }
  // Where its bytes are: two buffers overlap when these ranges do (a dispatch's hazards are on memory).
  VkDeviceMemory memory() const { return memory_; }
  size_t memory_offset() const { return memory_offset_; }
  bool in_arena() const { return arena_ != nullptr; }
  uint64_t id() const { return id_; }  // unique in the process (a recorded command buffer names its buffers by it)
  float* data() const { return static_cast<float*>(mapped_); }
  // An R32_SFLOAT (half: R16_SFLOAT) view of the whole buffer for uniform texel buffer bindings (textureBuffer in
  // GLSL); null when the buffer has more elements than the device's texel buffer limit.
  VkBufferView texel_view() const { return texel_view_; }
  VkBufferView texel4_view() const { return texel4_view_; }  // R32G32B32A32_SFLOAT (bytes a multiple of 16), R16G16B16A16

 private:
  explicit Buffer(Device* device) : device_(device) {}
  Status Init(size_t bytes, bool half, VkMemoryRequirements* req);  // the handle and its id, no memory yet
  Status MakeViews();
  Device* device_;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  std::shared_ptr<Memory> arena_;  // set: memory_ is the arena's, not this buffer's own
  size_t memory_offset_ = 0;
  void* mapped_ = nullptr;
  VkBufferView texel_view_ = VK_NULL_HANDLE, texel4_view_ = VK_NULL_HANDLE;
  size_t bytes_ = 0;
  uint64_t id_ = 0;
  bool half_ = false;
};

// A compute pipeline over `bindings` storage buffers (binding i = the i-th buffer a dispatch passes) and a push
// constant block of push_bytes.
// One SPIR-V module glslc compiled at build time (cmake/embed_spirv.cmake).
struct ShaderBlob {
  const char* name;
  const uint32_t* words;
  size_t count;
  const ShaderBlob* half_out;  // a texel variant's twin writing IEEE halves (NAME_th: -DHALF_OUT), or null
};
// A shader of shaders/ (`shaders::NAME`, vulkan_shaders.h): its storage-buffer module and, for one that reads
// through INPUT (shaders/common.glsl), its texel-buffer variant NAME_t (else words null).
struct Shader {
  ShaderBlob plain, texel;
};

struct Pipeline {
  const ShaderBlob* shader = nullptr;
  std::vector<uint32_t> constants;  // its specialization constants
  VkShaderModule module = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  uint32_t bindings = 0;
  uint32_t push_bytes = 0;
  std::vector<VkDescriptorType> types;  // per binding: storage buffer, or uniform texel buffer
  uint32_t vec4_texels = 0;             // bit i: binding i reads the buffer's texel4_view
};

class Device {
 public:
  // The process's device, created on the first call; a clear error (and nullptr) when there is none.
  static Status Get(Device** out);
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  VkDevice handle() const { return device_; }
  VkQueue queue() const { return queue_; }
  uint32_t queue_family() const { return queue_family_; }
  std::mutex& queue_mutex() { return queue_mutex_; }  // vkQueueSubmit is externally synchronized
  const std::string& name() const { return name_; }
  // The pipeline of `shader` (a module of shaders/), built on first use; `constants` are its
  // specialization constants 0, 1, ... (32-bit each): one pipeline per distinct set (a layer's shapes).
  // `types`: each binding's descriptor type (storage buffers when empty; VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
  // reads the buffer's texel_view: on CPU drivers a texel fetch is a vector gather, a storage-buffer load is not).
  Status GetPipeline(const ShaderBlob& shader, uint32_t bindings, uint32_t push_bytes, const Pipeline** out,
                     const std::vector<uint32_t>& constants = {}, const std::vector<VkDescriptorType>& types = {},
                     uint32_t vec4_texels = 0);
  // GetPipeline for a shader whose first reads.size() bindings are INPUTs (shaders/common.glsl): its texel variant
  // when every one of those buffers has a texel view, else the one over storage buffers. Bit i of vec4_reads:
  // read i fetches 4 floats per texel (its texel4_view).
  Status GetReadPipeline(const Shader& shader, std::initializer_list<const Buffer*> reads, uint32_t bindings,
                         uint32_t push_bytes, const Pipeline** out, const std::vector<uint32_t>& constants = {},
                         uint32_t vec4_reads = 0);
  // The same pipeline writing IEEE halves (the NAME_th twin of a texel variant, built on first use); a clear error
  // when there is none (a storage-buffer variant, a shader without INPUT) or the device has no 16-bit storage.
  Status HalfOutputPipeline(const Pipeline& p, const Pipeline** out);
  // Merges the driver's compiled pipelines from `path` (VkPipelineCache data) into the device's cache: a missing
  // file is not an error (SavePipelineCache writes it); one another device or driver wrote is ignored, as is one
  // that is not a pipeline cache, with a note on stderr.
  Status LoadPipelineCache(const std::string& path);
  // Writes the pipeline cache to `path` (through a temporary file and a rename) unless it was read whole or
  // written there and no pipeline was built since.
  Status SavePipelineCache(const std::string& path);
  int pipelines_built() const { return pipelines_built_.load(); }
  // Off: GetReadPipeline always takes the storage-buffer variants (tests run both).
  void set_texel_reads(bool on) { texel_reads_ = on; }
  bool texel_reads() const { return texel_reads_; }
  // A memory type with all of `flags` among `type_bits`, or -1.
  int MemoryType(uint32_t type_bits, VkMemoryPropertyFlags flags) const;
  // Messages the validation layer reported (warnings and errors) since the device was created.
  int validation_messages() const { return validation_messages_.load(); }
  bool validation_enabled() const { return messenger_ != VK_NULL_HANDLE; }
  uint32_t max_workgroups_x() const { return max_groups_x_; }
  uint32_t max_texel_elements() const { return max_texel_elements_; }
  // R16_SFLOAT and R16G16B16A16_SFLOAT uniform texel buffers (weights stored as halves, Buffer::Create's half).
  bool half_texels() const { return half_texels_; }
  // half_texels and 16-bit storage buffer writes (storageBuffer16BitAccess): activations stored as halves.
  bool half_storage() const { return half_storage_; }
  // Nanoseconds per timestamp tick; 0 when the compute queue writes no timestamps.
  double timestamp_ns() const { return timestamp_ns_; }
  uint64_t timestamp_mask() const { return timestamp_mask_; }  // the valid bits: differences wrap within them

 private:
  Device() = default;
  Status Init();
  Status CreateInstance();
  Status PickPhysicalDevice();
  Status CreateLogicalDevice();
  std::string PipelineCacheMismatch(const std::vector<char>& data) const;
  static VKAPI_ATTR VkBool32 VKAPI_CALL OnValidation(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                    VkDebugUtilsMessageTypeFlagsEXT types,
                                                    const VkDebugUtilsMessengerCallbackDataEXT* data, void* self);

  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory_ = {};
  VkDevice device_ = VK_NULL_HANDLE;
  uint32_t queue_family_ = 0;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t max_groups_x_ = 65535;
  uint32_t max_texel_elements_ = 65536;
  bool half_texels_ = false, half_storage_ = false;
  double timestamp_ns_ = 0;
  uint64_t timestamp_mask_ = ~0ull;
  std::string name_;
  std::mutex queue_mutex_;
  std::mutex pipelines_mutex_;
  std::map<std::string, Pipeline> pipelines_;
  VkPipelineCache cache_ = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties props_ = {};
  std::atomic<int> pipelines_built_{0};
  std::map<std::string, int> cache_files_;  // path -> pipelines_built when it was last read or written; -1: stale
  std::atomic<int> validation_messages_{0};
  std::atomic<bool> texel_reads_{true};
};

// "vkCreateBuffer returned VK_ERROR_OUT_OF_DEVICE_MEMORY (-2)" as an Internal status; Ok for VK_SUCCESS.
Status VkCheck(VkResult result, const char* call);

}  // namespace vulkan
}  // namespace ember
