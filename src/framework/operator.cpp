#include "framework/operator.h"

namespace ember {

void ParamBinder::Fail(const std::string& message) {
  if (status_.ok()) status_ = InvalidArgument("op ", op_.Describe(), ": ", message);
}

const Tensor* ParamBinder::Find(const std::string& slot, const std::string& name) {
  const Variable* v = scope_->FindVar(name);
  if (!v) {
    Fail(StrCat("slot ", slot, " names variable '", name, "', which the program does not define"));
    return nullptr;
  }
  return &v->Get();
}

const Tensor* ParamBinder::Input(const std::string& slot) {
  const auto& names = op_.Input(slot);
  if (names.size() != 1) {
    Fail(StrCat("input slot ", slot, " needs exactly one variable, has ", names.size()));
    return nullptr;
  }
  return Find(slot, names[0]);
}

const Tensor* ParamBinder::OptionalInput(const std::string& slot) {
  const auto& names = op_.Input(slot);
  if (names.empty()) return nullptr;
  if (names.size() != 1) {
    Fail(StrCat("input slot ", slot, " needs at most one variable, has ", names.size()));
    return nullptr;
  }
  return Find(slot, names[0]);
}

std::vector<const Tensor*> ParamBinder::Inputs(const std::string& slot) {
  std::vector<const Tensor*> out;
  const auto& names = op_.Input(slot);
  if (names.empty()) Fail(StrCat("input slot ", slot, " is missing"));
  for (const auto& n : names) out.push_back(Find(slot, n));
  return out;
}

Tensor* ParamBinder::Output(const std::string& slot) {
  const auto& names = op_.Output(slot);
  if (names.size() != 1) {
    Fail(StrCat("output slot ", slot, " needs exactly one variable, has ", names.size()));
    return nullptr;
  }
  return scope_->Var(names[0])->GetMutable();
}

Tensor* ParamBinder::OptionalOutput(const std::string& slot) {
  const auto& names = op_.Output(slot);
  if (names.empty()) return nullptr;
  return scope_->Var(names[0])->GetMutable();
}

std::vector<Tensor*> ParamBinder::Outputs(const std::string& slot) {
  std::vector<Tensor*> out;
  const auto& names = op_.Output(slot);
  if (names.empty()) Fail(StrCat("output slot ", slot, " is missing"));
  for (const auto& n : names) out.push_back(scope_->Var(n)->GetMutable());
  return out;
}

std::vector<StorageView> BoxView(Tensor* part, const Tensor* whole, const std::vector<int64_t>& begin,
                                 const std::vector<int64_t>& size) {
  const std::vector<int64_t> in = whole->dims().vec();
  const int rank = static_cast<int>(in.size());
  if (begin.size() != in.size() || size.size() != in.size()) return {};
  int cut = 0;  // the last dim not taken whole
  for (int d = 0; d < rank; ++d)
    if (size[d] != in[d]) cut = d;
  for (int d = 0; d < cut; ++d)
    if (size[d] != 1) return {};
  int64_t offset = 0, stride = static_cast<int64_t>(SizeOf(whole->dtype()));
  for (int d = rank - 1; d >= 0; --d) {
    offset += begin[d] * stride;
    stride *= in[d];
  }
  return {{part, whole, static_cast<size_t>(offset)}};
}

}  // namespace ember
