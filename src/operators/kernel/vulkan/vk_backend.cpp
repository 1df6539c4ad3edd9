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
    EMBER_RETURN_IF_ERROR(record_(backend_, cpu_.get(), &on_device_));
    if (on_device_) return Status::OK();
    for (const Tensor* t : inputs_) EMBER_RETURN_IF_ERROR(backend_->ToHost(t));
    if (!cpu_inited_) EMBER_RETURN_IF_ERROR(cpu_->Init());
    cpu_inited_ = true;
    return cpu_->Run();
  }
  const char* KernelName() const override { return on_device_ ? "vulkan" : cpu_->KernelName(); }
  std::vector<StorageView> Views() const override { return {}; }  // a GPU output is not placed in another

  std::vector<const Tensor*> inputs_;

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
    return cpu_->Run();
  }
  const char* KernelName() const override { return cpu_->KernelName(); }
  std::vector<StorageView> Views() const override { return cpu_->Views(); }
  std::vector<const Tensor*> inputs_;

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
  // The op's input tensors, and which of them are weights (found only through the scope's parents).
  std::vector<const Tensor*> inputs;
  for (const auto& n : desc.AllInputNames()) {
    const Variable* v = scope.FindVar(n);
    if (!v) continue;
    inputs.push_back(&v->Get());
    if (!scope.FindLocalVar(n)) MarkConstant(&v->Get());
  }
  if (RecordFn record = FindRecordFn(desc.type)) {
    auto* d = new DeviceOp(std::move(*op), this, record);
    d->inputs_ = std::move(inputs);
    op->reset(d);
    ++device_ops_;
  } else {
    auto* h = new HostOp(std::move(*op), this);
    h->inputs_ = std::move(inputs);
    op->reset(h);
  }
  return Status::OK();
}

Status Backend::BeginRun() {
  device_newer_.clear();
  uploaded_.clear();
  return Status::OK();
}

Status Backend::EndRun(const std::vector<Tensor*>& outputs) {
  for (const Tensor* t : outputs) EMBER_RETURN_IF_ERROR(ToHost(t));
  return Submit();
}

Status Backend::Submit() { return recorder_->SubmitAndWait(); }

Status Backend::In(const Tensor* t, const VkTensor** out) {
  VkTensor& copy = copies_[t];
  const bool constant = constants_.count(t) > 0;
  const bool current = device_newer_.count(t) || uploaded_.count(t) || (constant && copy.buffer);
  if (!current) {
    // The host's value goes into the copy now: no recorded dispatch of this run still reads the copy's old value
    // (a tensor is written once per run, and its readers come after).
    EMBER_RETURN_IF_ERROR(Upload(device_, *t, &copy));
    uploaded_.insert(t);
  }
  *out = &copy;
  return Status::OK();
}

Status Backend::Out(const Tensor* t, VkTensor** out) {
  VkTensor& copy = copies_[t];
  EMBER_RETURN_IF_ERROR(Reserve(device_, t->dims(), &copy));
  device_newer_.insert(t);
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
