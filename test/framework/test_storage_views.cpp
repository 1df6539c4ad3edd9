// Copy-free concat, split and slice: in light mode the arena places a concat's inputs inside its output
// and a split's or slice's outputs inside its input (StorageView), so those ops copy nothing. Results must
// equal a plain computation whatever the plan does: across repeated runs, shape changes that turn views
// off (batch 2), nested groups, a part read long after its whole was made, and parts whose size changes
// between runs at the same input shapes.
#include <catch2/catch.hpp>

#include <algorithm>

#include "framework/executor.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Channels [c0, c1) of an NCHW tensor held as a vector.
std::vector<float> Channels(const std::vector<float>& t, int64_t n, int64_t c, int64_t hw, int64_t c0, int64_t c1) {
  std::vector<float> out;
  for (int64_t b = 0; b < n; ++b)
    out.insert(out.end(), t.begin() + (b * c + c0) * hw, t.begin() + (b * c + c1) * hw);
  return out;
}

// Concatenation along channels of NCHW tensors with the given channel counts.
std::vector<float> JoinChannels(const std::vector<std::vector<float>>& parts, const std::vector<int64_t>& chans,
                                int64_t n, int64_t hw) {
  std::vector<float> out;
  for (int64_t b = 0; b < n; ++b)
    for (size_t i = 0; i < parts.size(); ++i)
      out.insert(out.end(), parts[i].begin() + b * chans[i] * hw, parts[i].begin() + (b + 1) * chans[i] * hw);
  return out;
}

std::vector<float> Map(std::vector<float> v, float (*f)(float)) {
  std::transform(v.begin(), v.end(), v.begin(), f);
  return v;
}

}  // namespace

