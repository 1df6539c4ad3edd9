#include "operators/kernel/vulkan/vk_backend.h"

#include <cstring>

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
    EMBER_RETURN_IF_ERROR(record_(backend_, cpu_.get(), &on_device_));
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

Status Backend::Create(std::unique_ptr<DeviceBackend>* out) {
  std::unique_ptr<Backend> b(new Backend());
  EMBER_RETURN_IF_ERROR(Device::Get(&b->device_));
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
  bound_.clear();
  recorder_->ClearTimes();
  run_start_ = {recorder_->dispatches(), recorder_->barriers(), recorder_->submits()};
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
  last_run_ = {recorder_->dispatches() - run_start_.dispatches, recorder_->barriers() - run_start_.barriers,
               recorder_->submits() - run_start_.submits};
  return Status::OK();
}

void Backend::HostWrote(const Tensor* t) {
  device_newer_.erase(t);
  uploaded_.erase(t);
}

Status Backend::Submit() { return recorder_->SubmitAndWait(); }

Status Backend::In(const Tensor* t, const VkTensor** out) {
  if (weights_.count(t)) return WeightCopy(t, "", nullptr, out);  // null: freed, or not float32
  VkTensor& copy = copies_[t];
  if (!device_newer_.count(t) && !uploaded_.count(t)) {
    // The host's value goes into the copy now; a dispatch recorded earlier in this run may still read the old one.
    if (bound_.count(t)) EMBER_RETURN_IF_ERROR(Submit());
    EMBER_RETURN_IF_ERROR(Upload(device_, *t, &copy));
    uploaded_.insert(t);
  }
  bound_.insert(t);
  *out = &copy;
  return Status::OK();
}

Status Backend::InPacked(const Tensor* t, const std::string& layout, const std::function<Tensor(const Tensor&)>& pack,
                         const VkTensor** out) {
  *out = nullptr;
  return weights_.count(t) ? WeightCopy(t, layout, pack, out) : Status::OK();
}

Status Backend::WeightCopy(const Tensor* t, const std::string& layout,
                           const std::function<Tensor(const Tensor&)>& pack, const VkTensor** out) {
  const Weight& w = weights_.at(t);
  auto& copy = weight_copies_[{t, layout}];
  if (!copy) {
    Status status;
    Device* device = device_;
    // Under the lock ReleaseWeight takes: the weight is either whole or already freed here.
    copy = std::static_pointer_cast<const VkTensor>(w.owner->Derived(
        "vulkan:" + (layout.empty() ? "" : layout + ":") + w.name, [&](size_t* bytes) -> std::shared_ptr<const void> {
          if (!t->initialized() || t->dtype() != DataType::kFloat32) return nullptr;
          auto v = std::make_shared<VkTensor>();
          status = pack ? Upload(device, pack(*t), v.get()) : Upload(device, *t, v.get());
          *bytes = v->buffer ? v->buffer->bytes() : 0;
          return status.ok() ? v : nullptr;
        }));
    EMBER_RETURN_IF_ERROR(status);
  }
  *out = copy.get();
  return Status::OK();
}

Status Backend::Out(const Tensor* t, VkTensor** out) {
  VkTensor& copy = copies_[t];
  const size_t bytes = static_cast<size_t>(t->dims().numel()) * sizeof(float);
  if (bound_.count(t) && copy.buffer && copy.buffer->bytes() < bytes)
    EMBER_RETURN_IF_ERROR(Submit());  // Reserve frees a buffer a recorded dispatch still uses
  EMBER_RETURN_IF_ERROR(Reserve(device_, t->dims(), &copy));
  device_newer_.insert(t);
  uploaded_.erase(t);
  bound_.insert(t);
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
  std::memcpy(const_cast<Tensor*>(t)->mutable_data<float>(), copy.buffer->data(), t->numel() * sizeof(float));
  device_newer_.erase(t);
  return Status::OK();
}

}  // namespace vulkan

// Declared in framework/device_backend.cpp (the framework does not include this folder).
Status CreateVulkanBackend(std::unique_ptr<DeviceBackend>* out) { return vulkan::Backend::Create(out); }

}  // namespace ember
