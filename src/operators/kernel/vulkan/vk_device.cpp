#include "operators/kernel/vulkan/vk_device.h"

#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

namespace ember {
namespace vulkan {

#include "vulkan_shaders.inc"  // every module and shaders::NAME, referenced by the kernels that dispatch them

namespace {

const char* ResultName(VkResult r) {
  switch (r) {
    case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
    case VK_TIMEOUT: return "VK_TIMEOUT";
    default: return "VkResult";
  }
}

bool ValidationRequested() {
  const char* v = std::getenv("EMBER_VULKAN_VALIDATION");
  return v && std::strcmp(v, "0") != 0 && *v;
}

bool HasInstanceLayer(const char* name) {
  uint32_t n = 0;
  if (vkEnumerateInstanceLayerProperties(&n, nullptr) != VK_SUCCESS) return false;
  std::vector<VkLayerProperties> layers(n);
  if (vkEnumerateInstanceLayerProperties(&n, layers.data()) != VK_SUCCESS) return false;
  for (const auto& l : layers)
    if (std::strcmp(l.layerName, name) == 0) return true;
  return false;
}

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

}  // namespace

Status VkCheck(VkResult result, const char* call) {
  if (result == VK_SUCCESS) return Status::OK();
  return Internal(call, " returned ", ResultName(result), " (", static_cast<int>(result), ")");
}

// ---- Memory and Buffer ----

namespace {
constexpr VkBufferUsageFlags kBufferUsage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                            VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
                                            VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

// Host-visible coherent memory among type_bits, device-local when there is such.
Status HostVisibleType(const Device& device, uint32_t type_bits, uint32_t* type) {
  const VkMemoryPropertyFlags visible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  int t = device.MemoryType(type_bits, visible | VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (t < 0) t = device.MemoryType(type_bits, visible);
  if (t < 0) return Unimplemented("Vulkan device '", device.name(), "' has no host-visible coherent memory");
  *type = static_cast<uint32_t>(t);
  return Status::OK();
}

Status AllocateMapped(Device* device, size_t bytes, uint32_t type, VkDeviceMemory* memory, void** mapped) {
  VkMemoryAllocateInfo alloc = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = bytes;
  alloc.memoryTypeIndex = type;
  Status s = VkCheck(vkAllocateMemory(device->handle(), &alloc, nullptr, memory), "vkAllocateMemory");
  if (!s.ok()) return OutOfMemory("Vulkan memory of ", bytes, " bytes: ", s.message());
  return VkCheck(vkMapMemory(device->handle(), *memory, 0, VK_WHOLE_SIZE, 0, mapped), "vkMapMemory");
}
}  // namespace

Memory::~Memory() {
  if (mapped_) vkUnmapMemory(device_->handle(), memory_);
  if (memory_) vkFreeMemory(device_->handle(), memory_, nullptr);
}

Status Memory::Create(Device* device, size_t bytes, std::shared_ptr<Memory>* out) {
  std::shared_ptr<Memory> m(new Memory(device));
  m->bytes_ = std::max<size_t>(bytes, 4);
  // A buffer of the whole size tells the memory types and the alignment of the buffers placed here (the same for
  // every buffer of these usage flags, says the spec).
  VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = m->bytes_;
  info.usage = kBufferUsage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkBuffer probe = VK_NULL_HANDLE;
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreateBuffer(device->handle(), &info, nullptr, &probe), "vkCreateBuffer"));
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device->handle(), probe, &req);
  vkDestroyBuffer(device->handle(), probe, nullptr);
  m->alignment_ = std::max<size_t>(m->alignment_, req.alignment);
  m->bytes_ = std::max<size_t>(m->bytes_, req.size);
  EMBER_RETURN_IF_ERROR(HostVisibleType(*device, req.memoryTypeBits, &m->type_));
  EMBER_RETURN_IF_ERROR(AllocateMapped(device, m->bytes_, m->type_, &m->memory_, &m->mapped_));
  *out = std::move(m);
  return Status::OK();
}

Buffer::~Buffer() {
  VkDevice d = device_->handle();
  if (texel_view_) vkDestroyBufferView(d, texel_view_, nullptr);
  if (texel4_view_) vkDestroyBufferView(d, texel4_view_, nullptr);
  if (buffer_) vkDestroyBuffer(d, buffer_, nullptr);
  if (arena_) return;  // the arena's memory, freed with its last buffer
  if (mapped_) vkUnmapMemory(d, memory_);
  if (memory_) vkFreeMemory(d, memory_, nullptr);
}

