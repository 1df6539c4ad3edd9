// The smallest useful Ember program: load one model, run it once, print its outputs' shapes. tools/size_report.sh
// measures it (linked against the static library, and against libember.so as min_run_shared).
//   min_run MODEL                        runs on zeros, int32 feeds 320 (graph-only models: generated weights)
//   min_run MODEL INPUT.bin EXPECTED.bin feeds the raw float32 input and compares the first output (1e-4)
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "io/ember.h"

namespace {

std::vector<float> ReadFloats(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<float> v(bytes.size() / sizeof(float));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(float));
  return v;
}

int Fail(const char* what, const ember::Status& s) {
  std::fprintf(stderr, "min_run: %s: %s\n", what, s.message().c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) {
    std::fprintf(stderr, "usage: min_run MODEL [INPUT.bin EXPECTED.bin]\n");
    return 2;
  }
  std::shared_ptr<const ember::Model> model;
  ember::ModelOptions mo;
  if (!ember::Model::Load(argv[1], mo, &model).ok()) mo.generate_weights = true;  // a graph-only model
  ember::Status s = model ? ember::Status::OK() : ember::Model::Load(argv[1], mo, &model);
  if (!s.ok()) return Fail("load", s);
  std::unique_ptr<ember::Predictor> p;
  if (!(s = ember::Predictor::Create(model, {}, &p)).ok()) return Fail("predictor", s);
  const std::vector<float> input = argc == 4 ? ReadFloats(argv[2]) : std::vector<float>();
  for (const auto& name : p->FeedNames()) {
    const ember::VarDesc* v = model->program().block0().FindVar(name);
    std::vector<int64_t> dims = v ? v->dims : std::vector<int64_t>{1};
    for (auto& d : dims) d = d < 0 ? 1 : d;
    const bool int32 = v && v->dtype == static_cast<int>(ember::VarDataType::kInt32);  // e.g. YOLO's image size
    ember::Tensor t(int32 ? ember::DataType::kInt32 : ember::DataType::kFloat32, ember::DDim(dims));
    for (int64_t i = 0; i < t.numel(); ++i) {
      if (int32) t.mutable_data<int32_t>()[i] = 320;
      else t.mutable_data<float>()[i] = static_cast<size_t>(i) < input.size() ? input[i] : 0.f;
    }
    if (!(s = p->SetInput(name, t)).ok()) return Fail("input", s);
  }
  if (!(s = p->Run()).ok()) return Fail("run", s);
  for (const auto& name : p->FetchNames()) {
    const ember::Tensor* out = nullptr;
    if (!(s = p->GetOutput(name, &out)).ok()) return Fail("output", s);
    std::printf("output %s %s\n", name.c_str(), out->dims().ToString().c_str());
  }
  if (argc != 4) return 0;
  const ember::Tensor* out = nullptr;
  p->GetOutput(p->FetchNames()[0], &out);
  const std::vector<float> want = ReadFloats(argv[3]);
  if (want.size() != static_cast<size_t>(out->numel())) return std::printf("expected %zu values\n", want.size()), 1;
  for (size_t i = 0; i < want.size(); ++i)
    if (std::fabs(out->data<float>()[i] - want[i]) > 1e-4f + 1e-4f * std::fabs(want[i]))
      return std::printf("value %zu: %g, expected %g\n", i, out->data<float>()[i], want[i]), 1;
  std::printf("matches %s\n", argv[3]);
  return 0;
}
