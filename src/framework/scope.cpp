#include "framework/scope.h"

namespace ember {

Variable* Scope::Var(const std::string& name) {
  auto& slot = vars_[name];
  if (!slot) slot = std::make_unique<Variable>();
  return slot.get();
}

const Variable* Scope::FindVar(const std::string& name) const {
  for (const Scope* s = this; s; s = s->parent_) {
    auto it = s->vars_.find(name);
    if (it != s->vars_.end()) return it->second.get();
  }
  return nullptr;
}

Variable* Scope::FindLocalVar(const std::string& name) {
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : it->second.get();
}

const Variable* Scope::FindLocalVar(const std::string& name) const {
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : it->second.get();
}

void Scope::EraseLocalVar(const std::string& name) { vars_.erase(name); }

std::vector<std::string> Scope::LocalVarNames() const {
  std::vector<std::string> names;
  for (const auto& kv : vars_) names.push_back(kv.first);
  return names;
}

std::shared_ptr<const void> Scope::Derived(const std::string& key,
                                           const std::function<std::shared_ptr<const void>()>& make) const {
  std::lock_guard<std::mutex> lock(derived_mu_);
  auto& slot = derived_[key];
  if (!slot) slot = make();
  return slot;
}

}  // namespace ember
