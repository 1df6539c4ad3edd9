// Variable and Scope. A Predictor's scope holds its activations; its parent holds the Model's weights,
// which are shared by every predictor and never written after load.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
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
  // `make` sets *bytes to the size of what it made (for derived_bytes); a null result is not kept (the next
  // call makes again).
  std::shared_ptr<const void> Derived(const std::string& key,
                                      const std::function<std::shared_ptr<const void>(size_t* bytes)>& make) const;
  // The data made for `key`, or null (never makes).
  std::shared_ptr<const void> FindDerived(const std::string& key) const;

  // Weights whose only reader works from data derived from them (a conv's packed filter): the model names
  // them, and the reader frees each once its derived copy exists (ReleaseWeight). The data goes, the dims
  // stay; a maker that runs later finds data() null, under the same lock as Derived's makers.
  void SetReleasable(std::set<std::string> names) { releasable_ = std::move(names); }
  // Frees weight `name` when it is releasable; returns whether it did (now or before).
  bool ReleaseWeight(const std::string& name) const;
  size_t derived_bytes() const;   // kept by Derived
  size_t released_bytes() const;  // freed by ReleaseWeight

 private:
  const Scope* parent_;
  std::map<std::string, std::unique_ptr<Variable>> vars_;
  mutable std::mutex derived_mu_;
  mutable std::map<std::string, std::shared_ptr<const void>> derived_;
  mutable size_t derived_bytes_ = 0;
  std::set<std::string> releasable_;
  mutable std::set<std::string> released_;
  mutable size_t released_bytes_ = 0;
};

}  // namespace ember
