// The activation memory planner: no two buffers alive at once overlap, and the arena is close to the
// lower bound; the Executor's light mode uses it and keeps only requested outputs.
#include <catch2/catch.hpp>

#include <random>

#include "framework/executor.h"
#include "framework/memory_planner.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("planned buffers alive at the same time never overlap", "[framework][memory]") {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<BufferRequest> reqs(1 + rng() % 40);
    for (auto& r : reqs) {
      r.first = static_cast<int>(rng() % 30);
      r.last = r.first + static_cast<int>(rng() % 6);
      r.bytes = 1 + rng() % 5000;
    }
    MemoryPlan p = PlanMemory(reqs, 64);
    // Independent check of the lower bound: the heaviest step.
    size_t bound = 0;
    for (int t = 0; t < 40; ++t) {
      size_t live = 0;
      for (const auto& r : reqs)
        if (r.first <= t && t <= r.last) live += (r.bytes + 63) / 64 * 64;
      bound = std::max(bound, live);
    }
    CHECK(p.lower_bound == bound);
    CHECK(p.arena_bytes >= bound);
    for (size_t i = 0; i < reqs.size(); ++i) {
      CHECK(p.offsets[i] % 64 == 0);
      CHECK(p.offsets[i] + reqs[i].bytes <= p.arena_bytes);
      for (size_t j = i + 1; j < reqs.size(); ++j) {
        bool same_time = reqs[i].first <= reqs[j].last && reqs[j].first <= reqs[i].last;
        bool disjoint = p.offsets[i] + reqs[i].bytes <= p.offsets[j] || p.offsets[j] + reqs[j].bytes <= p.offsets[i];
        if (same_time) CHECK(disjoint);
      }
    }
  }
}

TEST_CASE("a chain of ops needs two buffers, a branchy graph stays near the bound", "[framework][memory]") {
  std::vector<BufferRequest> chain;
  for (int i = 0; i < 10; ++i) chain.push_back({4096, i, i + 1});
  MemoryPlan p = PlanMemory(chain);
  CHECK(p.arena_bytes == 2 * 4096);
  CHECK(p.lower_bound == 2 * 4096);
  CHECK(p.naive_bytes == 10 * 4096);
}

TEST_CASE("light mode: outputs stay correct across runs and shapes; intermediates are not readable",
          "[framework][memory]") {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 8});
  std::string prev = "x";
  for (int i = 0; i < 6; ++i) {
    std::string out = "t" + std::to_string(i);
    pb.Op(i % 2 ? "relu" : "scale", {{"X", {prev}}}, {{"Out", {out}}},
          i % 2 ? std::map<std::string, Attribute>{} : std::map<std::string, Attribute>{{"scale", Attribute::Float(2)}});
    prev = out;
  }
  pb.Fetch(prev);
  Scope weights;
  for (bool light : {true, false}) {
    ExecutorOptions eo;
    eo.light_mode = light;
    Executor ex(&pb.program, &weights, eo);
    for (int64_t rows : {1, 1, 5, 5, 2}) {  // repeated shapes run on the planned arena
      Tensor x = RandomTensor({rows, 8}, static_cast<uint32_t>(rows));
      REQUIRE(ex.SetInput("x", x).ok());
      REQUIRE(ex.Run().ok());
      const Tensor* out = nullptr;
      REQUIRE(ex.GetOutput(prev, &out).ok());
      std::vector<float> want = ToVector(x);
      for (auto& v : want) v = v > 0 ? 8 * v : 0;  // (2x, relu) three times
      std::string why;
      CHECK(AllClose(ToVector(*out), want, 1e-6f, 1e-6f, &why));
      INFO(why);
      const Tensor* mid = nullptr;
      CHECK(ex.GetOutput("t2", &mid).ok() == !light);
    }
    if (light) {
      const MemoryStats& m = ex.LastMemoryStats();
      CHECK(m.tensors == 5);
      CHECK(m.lower_bound == 2 * 64);  // two live [2,8] floats, each rounded to 64 bytes
      CHECK(m.arena_bytes == m.lower_bound);
      CHECK(m.naive_bytes == 5 * 64);
    }
  }
}
