// Paddle's legacy fake quantization ops against formulas written here from Paddle's definitions (the clip and
// std::round of round_type 1, the nearest-even rounding and [-bin - 1, bin] clamp of round_type 0, per-tensor and
// per-channel abs max, InScale for the range / moving-average ops, the dequantize ops' divisors): values past the
// scale, a zero scale, both channel axes, one and two dequantize scales.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// q of one value at scale s (Paddle's float arithmetic: the multiplier first).
float Q(float x, float s, int round_type, int bits = 8) {
  const float bin = static_cast<float>((1 << (bits - 1)) - 1);
  const float m = bin * (s <= 1e-30f ? 1.0f / (s + 1e-6f) : 1.0f / s);
  if (round_type == 1) return std::round(m * std::min(std::max(x, -s), s));
  return std::min(bin, std::max(-bin - 1, std::nearbyint(m * x)));
}

// 81 values in [-2, 2], -2 the abs max.
std::vector<float> Values() {
  std::vector<float> v;
  for (int i = -40; i <= 40; ++i) v.push_back(static_cast<float>(i) * 0.0487f);
  v[3] = -2.f;
  return v;
}

std::vector<float> Run(OpRunner& r, const std::string& var) {
  Status s = r.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  return ToVector(r.Get(var));
}

}  // namespace

TEST_CASE("fake_quantize_abs_max / _dequantize_abs_max: the abs max, both roundings", "[op][quantize]") {
  const std::vector<float> x = Values();
  for (int round_type : {-1, 0, 1}) {  // -1: the attribute absent (1)
    for (bool deq : {false, true}) {
      OpRunner r(deq ? "fake_quantize_dequantize_abs_max" : "fake_quantize_abs_max");
      r.In("X", "x", MakeTensor(DDim({81}), x)).Out("Out", "y").Out("OutScale", "s");
      if (round_type >= 0) r.Attr("round_type", Attribute::Int(round_type));
      const std::vector<float> y = Run(r, "y");
      CHECK(ToVector(r.Get("s")) == std::vector<float>{2.f});
      for (size_t i = 0; i < x.size(); ++i) {
        const float q = Q(x[i], 2.f, round_type == 0 ? 0 : 1);
        INFO("x " << x[i] << " round_type " << round_type);
        CHECK(y[i] == (deq ? q * 2.f / 127.f : q));
      }
    }
  }
}

TEST_CASE("fake_quantize ops with InScale: values past the scale clip, round_type 0 reaches -128", "[op][quantize]") {
  const std::vector<float> x = {-3.f, -1.5f, 0.25f, 1.f, 5.f, 0.f};
  for (const char* type : {"fake_quantize_range_abs_max", "fake_quantize_moving_average_abs_max",
                           "fake_quantize_dequantize_moving_average_abs_max"}) {
    for (int attr : {-1, 0, 1}) {  // -1: the attribute absent (1)
      const int round_type = attr == 0 ? 0 : 1;
      OpRunner r(type);
      r.In("X", "x", MakeTensor(DDim({6}), x)).In("InScale", "in_s", MakeTensor(DDim({1}), {1.5f}));
      r.Out("Out", "y").Attr("is_test", Attribute::Bool(true));
      if (attr >= 0) r.Attr("round_type", Attribute::Int(attr));
      const std::vector<float> y = Run(r, "y");
      const bool deq = std::string(type).find("dequantize") != std::string::npos;
      for (size_t i = 0; i < x.size(); ++i) {
        const float q = Q(x[i], 1.5f, round_type);
        INFO(type << " x " << x[i] << " round_type " << round_type);
        CHECK(y[i] == (deq ? q * 1.5f / 127.f : q));
      }
      CHECK(y[0] == (deq ? Q(-3.f, 1.5f, round_type) * 1.5f / 127.f : (round_type == 0 ? -128.f : -127.f)));
    }
  }
}

TEST_CASE("fake_channel_wise_quantize ops: a scale per channel on axis 0 or 1; stored scales with is_test",
          "[op][quantize]") {
  const std::vector<float> x = RandomVector(2 * 3 * 4, 5, -3.f, 3.f);
  for (int axis : {0, 1}) {
    for (bool deq : {false, true}) {
      OpRunner r(deq ? "fake_channel_wise_quantize_dequantize_abs_max" : "fake_channel_wise_quantize_abs_max");
      r.In("X", "x", MakeTensor(DDim({2, 3, 4}), x)).Out("Out", "y").Out("OutScale", "s");
      r.Attr("quant_axis", Attribute::Int(axis));
      const std::vector<float> y = Run(r, "y");
      const int64_t channels = axis == 0 ? 2 : 3;
      std::vector<float> want_s(static_cast<size_t>(channels), 0.f);
      auto channel = [&](size_t i) { return axis == 0 ? i / 12 : i / 4 % 3; };
      for (size_t i = 0; i < x.size(); ++i) want_s[channel(i)] = std::max(want_s[channel(i)], std::fabs(x[i]));
      CHECK(ToVector(r.Get("s")) == want_s);
      for (size_t i = 0; i < x.size(); ++i) {
        const float s = want_s[channel(i)], q = Q(x[i], s, 1);
        CHECK(y[i] == (deq ? q * s / 127.f : q));
      }
    }
  }
  // Newer Paddle's inference: the quantize op reads OutScale, a model weight, instead of computing it.
  OpRunner r("fake_channel_wise_quantize_abs_max");
  r.In("X", "x", MakeTensor(DDim({2, 3, 4}), x)).Out("Out", "y").Out("OutScale", "s");
  r.Attr("is_test", Attribute::Bool(true));
  *r.Mutable("s") = MakeTensor(DDim({2}), {1.f, 4.f});
  const std::vector<float> y = Run(r, "y");
  for (size_t i = 0; i < x.size(); ++i) CHECK(y[i] == Q(x[i], i < 12 ? 1.f : 4.f, 1));
}