TEST_CASE("storage views: concat/split/slice outputs stay right when the arena shares their bytes",
          "[framework][memory]") {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 5, -1, -1});
  pb.Op("scale", {{"X", {"x"}}}, {{"Out", {"a"}}}, {{"scale", Attribute::Float(2)}});
  pb.Op("relu", {{"X", {"x"}}}, {{"Out", {"b"}}});
  pb.Op("concat", {{"X", {"a", "b"}}}, {{"Out", {"c"}}}, {{"axis", Attribute::Int(1)}});
  pb.Op("split", {{"X", {"c"}}}, {{"Out", {"s1", "s2"}}},
        {{"axis", Attribute::Int(1)}, {"sections", Attribute::Ints({3, 7})}});
  pb.Op("scale", {{"X", {"s1"}}}, {{"Out", {"d"}}}, {{"scale", Attribute::Float(3)}});
  pb.Op("slice", {{"Input", {"c"}}}, {{"Out", {"e"}}},
        {{"axes", Attribute::Ints({1})}, {"starts", Attribute::Ints({2})}, {"ends", Attribute::Ints({6})}});
  pb.Op("concat", {{"X", {"d", "s2", "e"}}}, {{"Out", {"f"}}}, {{"axis", Attribute::Int(1)}});
  pb.Op("concat", {{"X", {"f", "f"}}}, {{"Out", {"g"}}}, {{"axis", Attribute::Int(3)}});  // never a view
  pb.Op("concat", {{"X", {"x", "c"}}}, {{"Out", {"h"}}}, {{"axis", Attribute::Int(1)}});  // c inside h
  pb.Op("scale", {{"X", {"g"}}}, {{"Out", {"g2"}}}, {{"scale", Attribute::Float(-1)}});  // reuses freed memory
  pb.Op("scale", {{"X", {"h"}}}, {{"Out", {"h2"}}}, {{"scale", Attribute::Float(1)}});  // h is an intermediate
  pb.Op("scale", {{"X", {"g"}}}, {{"Out", {"m"}}}, {{"scale", Attribute::Float(5)}});  // new memory after h died
  pb.Op("scale", {{"X", {"m"}}}, {{"Out", {"m2"}}}, {{"scale", Attribute::Float(1)}});
  pb.Op("relu", {{"X", {"s2"}}}, {{"Out", {"k"}}});  // s2 read last: its group must still be intact
  pb.Fetch("g2").Fetch("h2").Fetch("m2").Fetch("k");
  Scope weights;
  ExecutorOptions eo;
  eo.light_mode = true;
  Executor ex(&pb.program, &weights, eo);
  struct Shape { int64_t n, h, w; };
  for (Shape s : {Shape{1, 7, 7}, {1, 7, 7}, {1, 7, 7}, {2, 7, 7}, {2, 7, 7}, {1, 3, 5}, {1, 3, 5}, {1, 7, 7}}) {
    const int64_t hw = s.h * s.w;
    Tensor xt = RandomTensor({s.n, 5, s.h, s.w}, static_cast<uint32_t>(s.n * 100 + hw));
    REQUIRE(ex.SetInput("x", xt).ok());
    REQUIRE(ex.Run().ok());
    // The plain computation.
    const std::vector<float> x = ToVector(xt);
    const std::vector<float> a = Map(x, [](float v) { return 2 * v; });
    const std::vector<float> b = Map(x, [](float v) { return std::max(v, 0.f); });
    const std::vector<float> c = JoinChannels({a, b}, {5, 5}, s.n, hw);
    const std::vector<float> s1 = Channels(c, s.n, 10, hw, 0, 3), s2 = Channels(c, s.n, 10, hw, 3, 10);
    const std::vector<float> d = Map(s1, [](float v) { return 3 * v; });
    const std::vector<float> e = Channels(c, s.n, 10, hw, 2, 6);
    const std::vector<float> f = JoinChannels({d, s2, e}, {3, 7, 4}, s.n, hw);
    std::vector<float> g2;
    for (int64_t row = 0; row < s.n * 14 * s.h; ++row)
      for (int rep = 0; rep < 2; ++rep)
        for (int64_t i = 0; i < s.w; ++i) g2.push_back(-f[static_cast<size_t>(row * s.w + i)]);
    const std::vector<float> m2 = Map(g2, [](float v) { return -5 * v; });
    const std::vector<float> h = JoinChannels({x, c}, {5, 10}, s.n, hw);
    const std::vector<float> k = Map(s2, [](float v) { return std::max(v, 0.f); });
    INFO("shape [" << s.n << ",5," << s.h << "," << s.w << "]");
    for (const auto& [name, want] : std::vector<std::pair<std::string, std::vector<float>>>{{"g2", g2}, {"h2", h}, {"m2", m2}, {"k", k}}) {
      const Tensor* out = nullptr;
      REQUIRE(ex.GetOutput(name, &out).ok());
      std::string why;
      const bool same = AllClose(ToVector(*out), want, 0.f, 0.f, &why);
      INFO(name << ": " << why);
      CHECK(same);
    }
    // Batch 1: a and b live in c, s1, s2 and e in c, d in f, c in h. Batch 2: nothing is one run of bytes.
    CHECK(ex.LastMemoryStats().views == (s.n == 1 ? 7u : 0u));
  }
}

