// Shared helpers for Ember's Catch2 tests: shared-data path, random tensors, comparisons, and a
// single-op runner that drives an op through Bind -> InferShape -> Init -> Run as the Executor does.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "framework/op_registry.h"
#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/tensor.h"

namespace ember {
namespace test {

// Root of the shared test models: $EMBER_MODELS_DIR, else ../shared/models beside the source tree.
std::string ModelsDir();
// True when the shared models are present; otherwise prints one clear line saying why tests are skipped
// (the caller then FAILs or WARNs, see REQUIRE_MODELS).
bool HaveModels();
std::vector<char> ReadFile(const std::string& path);
std::vector<float> ReadFloats(const std::string& path);

// Uniform values in [lo, hi) from a fixed seed.
Tensor RandomTensor(const DDim& dims, uint32_t seed, float lo = -1.f, float hi = 1.f);
// n uniform values in [lo, hi) from a fixed seed (the same stream RandomTensor draws).
std::vector<float> RandomVector(size_t n, uint32_t seed, float lo = -1.f, float hi = 1.f);
Tensor MakeTensor(const DDim& dims, const std::vector<float>& values);
template <typename T>
Tensor MakeTypedTensor(const DDim& dims, const std::vector<T>& values) {
  Tensor t(DataTypeOf<T>(), dims);
  T* p = t.mutable_data<T>();
  for (size_t i = 0; i < values.size(); ++i) p[i] = values[i];
  return t;
}
std::vector<float> ToVector(const Tensor& t);

// Max |a-b| over elements; fails (returns false) on size mismatch. Prints the worst index on failure.
bool AllClose(const std::vector<float>& got, const std::vector<float>& want, float atol, float rtol,
              std::string* why = nullptr);

// Runs one op. Inputs are copied into a scope; outputs are read back by variable name.
class OpRunner {
 public:
  explicit OpRunner(const std::string& type) { desc_.type = type; }
  OpRunner& In(const std::string& slot, const std::string& var, const Tensor& t);
  OpRunner& Ins(const std::string& slot, const std::vector<std::pair<std::string, Tensor>>& vars);
  OpRunner& Out(const std::string& slot, const std::string& var);
  OpRunner& Outs(const std::string& slot, const std::vector<std::string>& vars);
  OpRunner& Attr(const std::string& name, const Attribute& a);
  Status Run();                 // Bind, InferShape, allocate outputs, Init, Run
  Status RunAgain();            // Run only (after changing input data in place)
  const Tensor& Get(const std::string& var) const;
  Tensor* Mutable(const std::string& var) { return scope_.Var(var)->GetMutable(); }
  const OpDesc& desc() const { return desc_; }

 private:
  OpDesc desc_;
  Scope scope_;
  std::unique_ptr<OperatorBase> op_;
};

// Builds small Paddle programs by hand for executor, loader and pass tests.
class ProgramBuilder {
 public:
  ProgramBuilder();
  ProgramBuilder& Feed(const std::string& name, std::vector<int64_t> dims);
  ProgramBuilder& Weight(const std::string& name, const Tensor& value);
  ProgramBuilder& Op(const std::string& type, OpDesc::Slots inputs, OpDesc::Slots outputs,
                     std::map<std::string, Attribute> attrs = {});
  ProgramBuilder& Fetch(const std::string& name);
  // The model and combined params in Paddle's file formats.
  void Serialize(std::string* model, std::string* params) const;
  ProgramDesc program;
  std::map<std::string, Tensor> weights;

 private:
  void DeclareVar(const std::string& name);
  int feeds_ = 0, fetches_ = 0;
};

}  // namespace test
}  // namespace ember

// Requires the shared models; fails the test with a clear message when they are absent.
#define REQUIRE_MODELS()                                                                          \
  do {                                                                                            \
    if (!::ember::test::HaveModels())                                                             \
      FAIL("shared test models not found at " << ::ember::test::ModelsDir()                       \
                                              << " (set EMBER_MODELS_DIR)");                      \
  } while (0)
