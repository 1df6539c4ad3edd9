#include "operators/kernel/vulkan/vk_backend.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "framework/float16.h"

namespace ember {
namespace vulkan {

namespace {

// An op whose type has a Vulkan adapter: records when the adapter takes the current shapes, else runs on the CPU
// (inputs copied down first; the CPU kernel's Init on its first such run).
class DeviceOp : public OperatorBase {
 public:
  DeviceOp(std::unique_ptr<OperatorBase> cpu, Backend* backend, RecordFn record)
      : OperatorBase(cpu->desc(), nullptr), cpu_(std::move(cpu)), backend_(backend), record_(record) {}
  Status Bind() override { return Status::OK(); }  // bound when created for the CPU
  Status InferShape() override { return cpu_->InferShape(); }
  Status Init() override { return Status::OK(); }  // no CPU packing unless the CPU runs it
  Status Run() override {
    backend_->recorder()->SetTag(this);  // its dispatches' GPU time, when profiling
    backend_->TakeDecline();  // a failed run's
    backend_->BeginOp(inputs_);
    EMBER_RETURN_IF_ERROR(record_(backend_, cpu_.get(), &on_device_));
    std::string why = on_device_ ? "" : backend_->TakeDecline();
    if (!on_device_ && why.empty()) why = "the Vulkan kernel does not cover its attributes or shapes";
    backend_->Placed(this, why);
    if (on_device_) return Status::OK();
    for (const Tensor* t : inputs_) EMBER_RETURN_IF_ERROR(backend_->ToHost(t));
    if (!cpu_inited_) EMBER_RETURN_IF_ERROR(cpu_->Init());
    cpu_inited_ = true;
    for (const Tensor* t : outputs_) backend_->HostWrote(t);
    return cpu_->Run();
  }
  const char* KernelName() const override { return on_device_ ? "vulkan" : cpu_->KernelName(); }
  std::vector<StorageView> Views() const override { return {}; }  // a GPU output is not placed in another

  std::vector<const Tensor*> inputs_, outputs_;

 private:
  std::unique_ptr<OperatorBase> cpu_;
  Backend* backend_;
  RecordFn record_;
  bool on_device_ = false, cpu_inited_ = false;
};

// An op without a Vulkan kernel: its inputs come down from the GPU before it runs on the CPU.
class HostOp : public OperatorBase {
 public:
  HostOp(std::unique_ptr<OperatorBase> cpu, Backend* backend)
      : OperatorBase(cpu->desc(), nullptr), cpu_(std::move(cpu)), backend_(backend) {}
  Status Bind() override { return Status::OK(); }
  Status InferShape() override {  // shapes may depend on input values (a reshape's Shape tensor)
    for (const Tensor* t : inputs_) EMBER_RETURN_IF_ERROR(backend_->ToHost(t));
    return cpu_->InferShape();
  }
  Status Init() override { return cpu_->Init(); }
  Status Run() override {
    backend_->Placed(this, desc().type == "shape" ? "reads only its input's dims, which the host has"
                                                  : "no Vulkan kernel for " + desc().type);
    for (const Tensor* t : inputs_) EMBER_RETURN_IF_ERROR(backend_->ToHost(t));
    for (const Tensor* t : outputs_) backend_->HostWrote(t);
    return cpu_->Run();
  }
  const char* KernelName() const override { return cpu_->KernelName(); }
  std::vector<StorageView> Views() const override { return cpu_->Views(); }
  std::vector<const Tensor*> inputs_, outputs_;

