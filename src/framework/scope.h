// Variable and Scope. A Predictor's scope holds its activations; its parent holds the Model's weights,
// which are shared by every predictor and never written after load.
#pragma once

#include <map>
#include <memory>
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

 private:
  const Scope* parent_;
  std::map<std::string, std::unique_ptr<Variable>> vars_;
};

}  // namespace ember