TEST_CASE("fake_quantize: a zero scale gives zeros where Paddle's guarded inverse does", "[op][quantize]") {
  OpRunner r("fake_quantize_dequantize_abs_max");
  r.In("X", "x", MakeTensor(DDim({4}), {0.f, 0.f, 0.f, 0.f})).Out("Out", "y").Out("OutScale", "s");
  CHECK(Run(r, "y") == std::vector<float>{0.f, 0.f, 0.f, 0.f});
  OpRunner r0("fake_quantize_moving_average_abs_max");  // round_type 0, scale 0: m * x saturates
  r0.In("X", "x", MakeTensor(DDim({3}), {1e-3f, -1e-3f, 0.f})).In("InScale", "s", MakeTensor(DDim({1}), {0.f}));
  r0.Out("Out", "y").Attr("round_type", Attribute::Int(0));
  CHECK(Run(r0, "y") == std::vector<float>{127.f, -128.f, 0.f});
}

TEST_CASE("fake_dequantize_max_abs and fake_channel_wise_dequantize_max_abs with one or two scales",
          "[op][quantize]") {
  const std::vector<float> x = RandomVector(2 * 3 * 4, 6, -127.f, 127.f);
  {
    OpRunner r("fake_dequantize_max_abs");
    r.In("X", "x", MakeTensor(DDim({2, 3, 4}), x)).In("Scale", "s", MakeTensor(DDim({1}), {0.5f}));
    r.Out("Out", "y").Attr("max_range", Attribute::Float(127.));
    const std::vector<float> y = Run(r, "y");
    for (size_t i = 0; i < x.size(); ++i) CHECK(y[i] == x[i] * 0.5f / 127.f);
  }
  for (int axis : {0, 1}) {  // one scale: channels on quant_axis
    OpRunner r("fake_channel_wise_dequantize_max_abs");
    const std::vector<float> s = axis == 0 ? std::vector<float>{0.5f, 2.f} : std::vector<float>{0.5f, 2.f, 3.f};
    r.In("X", "x", MakeTensor(DDim({2, 3, 4}), x)).Ins("Scales", {{"s0", MakeTensor(DDim({int64_t(s.size())}), s)}});
    r.Out("Out", "y").Attr("quant_axis", Attribute::Int(axis));
    const std::vector<float> y = Run(r, "y");
    for (size_t i = 0; i < x.size(); ++i) CHECK(y[i] == x[i] * s[axis == 0 ? i / 12 : i / 4 % 3] / 127.f);
  }
  // Two scales (a quantized conv's output): weight scale per channel on x_num_col_dims (1), input scale; bits 8, 4.
  OpRunner r("fake_channel_wise_dequantize_max_abs");
  r.In("X", "x", MakeTensor(DDim({2, 3, 4}), x));
  r.Ins("Scales", {{"s0", MakeTensor(DDim({3}), {0.5f, 2.f, 3.f})}, {"s1", MakeTensor(DDim({1}), {1.5f})}});
  r.Out("Out", "y").Attr("quant_bits", Attribute::Ints({8, 4})).Attr("quant_axis", Attribute::Int(0));
  const std::vector<float> y = Run(r, "y");
  const float s0[3] = {0.5f, 2.f, 3.f};
  for (size_t i = 0; i < x.size(); ++i) CHECK(y[i] == x[i] * s0[i / 4 % 3] * 1.5f / (127.f * 7.f));
}

TEST_CASE("fake quantization ops refuse bad attributes and scales, naming them", "[op][quantize]") {
  OpRunner r("fake_channel_wise_dequantize_max_abs");
  r.In("X", "x", MakeTensor(DDim({2, 3}), std::vector<float>(6, 1.f)));
  r.Ins("Scales", {{"s0", MakeTensor(DDim({5}), std::vector<float>(5, 1.f))}}).Out("Out", "y");
  Status s = r.Run();
  CHECK_FALSE(s.ok());
  CHECK_THAT(s.message(), Catch::Contains("Scales[0] must hold one value per channel (2)"));
  OpRunner q("fake_quantize_abs_max");
  q.In("X", "x", MakeTensor(DDim({2}), {1.f, 2.f})).Out("Out", "y").Attr("round_type", Attribute::Int(2));
  s = q.Run();
  CHECK_FALSE(s.ok());
  CHECK_THAT(s.message(), Catch::Contains("round_type"));
}
