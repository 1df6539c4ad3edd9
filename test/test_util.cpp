#include "test_util.h"

#include "io/paddle/paddle_loader.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>

namespace ember {
namespace test {

std::string ModelsDir() {
  const char* env = std::getenv("EMBER_MODELS_DIR");
  if (env && *env) return env;
  return std::string(EMBER_SOURCE_DIR) + "/../shared/models";
}

bool HaveModels() {
  struct stat st;
  bool ok = stat((ModelsDir() + "/README.md").c_str(), &st) == 0;
  if (!ok) std::cerr << "shared test models are absent: " << ModelsDir() << " (set EMBER_MODELS_DIR)\n";
  return ok;
}

std::vector<char> ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

std::vector<float> ReadFloats(const std::string& path) {
  std::vector<char> b = ReadFile(path);
  std::vector<float> v(b.size() / 4);
  if (!v.empty()) std::memcpy(v.data(), b.data(), v.size() * 4);
  return v;
}

Tensor RandomTensor(const DDim& dims, uint32_t seed, float lo, float hi) {
  Tensor t(DataType::kFloat32, dims);
  float* p = t.mutable_data<float>();
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = dist(rng);
  return t;
}

std::vector<float> RandomVector(size_t n, uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

Tensor MakeTensor(const DDim& dims, const std::vector<float>& values) { return MakeTypedTensor<float>(dims, values); }

std::vector<float> ToVector(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(std::max<int64_t>(t.numel(), 0)));
  switch (t.dtype()) {
    case DataType::kFloat32: if (t.data<float>()) std::copy(t.data<float>(), t.data<float>() + v.size(), v.begin()); break;
    case DataType::kInt32: for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(t.data<int32_t>()[i]); break;
    case DataType::kInt64: for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(t.data<int64_t>()[i]); break;
    case DataType::kBool: for (size_t i = 0; i < v.size(); ++i) v[i] = t.data<bool>()[i] ? 1.f : 0.f; break;
    default: break;
  }
  return v;
}

bool AllClose(const std::vector<float>& got, const std::vector<float>& want, float atol, float rtol,
              std::string* why) {
  if (got.size() != want.size()) {
    if (why) *why = "size " + std::to_string(got.size()) + " vs " + std::to_string(want.size());
    return false;
  }
  for (size_t i = 0; i < got.size(); ++i) {
    float tol = atol + rtol * std::fabs(want[i]);
    bool bad = std::isnan(got[i]) != std::isnan(want[i]) ||
               (!std::isnan(want[i]) && !(std::fabs(got[i] - want[i]) <= tol) &&
                !(std::isinf(want[i]) && got[i] == want[i]));
    if (bad) {
      if (why) {
        std::ostringstream os;
        os << "index " << i << ": got " << got[i] << " want " << want[i] << " (tol " << tol << ")";
        *why = os.str();
      }
      return false;
    }
  }
  return true;
}

OpRunner& OpRunner::In(const std::string& slot, const std::string& var, const Tensor& t) {
  auto names = desc_.Input(slot);
  names.push_back(var);
  desc_.SetInput(slot, names);
  (void)scope_.Var(var)->GetMutable()->CopyFrom(t);
  return *this;
}

OpRunner& OpRunner::Ins(const std::string& slot, const std::vector<std::pair<std::string, Tensor>>& vars) {
  for (const auto& kv : vars) In(slot, kv.first, kv.second);
  return *this;
}

OpRunner& OpRunner::Out(const std::string& slot, const std::string& var) {
  auto names = desc_.Output(slot);
  names.push_back(var);
  desc_.SetOutput(slot, names);
  return *this;
}

OpRunner& OpRunner::Outs(const std::string& slot, const std::vector<std::string>& vars) {
  for (const auto& v : vars) Out(slot, v);
  return *this;
}

OpRunner& OpRunner::Attr(const std::string& name, const Attribute& a) {
  desc_.attrs[name] = a;
  return *this;
}

Status OpRunner::Run() {
  op_.reset();
  EMBER_RETURN_IF_ERROR(CreateOperator(desc_, &scope_, &op_));
  EMBER_RETURN_IF_ERROR(op_->InferShape());
  for (const auto& n : desc_.AllOutputNames()) EMBER_RETURN_IF_ERROR(scope_.Var(n)->GetMutable()->Allocate());
  EMBER_RETURN_IF_ERROR(op_->Init());
  return op_->Run();
}

Status OpRunner::RunAgain() {
  if (!op_) return Internal("RunAgain before Run");
  return op_->Run();
}

const Tensor& OpRunner::Get(const std::string& var) const { return scope_.FindVar(var)->Get(); }

ProgramBuilder::ProgramBuilder() {
  program.blocks.resize(1);
  program.version = 0;
  program.format = "paddle";
  VarDesc feed, fetch;
  feed.name = "feed";
  feed.type = static_cast<int>(VarDataType::kFeedMinibatch);
  feed.persistable = true;
  fetch.name = "fetch";
  fetch.type = static_cast<int>(VarDataType::kFetchList);
  fetch.persistable = true;
  program.block0().vars = {feed, fetch};
}

void ProgramBuilder::DeclareVar(const std::string& name) {
  if (program.block0().FindVar(name)) return;
  VarDesc v;
  v.name = name;
  program.block0().vars.push_back(v);
}

ProgramBuilder& ProgramBuilder::Feed(const std::string& name, std::vector<int64_t> dims) {
  VarDesc v;
  v.name = name;
  v.dims = std::move(dims);
  program.block0().AddVar(v);
  OpDesc op;
  op.type = "feed";
  op.SetInput("X", {"feed"});
  op.SetOutput("Out", {name});
  op.attrs["col"] = Attribute::Int(feeds_++);
  program.block0().ops.push_back(op);
  return *this;
}

ProgramBuilder& ProgramBuilder::Weight(const std::string& name, const Tensor& value) {
  VarDesc v;
  v.name = name;
  v.persistable = true;
  v.dims = value.dims().vec();
  v.dtype = VarDataTypeOf(value.dtype());
  program.block0().AddVar(v);
  (void)weights[name].CopyFrom(value);
  return *this;
}

ProgramBuilder& ProgramBuilder::Op(const std::string& type, OpDesc::Slots inputs, OpDesc::Slots outputs,
                                   std::map<std::string, Attribute> attrs) {
  OpDesc op;
  op.type = type;
  op.inputs = std::move(inputs);
  op.outputs = std::move(outputs);
  op.attrs = std::move(attrs);
  for (const auto& n : op.AllInputNames()) DeclareVar(n);
  for (const auto& n : op.AllOutputNames()) DeclareVar(n);
  program.block0().ops.push_back(op);
  return *this;
}

ProgramBuilder& ProgramBuilder::Fetch(const std::string& name) {
  OpDesc op;
  op.type = "fetch";
  op.SetInput("X", {name});
  op.SetOutput("Out", {"fetch"});
  op.attrs["col"] = Attribute::Int(fetches_++);
  program.block0().ops.push_back(op);
  return *this;
}

void ProgramBuilder::Serialize(std::string* model, std::string* params) const {
  (void)SerializeProgramDesc(program, model);
  params->clear();
  for (const VarDesc* v : WeightVarsInFileOrder(program)) AppendSerializedTensor(weights.at(v->name), v->dtype, params);
}

}  // namespace test
}  // namespace ember