Status Buffer::Init(size_t bytes, bool half, VkMemoryRequirements* req) {
  if (half && !device_->half_texels())
    return Unimplemented("Vulkan device '", device_->name(), "' has no 16-bit float uniform texel buffers");
  static std::atomic<uint64_t> next_id{1};
  id_ = next_id++;
  bytes_ = bytes < 4 ? 4 : bytes;
  half_ = half;
  VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = bytes_;
  info.usage = kBufferUsage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreateBuffer(device_->handle(), &info, nullptr, &buffer_), "vkCreateBuffer"));
  vkGetBufferMemoryRequirements(device_->handle(), buffer_, req);
  return Status::OK();
}

Status Buffer::Create(Device* device, size_t bytes, std::unique_ptr<Buffer>* out, bool half) {
  std::unique_ptr<Buffer> b(new Buffer(device));
  VkMemoryRequirements req;
  EMBER_RETURN_IF_ERROR(b->Init(bytes, half, &req));
  uint32_t type = 0;
  EMBER_RETURN_IF_ERROR(HostVisibleType(*device, req.memoryTypeBits, &type));
  Status s = AllocateMapped(device, req.size, type, &b->memory_, &b->mapped_);
  if (!s.ok()) return s.Prepend("Vulkan buffer of " + std::to_string(bytes) + " bytes: ");
  EMBER_RETURN_IF_ERROR(VkCheck(vkBindBufferMemory(device->handle(), b->buffer_, b->memory_, 0), "vkBindBufferMemory"));
  EMBER_RETURN_IF_ERROR(b->MakeViews());
  *out = std::move(b);
  return Status::OK();
}

Status Buffer::CreateIn(const std::shared_ptr<Memory>& memory, size_t offset, size_t bytes,
                        std::unique_ptr<Buffer>* out, bool half) {
  std::unique_ptr<Buffer> b(new Buffer(memory->device_));
  VkMemoryRequirements req;
  EMBER_RETURN_IF_ERROR(b->Init(bytes, half, &req));
  const bool fits = offset % memory->alignment_ == 0 && offset % req.alignment == 0 &&
                    offset + req.size <= memory->bytes() && (req.memoryTypeBits & (1u << memory->type_));
  if (!fits)
    return Internal("a Vulkan buffer of ", bytes, " bytes does not fit at offset ", offset, " of an arena of ",
                    memory->bytes(), " bytes (alignment ", memory->alignment_, ")");
  b->arena_ = memory;
  b->memory_ = memory->memory_;
  b->memory_offset_ = offset;
  b->mapped_ = static_cast<char*>(memory->mapped_) + offset;
  EMBER_RETURN_IF_ERROR(
      VkCheck(vkBindBufferMemory(b->device_->handle(), b->buffer_, b->memory_, offset), "vkBindBufferMemory"));
  EMBER_RETURN_IF_ERROR(b->MakeViews());
  *out = std::move(b);
  return Status::OK();
}