TEST_CASE("storage views: parts whose size changes between runs at the same input shapes get their own storage",
          "[framework][memory]") {
  // range's length comes from the fed value, not its shape, so the planned group no longer lines up:
  // a part that grows past its slot while its whole still fits must not overwrite a neighbour's source.
  ProgramBuilder pb;
  pb.Feed("end1", {1}).Feed("end2", {1});
  pb.Weight("start", MakeTensor({1}, {0.f})).Weight("step", MakeTensor({1}, {1.f}));
  pb.Op("range", {{"Start", {"start"}}, {"End", {"end1"}}, {"Step", {"step"}}}, {{"Out", {"r1"}}});
  pb.Op("range", {{"Start", {"start"}}, {"End", {"end2"}}, {"Step", {"step"}}}, {{"Out", {"r2"}}});
  pb.Op("scale", {{"X", {"r1"}}}, {{"Out", {"a"}}}, {{"scale", Attribute::Float(2)}});
  pb.Op("scale", {{"X", {"r2"}}}, {{"Out", {"b"}}}, {{"scale", Attribute::Float(-1)}});
  pb.Op("concat", {{"X", {"a", "b"}}}, {{"Out", {"c"}}}, {{"axis", Attribute::Int(0)}});
  pb.Op("scale", {{"X", {"c"}}}, {{"Out", {"y"}}}, {{"scale", Attribute::Float(1)}});
  pb.Fetch("y");
  Scope weights;
  for (const auto& [name, value] : pb.weights) *weights.Var(name)->GetMutable() = value;
  Executor ex(&pb.program, &weights, ExecutorOptions{});
  for (auto [len1, len2] : std::vector<std::pair<int, int>>{{5, 5}, {5, 5}, {5, 5}, {7, 3}, {7, 3}, {3, 7}, {5, 5}, {2, 2}, {5, 5}}) {
    REQUIRE(ex.SetInput("end1", MakeTensor({1}, {static_cast<float>(len1)})).ok());
    REQUIRE(ex.SetInput("end2", MakeTensor({1}, {static_cast<float>(len2)})).ok());
    REQUIRE(ex.Run().ok());
    std::vector<float> want;
    for (int i = 0; i < len1; ++i) want.push_back(2.f * i);
    for (int i = 0; i < len2; ++i) want.push_back(-1.f * i);
    const Tensor* out = nullptr;
    REQUIRE(ex.GetOutput("y", &out).ok());
    std::string why;
    INFO("lengths " << len1 << ", " << len2);
    const bool same = AllClose(ToVector(*out), want, 0.f, 0.f, &why);
    INFO(why);
    CHECK(same);
    CHECK(ex.LastMemoryStats().views == 2);
  }
}

TEST_CASE("storage views: reshape2, flatten, squeeze2 and unsqueeze2 outputs share their input's bytes",
          "[framework][memory]") {
  // x -> a = 2x; r = reshape2(a) [n, 2, 3, hw] -> transpose -> reshape2 back (a channel shuffle); a is read
  // again after its views were made, and a view (fl) goes into a concat, whose own input it cannot also be.
  ProgramBuilder pb;
  pb.Feed("x", {1, 6, 2, 2});
  pb.Op("scale", {{"X", {"x"}}}, {{"Out", {"a"}}}, {{"scale", Attribute::Float(2)}});
  pb.Op("reshape2", {{"X", {"a"}}}, {{"Out", {"r"}}}, {{"shape", Attribute::Ints({1, 2, 3, 4})}});
  pb.Op("transpose2", {{"X", {"r"}}}, {{"Out", {"t"}}}, {{"axis", Attribute::Ints({0, 2, 1, 3})}});
  pb.Op("reshape2", {{"X", {"t"}}}, {{"Out", {"u"}}}, {{"shape", Attribute::Ints({1, 6, 2, 2})}});
  pb.Op("flatten", {{"X", {"a"}}}, {{"Out", {"fl"}}}, {{"axis", Attribute::Int(1)}});
  pb.Op("unsqueeze2", {{"X", {"u"}}}, {{"Out", {"us"}}}, {{"axes", Attribute::Ints({0})}});
  pb.Op("squeeze2", {{"X", {"us"}}}, {{"Out", {"sq"}}}, {{"axes", Attribute::Ints({0})}});
  pb.Op("scale", {{"X", {"fl"}}}, {{"Out", {"f2"}}}, {{"scale", Attribute::Float(1)}});
  pb.Op("concat", {{"X", {"fl", "f2"}}}, {{"Out", {"cat"}}}, {{"axis", Attribute::Int(1)}});
  pb.Op("relu", {{"X", {"a"}}}, {{"Out", {"ra"}}});
  pb.Fetch("sq").Fetch("cat").Fetch("ra");
  Scope weights;
  ExecutorOptions eo;
  eo.light_mode = true;
  Executor ex(&pb.program, &weights, eo);
  for (int round = 0; round < 3; ++round) {
    Tensor xt = RandomTensor({1, 6, 2, 2}, 40 + static_cast<uint32_t>(round));
    REQUIRE(ex.SetInput("x", xt).ok());
    REQUIRE(ex.Run().ok());
    const std::vector<float> a = Map(ToVector(xt), [](float v) { return 2 * v; });
    std::vector<float> sq;  // channel j * 2 + i of the shuffle = channel i * 3 + j of a
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 2; ++i) sq.insert(sq.end(), a.begin() + (i * 3 + j) * 4, a.begin() + (i * 3 + j + 1) * 4);
    std::vector<float> cat = a;
    cat.insert(cat.end(), a.begin(), a.end());
    const std::vector<float> ra = Map(a, [](float v) { return std::max(v, 0.f); });
    for (const auto& [name, want] : std::vector<std::pair<std::string, std::vector<float>>>{{"sq", sq}, {"cat", cat}, {"ra", ra}}) {
      const Tensor* out = nullptr;
      REQUIRE(ex.GetOutput(name, &out).ok());
      std::string why;
      const bool same = AllClose(ToVector(*out), want, 0.f, 0.f, &why);
      INFO("round " << round << ", " << name << ": " << why);
      CHECK(same);
    }
    // r in a, u in t, us in u, fl in a (f2 goes into cat; fl already has its whole). From the second run on.
    if (round > 0) CHECK(ex.LastMemoryStats().views >= 4u);
  }
}

