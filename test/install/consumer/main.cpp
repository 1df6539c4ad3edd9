// An application of an installed Ember (README.md, "C++ API"): classify MODEL INPUT.bin EXPECTED.bin loads the
// MNIST MLP, runs its float32 input image and prints the digit; exits 1 unless the output is EXPECTED.bin's
// (within 1e-4).
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <vector>

#include "io/ember.h"

static std::vector<float> ReadFloats(const char* path, size_t n) {
  std::vector<float> v(n);
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(n * sizeof(float)));
  if (in.gcount() != static_cast<std::streamsize>(n * sizeof(float))) v.clear();
  return v;
}

int main(int argc, char** argv) {
  if (argc != 4) return std::fprintf(stderr, "usage: classify MODEL INPUT.bin EXPECTED.bin\n"), 2;
  const std::vector<float> input = ReadFloats(argv[2], 28 * 28), want = ReadFloats(argv[3], 10);
  if (input.empty() || want.empty()) return std::fprintf(stderr, "cannot read %s or %s\n", argv[2], argv[3]), 2;

  std::shared_ptr<const ember::Model> model;  // immutable, shareable across threads
  ember::Status s = ember::Model::Load(argv[1], {}, &model);
  if (!s.ok()) { std::cerr << s.message() << "\n"; return 1; }
  std::unique_ptr<ember::Predictor> predictor;  // one per thread; cheap
  s = ember::Predictor::Create(model, {/*threads=*/2}, &predictor);
  if (!s.ok()) { std::cerr << s.message() << "\n"; return 1; }
  ember::Tensor image(ember::DataType::kFloat32, {1, 1, 28, 28});
  float* pixels = image.mutable_data<float>();  // fill the input
  for (size_t i = 0; i < input.size(); ++i) pixels[i] = input[i];
  s = predictor->SetInput("image", image);
  if (s.ok()) s = predictor->Run();  // recomputes every output from the inputs set
  const ember::Tensor* out = nullptr;
  if (s.ok()) s = predictor->GetOutput(model->FetchNames()[0], &out);
  if (!s.ok()) { std::cerr << s.message() << "\n"; return 1; }

  if (out->numel() != 10) return std::fprintf(stderr, "%lld outputs, expected 10\n", (long long)out->numel()), 1;
  const float* p = out->data<float>();
  int digit = 0;
  for (int i = 1; i < 10; ++i) digit = p[i] > p[digit] ? i : digit;
  std::printf("digit %d\n", digit);
  for (int i = 0; i < 10; ++i)
    if (std::fabs(p[i] - want[i]) > 1e-4f)
      return std::fprintf(stderr, "output %d: %g, expected %g\n", i, p[i], want[i]), 1;
  std::printf("output matches\n");
  return 0;
}