Status Buffer::MakeViews() {
  const size_t element = half_ ? 2 : 4;
  if (bytes_ / element <= device_->max_texel_elements()) {  // larger: only the storage-buffer shaders read them
    VkBufferViewCreateInfo view = {VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    view.buffer = buffer_;
    view.format = half_ ? VK_FORMAT_R16_SFLOAT : VK_FORMAT_R32_SFLOAT;
    view.range = bytes_ / element * element;
    EMBER_RETURN_IF_ERROR(
        VkCheck(vkCreateBufferView(device_->handle(), &view, nullptr, &texel_view_), "vkCreateBufferView"));
  }
  if (bytes_ % (4 * element) == 0 && bytes_ / (4 * element) <= device_->max_texel_elements()) {
    VkBufferViewCreateInfo view = {VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    view.buffer = buffer_;
    view.format = half_ ? VK_FORMAT_R16G16B16A16_SFLOAT : VK_FORMAT_R32G32B32A32_SFLOAT;
    view.range = bytes_;
    EMBER_RETURN_IF_ERROR(
        VkCheck(vkCreateBufferView(device_->handle(), &view, nullptr, &texel4_view_), "vkCreateBufferView"));
  }
  return Status::OK();
}

// ---- Device ----

Status Device::Get(Device** out) {
  // Created once and kept for the process (drivers tear themselves down at exit).
  static Device* device = nullptr;
  static Status status;
  static std::once_flag once;
  std::call_once(once, [] {
    auto* d = new Device();
    status = d->Init();
    if (status.ok()) device = d;
  });
  *out = device;
  return status;
}

Status Device::Init() {
  Status s = CreateInstance();
  if (s.ok()) s = PickPhysicalDevice();
  if (s.ok()) s = CreateLogicalDevice();
  if (!s.ok())
    s.Prepend("no Vulkan device (install a driver, e.g. mesa-vulkan-drivers for lavapipe, or run on the CPU): ");
  return s;
}

VkBool32 VKAPI_CALL Device::OnValidation(VkDebugUtilsMessageSeverityFlagBitsEXT, VkDebugUtilsMessageTypeFlagsEXT,
                                         const VkDebugUtilsMessengerCallbackDataEXT* data, void* self) {
  static_cast<Device*>(self)->validation_messages_++;
  std::fprintf(stderr, "ember vulkan validation: %s\n", data && data->pMessage ? data->pMessage : "(no message)");
  return VK_FALSE;
}

Status Device::CreateInstance() {
  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "ember";
  app.pEngineName = "ember";
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo info = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  const bool validate = ValidationRequested();
  const char* layers[] = {kValidationLayer};
  const char* extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
  if (validate) {
    if (!HasInstanceLayer(kValidationLayer))
      return NotFound("EMBER_VULKAN_VALIDATION is set but ", kValidationLayer,
                      " is not installed (apt-get install vulkan-validationlayers)");
    info.enabledLayerCount = 1;
    info.ppEnabledLayerNames = layers;
    info.enabledExtensionCount = 1;
    info.ppEnabledExtensionNames = extensions;
  }
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreateInstance(&info, nullptr, &instance_), "vkCreateInstance"));
  if (!validate) return Status::OK();
  VkDebugUtilsMessengerCreateInfoEXT m = {VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  m.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  m.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                  VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  m.pfnUserCallback = &Device::OnValidation;
  m.pUserData = this;
  auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(instance_, "vkCreateDebugUtilsMessengerEXT"));
  if (!create) return NotFound("vkCreateDebugUtilsMessengerEXT is missing with the validation layer on");
  return VkCheck(create(instance_, &m, nullptr, &messenger_), "vkCreateDebugUtilsMessengerEXT");
}

Status Device::PickPhysicalDevice() {
  uint32_t n = 0;
  EMBER_RETURN_IF_ERROR(VkCheck(vkEnumeratePhysicalDevices(instance_, &n, nullptr), "vkEnumeratePhysicalDevices"));
  if (n == 0) return NotFound("vkEnumeratePhysicalDevices found no device");
  std::vector<VkPhysicalDevice> devices(n);
  EMBER_RETURN_IF_ERROR(
      VkCheck(vkEnumeratePhysicalDevices(instance_, &n, devices.data()), "vkEnumeratePhysicalDevices"));
  for (VkPhysicalDevice pd : devices) {  // the first device with a compute queue
    uint32_t qn = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &qn, nullptr);
    std::vector<VkQueueFamilyProperties> families(qn);
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &qn, families.data());
    for (uint32_t q = 0; q < qn; ++q) {
      if (!(families[q].queueFlags & VK_QUEUE_COMPUTE_BIT)) continue;
      physical_ = pd;
      queue_family_ = q;
      VkPhysicalDeviceProperties& props = props_;
      vkGetPhysicalDeviceProperties(pd, &props);
      name_ = props.deviceName;
      max_groups_x_ = props.limits.maxComputeWorkGroupCount[0];
      max_texel_elements_ = props.limits.maxTexelBufferElements;
      if (families[q].timestampValidBits > 0) timestamp_ns_ = props.limits.timestampPeriod;
      const uint32_t bits = families[q].timestampValidBits;
      timestamp_mask_ = bits >= 64 ? ~0ull : (1ull << bits) - 1;
      vkGetPhysicalDeviceMemoryProperties(pd, &memory_);
      half_texels_ = true;
      for (VkFormat f : {VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT}) {
        VkFormatProperties fp;
        vkGetPhysicalDeviceFormatProperties(pd, f, &fp);
        half_texels_ = half_texels_ && (fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT);
      }
      VkPhysicalDevice16BitStorageFeatures storage16 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
      VkPhysicalDeviceFeatures2 features = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
      features.pNext = &storage16;
      vkGetPhysicalDeviceFeatures2(pd, &features);
      half_storage_ = half_texels_ && storage16.storageBuffer16BitAccess;
      return Status::OK();
    }
  }
  return NotFound("no Vulkan device has a compute queue");
}