TEST_CASE("storage views: a slice whose starts are computed moves or loses its view at the same shapes",
          "[framework][memory]") {
  // y = strided_slice(a, starts / ends fed as tensors) over channels and rows of a [1, 6, 4, 4] tensor: a channel
  // range with whole rows is one run of a's bytes (a view), with part of the rows it is not. Runs at one input
  // shape alternate between the two and move the run: every result must equal plain slicing.
  ProgramBuilder pb;
  pb.Feed("x", {1, 6, 4, 4}).Feed("st", {2}).Feed("en", {2});
  pb.Op("scale", {{"X", {"x"}}}, {{"Out", {"a"}}}, {{"scale", Attribute::Float(2)}});
  pb.Op("strided_slice", {{"Input", {"a"}}, {"StartsTensor", {"st"}}, {"EndsTensor", {"en"}}}, {{"Out", {"y"}}},
        {{"axes", Attribute::Ints({1, 2})}});
  pb.Op("scale", {{"X", {"y"}}}, {{"Out", {"z"}}}, {{"scale", Attribute::Float(-1)}});
  pb.Op("relu", {{"X", {"a"}}}, {{"Out", {"r"}}});  // a read after the slice: its bytes must be intact
  pb.Fetch("z").Fetch("r");
  Scope weights;
  ExecutorOptions eo;
  eo.light_mode = true;
  Executor ex(&pb.program, &weights, eo);
  const Tensor xt = RandomTensor({1, 6, 4, 4}, 77);
  const std::vector<float> x = ToVector(xt);
  struct Box { int64_t c0, c1, h0, h1; };
  for (Box b : {Box{0, 2, 0, 4}, {0, 2, 0, 4}, {0, 2, 0, 4}, {3, 5, 0, 4}, {3, 5, 0, 4}, {1, 3, 1, 3}, {1, 3, 1, 3},
                {4, 6, 0, 4}, {0, 2, 0, 4}}) {
    INFO("channels [" << b.c0 << ", " << b.c1 << "), rows [" << b.h0 << ", " << b.h1 << ")");
    REQUIRE(ex.SetInput("x", xt).ok());
    REQUIRE(ex.SetInput("st", MakeTypedTensor<int64_t>({2}, {b.c0, b.h0})).ok());
    REQUIRE(ex.SetInput("en", MakeTypedTensor<int64_t>({2}, {b.c1, b.h1})).ok());
    REQUIRE(ex.Run().ok());
    std::vector<float> z, r;
    for (int64_t c = b.c0; c < b.c1; ++c)
      for (int64_t h = b.h0; h < b.h1; ++h)
        for (int64_t w = 0; w < 4; ++w) z.push_back(-2 * x[static_cast<size_t>((c * 4 + h) * 4 + w)]);
    for (float v : x) r.push_back(std::max(2 * v, 0.f));
    for (const auto& [name, want] : std::vector<std::pair<std::string, std::vector<float>>>{{"z", z}, {"r", r}}) {
      const Tensor* out = nullptr;
      REQUIRE(ex.GetOutput(name, &out).ok());
      std::string why;
      const bool same = AllClose(ToVector(*out), want, 0.f, 0.f, &why);
      INFO(name << ": " << why);
      CHECK(same);
    }
  }
}
