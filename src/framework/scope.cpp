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

std::shared_ptr<const void> Scope::Derived(
    const std::string& key, const std::function<std::shared_ptr<const void>(size_t* bytes)>& make) const {
  std::lock_guard<std::mutex> lock(derived_mu_);
  auto& slot = derived_[key];
  if (!slot) {
    size_t bytes = 0;
    slot = make(&bytes);
    if (slot) derived_bytes_ += bytes;
  }
  return slot;
}

std::shared_ptr<const void> Scope::FindDerived(const std::string& key) const {
  std::lock_guard<std::mutex> lock(derived_mu_);
  auto it = derived_.find(key);
  return it == derived_.end() ? nullptr : it->second;
}

bool Scope::ReleaseWeight(const std::string& name) const {
  std::lock_guard<std::mutex> lock(derived_mu_);
  if (released_.count(name)) return true;
  auto it = vars_.find(name);
  if (!releasable_.count(name) || it == vars_.end()) return false;
  Tensor* t = it->second->GetMutable();
  released_bytes_ += t->nbytes();
  if (t->block()) t->block()->DiscardPages(t->raw_data(), t->nbytes());  // a view of a mapped model file
  t->Release();
  released_.insert(name);
  return true;
}

size_t Scope::derived_bytes() const {
  std::lock_guard<std::mutex> lock(derived_mu_);
  return derived_bytes_;
}

size_t Scope::released_bytes() const {
  std::lock_guard<std::mutex> lock(derived_mu_);
  return released_bytes_;
}

}  // namespace ember