Status Device::CreateLogicalDevice() {
  const float priority = 1.f;
  VkDeviceQueueCreateInfo q = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  q.queueFamilyIndex = queue_family_;
  q.queueCount = 1;
  q.pQueuePriorities = &priority;
  VkDeviceCreateInfo info = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  VkPhysicalDevice16BitStorageFeatures storage16 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  storage16.storageBuffer16BitAccess = half_storage_ ? VK_TRUE : VK_FALSE;  // the NAME_th shaders' half writes
  info.pNext = &storage16;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &q;
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreateDevice(physical_, &info, nullptr, &device_), "vkCreateDevice"));
  vkGetDeviceQueue(device_, queue_family_, 0, &queue_);
  VkPipelineCacheCreateInfo cache = {VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  return VkCheck(vkCreatePipelineCache(device_, &cache, nullptr, &cache_), "vkCreatePipelineCache");
}

int Device::MemoryType(uint32_t type_bits, VkMemoryPropertyFlags flags) const {
  for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i)
    if ((type_bits & (1u << i)) && (memory_.memoryTypes[i].propertyFlags & flags) == flags) return static_cast<int>(i);
  return -1;
}

Status Device::GetPipeline(const ShaderBlob& shader, uint32_t bindings, uint32_t push_bytes, const Pipeline** out,
                           const std::vector<uint32_t>& constants, const std::vector<VkDescriptorType>& types,
                           uint32_t vec4_texels) {
  const std::string name = shader.name;
  if (!types.empty() && types.size() != bindings)
    return Internal("Vulkan pipeline '", name, "': ", types.size(), " descriptor types for ", bindings, " bindings");
  std::string key = name;
  for (VkDescriptorType t : types) key += t == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER ? "/s" : "/t";
  key += "/v" + std::to_string(vec4_texels);
  for (uint32_t c : constants) key += "," + std::to_string(c);
  std::lock_guard<std::mutex> lock(pipelines_mutex_);
  auto it = pipelines_.find(key);
  if (it != pipelines_.end()) {
    *out = &it->second;
    return Status::OK();
  }
  Pipeline p;
  p.shader = &shader;
  p.constants = constants;
  p.bindings = bindings;
  p.push_bytes = push_bytes;
  p.types = types.empty() ? std::vector<VkDescriptorType>(bindings, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER) : types;
  p.vec4_texels = vec4_texels;
  VkShaderModuleCreateInfo sm = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  sm.codeSize = shader.count * 4;
  sm.pCode = shader.words;
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreateShaderModule(device_, &sm, nullptr, &p.module), "vkCreateShaderModule"));
  std::vector<VkDescriptorSetLayoutBinding> binds(bindings);
  for (uint32_t i = 0; i < bindings; ++i)
    binds[i] = {i, p.types[i], 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo dl = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  dl.bindingCount = bindings;
  dl.pBindings = binds.data();
  EMBER_RETURN_IF_ERROR(
      VkCheck(vkCreateDescriptorSetLayout(device_, &dl, nullptr, &p.set_layout), "vkCreateDescriptorSetLayout"));
  VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
  VkPipelineLayoutCreateInfo pl = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pl.setLayoutCount = 1;
  pl.pSetLayouts = &p.set_layout;
  pl.pushConstantRangeCount = push_bytes ? 1 : 0;
  pl.pPushConstantRanges = &range;
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreatePipelineLayout(device_, &pl, nullptr, &p.layout), "vkCreatePipelineLayout"));
  VkComputePipelineCreateInfo cp = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cp.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  cp.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cp.stage.module = p.module;
  cp.stage.pName = "main";
  std::vector<VkSpecializationMapEntry> entries(constants.size());
  for (uint32_t i = 0; i < entries.size(); ++i) entries[i] = {i, i * 4u, 4u};
  VkSpecializationInfo spec = {static_cast<uint32_t>(entries.size()), entries.data(), constants.size() * 4u,
                               constants.data()};
  if (!constants.empty()) cp.stage.pSpecializationInfo = &spec;
  cp.layout = p.layout;
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreateComputePipelines(device_, cache_, 1, &cp, nullptr, &p.pipeline),
                                "vkCreateComputePipelines"));
  *out = &(pipelines_[key] = p);
  ++pipelines_built_;
  return Status::OK();
}

// Why the driver would not take `data` as its cache ("" when it would): Vulkan's header, version one.
std::string Device::PipelineCacheMismatch(const std::vector<char>& data) const {
  VkPipelineCacheHeaderVersionOne h;
  if (data.size() < sizeof(h)) return "shorter than a pipeline cache header";
  std::memcpy(&h, data.data(), sizeof(h));
  if (h.headerSize < sizeof(h) || h.headerVersion != VK_PIPELINE_CACHE_HEADER_VERSION_ONE)
    return "not a Vulkan pipeline cache";
  if (h.vendorID != props_.vendorID || h.deviceID != props_.deviceID ||
      std::memcmp(h.pipelineCacheUUID, props_.pipelineCacheUUID, VK_UUID_SIZE) != 0)
    return "written by another device or driver version";
  return "";
}