 private:
  std::unique_ptr<OperatorBase> cpu_;
  Backend* backend_;
};

}  // namespace

Status Backend::Create(const DeviceOptions& options, std::unique_ptr<DeviceBackend>* out) {
  std::unique_ptr<Backend> b(new Backend());
  EMBER_RETURN_IF_ERROR(Device::Get(&b->device_));
  if (options.fp16_weights && !b->device_->half_texels())
    return Unimplemented("vulkan_fp16_weights: Vulkan device '", b->device_->name(),
                         "' reads no 16-bit float texel buffers (R16_SFLOAT, R16G16B16A16_SFLOAT)");
  if (options.fp16_activations && !b->device_->half_storage())
    return Unimplemented("vulkan_fp16_activations: Vulkan device '", b->device_->name(),
                         "' writes no 16-bit storage buffers (storageBuffer16BitAccess) or reads no 16-bit float "
                         "texel buffers");
  b->fp16_weights_ = options.fp16_weights;
  b->fp16_activations_ = options.fp16_activations;
  b->pipeline_cache_ = options.pipeline_cache;
  if (!b->pipeline_cache_.empty()) EMBER_RETURN_IF_ERROR(b->device_->LoadPipelineCache(b->pipeline_cache_));
  b->recorder_.reset(new Recorder(b->device_));
  *out = std::move(b);
  return Status::OK();
}

Status Backend::Adopt(const OpDesc& desc, const Scope& scope, std::unique_ptr<OperatorBase>* op) {
  // The op's tensors; a weight is an input found only through the scope's parents.
  std::vector<const Tensor*> inputs, outputs;
  for (const auto& n : desc.AllInputNames()) {
    const Variable* v = scope.FindVar(n);
    if (!v) continue;
    inputs.push_back(&v->Get());
    if (scope.FindLocalVar(n)) continue;
    const Scope* owner = scope.parent();
    while (owner && !owner->FindLocalVar(n)) owner = owner->parent();
    if (owner) weights_[&v->Get()] = {owner, n};
  }
  for (const auto& n : desc.AllOutputNames())
    if (const Variable* v = scope.FindVar(n)) outputs.push_back(&v->Get());
  if (RecordFn record = FindRecordFn(desc.type)) {
    auto* d = new DeviceOp(std::move(*op), this, record);
    d->inputs_ = std::move(inputs);
    d->outputs_ = std::move(outputs);
    op->reset(d);
    ++device_ops_;
  } else {
    auto* h = new HostOp(std::move(*op), this);
    if (desc.type == "shape") inputs.clear();  // reads its input's dims, which the host has: no copy down, no submit
    h->inputs_ = std::move(inputs);
    h->outputs_ = std::move(outputs);
    op->reset(h);
  }
  return Status::OK();
}

Status Backend::BeginRun() {
  device_newer_.clear();
  uploaded_.clear();
  uploads_ = downloads_ = 0;
  taken_.clear();
  for (auto& kv : copies_)  // every activation buffer free: this run takes them as the last did
    if (kv.second.buffer) Release(std::move(kv.second.buffer));
  arena_.BeginRun(*recorder_);
  if (arena_.on_plan()) free_.clear();  // a planned run takes none of them
  recorder_->ClearTimes();
  run_start_ = {recorder_->dispatches(), recorder_->barriers(), recorder_->submits(), recorder_->reused_submits()};
  return recorder_->Reset();  // a failed run's dispatches never run
}

bool Backend::DeviceMs(const OperatorBase* op, double* ms) const {
  auto it = recorder_->times_ms().find(op);
  if (it == recorder_->times_ms().end()) return false;
  *ms = it->second;
  return true;
}

Status Backend::EndRun(const std::vector<Tensor*>& outputs, bool all) {
  if (all) {
    const std::vector<const Tensor*> newer(device_newer_.begin(), device_newer_.end());
    for (const Tensor* t : newer) EMBER_RETURN_IF_ERROR(ToHost(t));
  }
  for (const Tensor* t : outputs) EMBER_RETURN_IF_ERROR(ToHost(t));
  EMBER_RETURN_IF_ERROR(Submit());
  if (arena_.EndRun(device_)) free_.clear();  // the next run takes the arena's buffers
  TrimFreeBuffers();
  if (!pipeline_cache_.empty()) EMBER_RETURN_IF_ERROR(device_->SavePipelineCache(pipeline_cache_));
  last_run_ = {recorder_->dispatches() - run_start_.dispatches, recorder_->barriers() - run_start_.barriers,
               recorder_->submits() - run_start_.submits, recorder_->reused_submits() - run_start_.reused, uploads_,
               downloads_, activation_bytes_, WeightBytes()};
  return Status::OK();
}

size_t Backend::WeightBytes() const {
  size_t bytes = 0;
  for (const auto& kv : weight_copies_)
    if (kv.second && kv.second->buffer) bytes += kv.second->buffer->bytes();
  return bytes;
}

void Backend::HostWrote(const Tensor* t) {
  device_newer_.erase(t);
  uploaded_.erase(t);
}

Status Backend::Submit() { return recorder_->SubmitAndWait(); }

void Backend::BeginOp(const std::vector<const Tensor*>& inputs) {
  half_now_ = fp16_weights_ && device_->texel_reads();
  for (const Tensor* t : inputs)
    if (!weights_.count(t) && t->numel() > static_cast<int64_t>(device_->max_texel_elements())) half_now_ = false;
}

Status Backend::In(const Tensor* t, const VkTensor** out) { return In(t, half_now_, out); }

Status Backend::InFloat32(const Tensor* t, const VkTensor** out) { return In(t, false, out); }

Status Backend::In(const Tensor* t, bool half_weight, const VkTensor** out) {
  if (weights_.count(t)) return WeightCopy(t, "", nullptr, half_weight, out);  // null: freed, or not float32
  VkTensor& copy = copies_[t];
  if (!device_newer_.count(t) && !uploaded_.count(t)) {
    EMBER_RETURN_IF_ERROR(Hold(t, true));
    // The host's value goes into the buffer now; a dispatch logged earlier in this run may still read the old one.
    if (recorder_->Logged(*copy.buffer)) EMBER_RETURN_IF_ERROR(Submit());
    EMBER_RETURN_IF_ERROR(Upload(device_, *t, &copy));
    uploaded_.insert(t);
    ++uploads_;
  }
  *out = &copy;
  return Status::OK();
}

Status Backend::InPacked(const Tensor* t, const std::string& layout, const std::function<Tensor(const Tensor&)>& pack,
                         const VkTensor** out) {
  *out = nullptr;
  return weights_.count(t) ? WeightCopy(t, layout, pack, half_now_, out) : Status::OK();
}

Status Backend::WeightCopy(const Tensor* t, const std::string& layout,
                           const std::function<Tensor(const Tensor&)>& pack, bool half, const VkTensor** out) {
  const Weight& w = weights_.at(t);
  // Small weights stay float32: they cost nothing, and an epsilon or a mask constant would not survive halving.
  half = half && t->numel() >= kSmallestHalfWeight;
  const std::string key = half ? (layout.empty() ? "fp16" : layout + ":fp16") : layout;
  auto& copy = weight_copies_[{t, key}];
  if (!copy) {
    Status status;
    Device* device = device_;
    // Under the lock ReleaseWeight takes: the weight is either whole or already freed here. The key ends with the
    // name after a newline, which no variable name holds, so no layout can collide with another name.
    copy = std::static_pointer_cast<const VkTensor>(
        w.owner->Derived("vulkan:" + key + "\n" + w.name, [&](size_t* bytes) -> std::shared_ptr<const void> {
          if (!t->initialized() || t->dtype() != DataType::kFloat32) return nullptr;
          auto v = std::make_shared<VkTensor>();
          v->half = half;
          int64_t saturated = 0;
          status = pack ? Upload(device, pack(*t), v.get(), &saturated) : Upload(device, *t, v.get(), &saturated);
          if (saturated > 0)
            std::fprintf(stderr, "ember: vulkan fp16 weights: %lld values of %s past the half range became +-65504\n",
                         static_cast<long long>(saturated), w.name.c_str());
          *bytes = v->buffer ? v->buffer->bytes() : 0;
          return status.ok() ? v : nullptr;
        }));
    EMBER_RETURN_IF_ERROR(status);
  }
  *out = copy.get();
  if (!*out) decline_ = "its input " + w.name + " is not float32, or was freed once packed for the CPU";
  return Status::OK();
}

Status Backend::Out(const Tensor* t, VkTensor** out) {
  if (t->dims().HasUnknown()) return InvalidArgument("Vulkan tensor of unknown shape ", t->dims().ToString());
  EMBER_RETURN_IF_ERROR(Hold(t, false));
  VkTensor& copy = copies_[t];
  copy.dims = t->dims();
  device_newer_.insert(t);
  uploaded_.erase(t);
  *out = &copy;
  return Status::OK();
}

Status Backend::ToHost(const Tensor* t) {
  if (!device_newer_.count(t)) return Status::OK();
  EMBER_RETURN_IF_ERROR(Submit());
  const VkTensor& copy = copies_[t];
  if (t->dtype() != DataType::kFloat32 || t->numel() != copy.numel())
    return Internal("the GPU copy of a tensor is ", copy.dims.ToString(), ", the host's ", t->dims().ToString());
  // The executor allocated the host tensor when its op ran; its bytes are written here, not through the Tensor.
  float* host = const_cast<Tensor*>(t)->mutable_data<float>();
  if (copy.half) {
    const auto* h = reinterpret_cast<const uint16_t*>(copy.buffer->data());
    for (int64_t i = 0; i < t->numel(); ++i) host[i] = HalfToFloat(h[i]);
  } else {
    std::memcpy(host, copy.buffer->data(), t->numel() * sizeof(float));
  }
  device_newer_.erase(t);
  ++downloads_;
  return Status::OK();
}

// Buffers are never freed during a run (a logged dispatch may use them): one too small goes back to the free list.
// fp16_activations: halves for a tensor its readers can fetch as texels (within the device's texel limit).
Status Backend::Hold(const Tensor* t, bool host_writes) {
  VkTensor& copy = copies_[t];
  const int64_t n = t->dims().numel();
  const bool half = fp16_activations_ && n <= static_cast<int64_t>(device_->max_texel_elements());
  const size_t bytes = std::max<size_t>(16, (static_cast<size_t>(n) * (half ? 2 : 4) + 15) / 16 * 16);
  copy.half = half;
  if (copy.buffer && copy.buffer->bytes() >= bytes && copy.buffer->half() == half) return Status::OK();
  if (copy.buffer) Release(std::move(copy.buffer));
  copy.buffer = arena_.Take(t, bytes, half, host_writes, *recorder_);
  if (copy.buffer) return Status::OK();
  return HoldFromFreeList(t, bytes, half, host_writes);
}

Status Backend::HoldFromFreeList(const Tensor* t, size_t bytes, bool half, bool host_writes) {
  VkTensor& copy = copies_[t];
  // The buffer t had in the last run when it is free and fits (so a run at the same shapes binds the same buffers
  // and replays its command buffers), else the smallest that fits; the host's writes avoid one a logged dispatch
  // uses (that would need a submit first).
  auto usable = [&](const std::unique_ptr<Buffer>& b) {
    return b->bytes() >= bytes && b->half() == half && !(host_writes && recorder_->Logged(*b));
  };
  auto pick = free_.end();
  auto last = last_buffer_.find(t);
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (!usable(*it)) continue;
    if (last != last_buffer_.end() && (*it)->id() == last->second) {
      pick = it;
      break;
    }
    if (pick == free_.end() || (*it)->bytes() < (*pick)->bytes()) pick = it;
  }
  if (pick != free_.end()) {
    copy.buffer = std::move(*pick);
    free_.erase(pick);
  } else {
    EMBER_RETURN_IF_ERROR(Buffer::Create(device_, bytes, &copy.buffer, half));
  }
  last_buffer_[t] = copy.buffer->id();
  taken_.insert(copy.buffer->id());
  return Status::OK();
}

// A buffer of an arena planned over (a run's output held past the replan) is dropped, not freed: it may share
// bytes with another such buffer.
void Backend::Release(std::unique_ptr<Buffer> b) {
  if (!arena_.Return(&b) && !b->in_arena()) free_.push_back(std::move(b));
}

void Backend::Dead(const Tensor* t) {
  auto it = copies_.find(t);
  if (it == copies_.end() || !it->second.buffer) return;
  arena_.End(t, *recorder_);
  Release(std::move(it->second.buffer));
  device_newer_.erase(t);
  uploaded_.erase(t);
}

// After a run: buffers it did not take are for shapes no longer run.
void Backend::TrimFreeBuffers() {
  free_.erase(std::remove_if(free_.begin(), free_.end(),
                             [&](const std::unique_ptr<Buffer>& b) { return !taken_.count(b->id()); }),
              free_.end());
  activation_bytes_ = arena_.bytes();
  for (const auto& b : free_) activation_bytes_ += b->bytes();
  for (const auto& kv : copies_)
    if (kv.second.buffer && !arena_.Planned(*kv.second.buffer)) activation_bytes_ += kv.second.buffer->bytes();
}

void Backend::Placed(const OperatorBase* op, const std::string& why) {
  if (why.empty()) why_on_host_.erase(op);
  else why_on_host_[op] = why;
}

std::string Backend::WhyOnHost(const OperatorBase* op) const {
  auto it = why_on_host_.find(op);
  return it == why_on_host_.end() ? "" : it->second;
}

}  // namespace vulkan

// Declared in framework/device_backend.cpp (the framework does not include this folder).
Status CreateVulkanBackend(const DeviceOptions& options, std::unique_ptr<DeviceBackend>* out) {
  return vulkan::Backend::Create(options, out);
}

}  // namespace ember
