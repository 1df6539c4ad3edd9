// Variable and Scope. A Predictor's scope holds its activations; its parent holds the Model's weights,
// which are shared by every predictor and never written after load.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "framework/tensor.h"

namespace ember {

class Variable {
 public:
  Tensor* GetMutable() { return &tensor_; }
  const Tensor& Get() const { return tensor_; }

 private:
  Tensor tensor_;
};

class Scope {
 public:
  explicit Scope(const Scope* parent = nullptr) : parent_(parent) {}
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

  // Finds or creates a variable in this scope (never in the parent).
  Variable* Var(const std::string& name);
  // Finds a variable here, then in the parents; nullptr when absent.
  const Variable* FindVar(const std::string& name) const;
  Variable* FindLocalVar(const std::string& name);
  const Variable* FindLocalVar(const std::string& name) const;
  void EraseLocalVar(const std::string& name);
  std::vector<std::string> LocalVarNames() const;
  const Scope* parent() const { return parent_; }
  // The outermost scope: a Model's weights.
  const Scope* root() const { return parent_ ? parent_->root() : this; }

  // Data derived from weights (packed filters), made once per key and shared by every predictor of the
  // model; safe to call from many threads. The weights scope owns it, so it lives as long as the Model.
  std::shared_ptr<const void> Derived(const std::string& key,
                                      const std::function<std::shared_ptr<const void>()>& make) const;

 private:
  const Scope* parent_;
  std::map<std::string, std::unique_ptr<Variable>> vars_;
  mutable std::mutex derived_mu_;
  mutable std::map<std::string, std::shared_ptr<const void>> derived_;
};

}  // namespace ember