Status Device::LoadPipelineCache(const std::string& path) {
  std::lock_guard<std::mutex> lock(pipelines_mutex_);
  cache_files_[path] = -1;  // written after the next run unless read whole below
  std::ifstream f(path, std::ios::binary);
  if (!f) return Status::OK();
  std::vector<char> data((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const std::string mismatch = PipelineCacheMismatch(data);
  if (!mismatch.empty()) {
    std::fprintf(stderr, "ember vulkan: pipeline cache %s ignored (%s); it is rewritten after the next run\n",
                 path.c_str(), mismatch.c_str());
    return Status::OK();
  }
  VkPipelineCacheCreateInfo info = {VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  info.initialDataSize = data.size();
  info.pInitialData = data.data();
  VkPipelineCache loaded;
  EMBER_RETURN_IF_ERROR(VkCheck(vkCreatePipelineCache(device_, &info, nullptr, &loaded), "vkCreatePipelineCache"));
  Status s = VkCheck(vkMergePipelineCaches(device_, cache_, 1, &loaded), "vkMergePipelineCaches");
  vkDestroyPipelineCache(device_, loaded, nullptr);
  if (s.ok()) cache_files_[path] = pipelines_built_.load();  // rewritten once a pipeline is built after this
  return s;
}

Status Device::SavePipelineCache(const std::string& path) {
  std::lock_guard<std::mutex> lock(pipelines_mutex_);
  auto it = cache_files_.find(path);
  const int built = pipelines_built_.load();
  if (it != cache_files_.end() && it->second == built) return Status::OK();
  size_t bytes = 0;
  EMBER_RETURN_IF_ERROR(VkCheck(vkGetPipelineCacheData(device_, cache_, &bytes, nullptr), "vkGetPipelineCacheData"));
  std::vector<char> data(bytes);
  EMBER_RETURN_IF_ERROR(
      VkCheck(vkGetPipelineCacheData(device_, cache_, &bytes, data.data()), "vkGetPipelineCacheData"));
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f.write(data.data(), static_cast<std::streamsize>(bytes)) || !f.flush())
      return NotFound("cannot write the Vulkan pipeline cache ", tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return NotFound("cannot rename ", tmp, " to the Vulkan pipeline cache ", path, ": ", std::strerror(errno));
  cache_files_[path] = built;
  return Status::OK();
}

Status Device::HalfOutputPipeline(const Pipeline& p, const Pipeline** out) {
  if (!p.shader->half_out)
    return Unimplemented("Vulkan ", p.shader->name, " writes float32 only: its output cannot be IEEE halves (",
                         p.types.empty() || p.types[0] != VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                             ? "its inputs are read as storage buffers"
                             : "the shader has no half variant",
                         "; vulkan_fp16_activations off avoids it)");
  if (!half_storage_) return Unimplemented("Vulkan device '", name_, "' has no 16-bit storage buffer writes");
  return GetPipeline(*p.shader->half_out, p.bindings, p.push_bytes, out, p.constants, p.types, p.vec4_texels);
}

Status Device::GetReadPipeline(const Shader& shader, std::initializer_list<const Buffer*> reads, uint32_t bindings,
                               uint32_t push_bytes, const Pipeline** out, const std::vector<uint32_t>& constants,
                               uint32_t vec4_reads) {
  bool texels = texel_reads_, half = false;
  uint32_t i = 0;
  for (const Buffer* b : reads) {
    texels = texels && ((vec4_reads >> i++) & 1u ? b->texel4_view() : b->texel_view());
    half = half || b->half();
  }
  texels = texels && shader.texel.words;  // a shader without INPUT reads has no texel variant
  if (!texels && half)
    return Unimplemented("Vulkan ", shader.plain.name, ": a float16 input (a weight or an activation) is read ",
                         "through texel buffers only, and another input is ",
                         texel_reads_ ? "past the device's texel buffer limit" : "read as a storage buffer",
                         " (store weights and activations as float32)");
  if (!texels) return GetPipeline(shader.plain, bindings, push_bytes, out, constants);
  std::vector<VkDescriptorType> types(bindings, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
  for (size_t r = 0; r < reads.size() && r < types.size(); ++r) types[r] = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
  return GetPipeline(shader.texel, bindings, push_bytes, out, constants, types, vec4_reads);
}

}  // namespace vulkan
}  // namespace ember
