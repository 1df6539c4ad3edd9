// OperatorBase and OperatorWithKernel: what every op is. An op binds its variables and attributes into a
// Param, computes output shapes in InferShape, prepares its kernel once in Init and computes in Run.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

// Device tags: kernels are templates specialized per device (ConvKernel<CPU, float>).
struct CPU {};
struct GPU_VULKAN {};

// Resolves an op's slots to tensors in a scope and reads its attributes. Keeps the first error, which
// names the op, the slot and the variable.
class ParamBinder {
 public:
  ParamBinder(const OpDesc& op, Scope* scope) : op_(op), scope_(scope), attrs_(op) {}

  const Tensor* Input(const std::string& slot);          // exactly one variable required
  const Tensor* OptionalInput(const std::string& slot);  // nullptr when the slot is absent or empty
  std::vector<const Tensor*> Inputs(const std::string& slot);  // one or more
  Tensor* Output(const std::string& slot);
  Tensor* OptionalOutput(const std::string& slot);
  std::vector<Tensor*> Outputs(const std::string& slot);
  AttrReader& attrs() { return attrs_; }
  // The model's weight scope (the root of the predictor's scope): see Scope::Derived.
  const Scope* weights_scope() const { return scope_->root(); }
  const OpDesc& op() const { return op_; }
  Status status() const { return status_.ok() ? attrs_.status() : status_; }
  void Fail(const std::string& message);

 private:
  const Tensor* Find(const std::string& slot, const std::string& name);
  const OpDesc& op_;
  Scope* scope_;
  AttrReader attrs_;
  Status status_;
};

// A tensor whose bytes can be a run of another's: `part` is bytes [offset, offset + part's size) of
// `whole` (a concat's input inside its output, a split's output inside its input).
struct StorageView {
  const Tensor* part;
  const Tensor* whole;
  size_t offset;
};

// The box [begin, begin + size) of `whole` as a view `part` when it is one run of whole's bytes (single
// indices before some dim, a range of it, every index after it), else none: slice's and strided_slice's.
std::vector<StorageView> BoxView(Tensor* part, const Tensor* whole, const std::vector<int64_t>& begin,
                                 const std::vector<int64_t>& size);

class OperatorBase {
 public:
  OperatorBase(const OpDesc& desc, Scope* scope) : desc_(desc), scope_(scope) {}
  virtual ~OperatorBase() = default;
  OperatorBase(const OperatorBase&) = delete;
  OperatorBase& operator=(const OperatorBase&) = delete;

  // Resolves variables and attributes. Called once, right after creation.
  virtual Status Bind() = 0;
  // Sets output dims and dtypes from the current input dims; validates attributes and input shapes.
  virtual Status InferShape() = 0;
  // Called once after the first InferShape: weight preprocessing (packing) happens here, never in Run.
  virtual Status Init() = 0;
  virtual Status Run() = 0;
  // Which implementation Run uses at the current shapes (e.g. "winograd F(6,3) avx512"), for profiles;
  // "" when the kernel does not say.
  virtual const char* KernelName() const { return ""; }
  // At the current shapes, the tensors this op copies that could instead share storage (see StorageView).
  // The executor's arena plan may place them so; Run must then skip copying bytes already in place (it
  // compares addresses), and stay correct when they are not.
  virtual std::vector<StorageView> Views() const { return {}; }

  const OpDesc& desc() const { return desc_; }
  const std::string& type() const { return desc_.type; }

 protected:
  OpDesc desc_;
  Scope* scope_;
};

// Param: struct with `Status Bind(ParamBinder*)`. Kernel: class with `Status Init(Param*)` and
// `Status Compute(const Param&)`.
template <typename Device, typename ParamT, typename KernelT>
class OperatorWithKernel : public OperatorBase {
 public:
  using OperatorBase::OperatorBase;
  Status Bind() override {
    ParamBinder binder(desc_, scope_);
    Status s = param_.Bind(&binder);
    if (!binder.status().ok()) return binder.status();
    return s;
  }
  Status Init() override { return kernel_.Init(&param_); }
  Status Run() override { return kernel_.Compute(param_); }
  const char* KernelName() const override { return NameOf(kernel_, 0); }
  const ParamT& param() const { return param_; }

 protected:
  ParamT param_;
  KernelT kernel_;

 private:
  // Kernels that define `const char* Name(const Param&) const` report it; others report "".
  template <typename K>
  auto NameOf(const K& k, int) const -> decltype(k.Name(param_)) { return k.Name(param_); }
  template <typename K>
  const char* NameOf(const K&, long) const { return ""; }
};

// Helpers for InferShape. Messages need not name the op: the Executor prefixes it.
#define EMBER_CHECK_DTYPE(tensor, want, what)                                                     \
  EMBER_CHECK((tensor)->dtype() == (want), what, " must be ", ::ember::DataTypeName(want),  \
              ", got ", ::ember::DataTypeName((tensor)->dtype()))

}  // namespace ember
