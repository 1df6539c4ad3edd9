#include "io/generated_weights.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <random>

namespace ember {

// Stand-in weights are for graph-only Paddle programs and ncnn graphs: a build reading neither (slim models
// only, which hold their weights) keeps no generator.
#if !defined(EMBER_FORMAT_PADDLE) && !defined(EMBER_FORMAT_NCNN)
Status GenerateWeights(const ProgramDesc&, uint32_t, Scope*) {
  return Unimplemented("generated weights are for graph-only Paddle and ncnn models, which this build does not read");
}
#else
Status GenerateWeights(const ProgramDesc& program, uint32_t seed, Scope* weights) {
  const BlockDesc& b = program.block0();
  std::map<std::string, std::pair<std::string, std::string>> first_reader;  // var -> (op type, slot)
  for (const auto& op : b.ops)
    for (const auto& kv : op.inputs)
      for (const auto& n : kv.second) first_reader.emplace(n, std::make_pair(op.type, kv.first));
  std::mt19937 rng(seed);
  for (const auto& v : b.vars) {
    if (!v.IsWeight() || v.name == "feed" || v.name == "fetch") continue;
    DDim dims(v.dims);
    if (dims.numel() < 0) return InvalidArgument("weight '", v.name, "' has unknown dims ", dims.ToString());
    Tensor t;
    t.Resize(dims);
    auto reader = first_reader.count(v.name) ? first_reader[v.name] : std::make_pair(std::string(), std::string());
    const std::string& slot = reader.second;
    bool is_float = v.dtype == static_cast<int>(VarDataType::kFP32) || v.dtype == static_cast<int>(VarDataType::kFP16) ||
                    v.dtype == static_cast<int>(VarDataType::kFP64);
    if (v.dtype == static_cast<int>(VarDataType::kInt8)) {  // quantized weights (ncnn's int8 convs)
      std::uniform_int_distribution<int> q(-127, 127);
      int8_t* d = t.mutable_data<int8_t>();
      const int64_t n = t.numel();
      for (int64_t i = 0; i < n; ++i) d[i] = static_cast<int8_t>(q(rng));
      *weights->Var(v.name)->GetMutable() = std::move(t);
      continue;
    }
    if (!is_float) {  // integer weights (shapes, indices): zeros are always in range
      DataType dt = v.dtype == static_cast<int>(VarDataType::kInt64) ? DataType::kInt64 : DataType::kInt32;
      t.set_dtype(dt);
      EMBER_RETURN_IF_ERROR(t.Allocate());
      std::memset(t.raw_data(), 0, t.nbytes());
      *weights->Var(v.name)->GetMutable() = std::move(t);
      continue;
    }
    float lo = -0.1f, hi = 0.1f;
    if (slot == "Variance") lo = 0.5f, hi = 1.5f;
    else if (slot == "FilterScale") lo = 0.5f / 127, hi = 1.5f / 127;  // an int8 filter's steps
    else if (slot == "Scale") lo = 0.8f, hi = 1.2f;
    else if (dims.size() >= 2) {  // a filter or matrix: keep the output scale near the input's
      int64_t fan_in = dims.size() == 4 ? dims.Product(1, 4) : dims[0];
      float r = std::sqrt(3.f / static_cast<float>(std::max<int64_t>(fan_in, 1)));
      lo = -r, hi = r;
    }
    std::uniform_real_distribution<float> dist(lo, hi);
    float* d = t.mutable_data<float>();
    const int64_t n = t.numel();
    for (int64_t i = 0; i < n; ++i) d[i] = dist(rng);
    *weights->Var(v.name)->GetMutable() = std::move(t);
  }
  return Status::OK();
}

#endif

}  // namespace ember
