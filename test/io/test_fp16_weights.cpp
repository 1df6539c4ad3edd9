// FP16 weight storage (`ember convert --fp16-weights`, PaddleWriteOptions::fp16_weights): the writer rounds
// float32 weights to half, the loader widens them back once (HalfToFloatArray: F16C / NEON / portable).
// Expected values come from conversions written here with double arithmetic (frexp / ldexp / nearbyint), not
// from framework/float16.h; outputs are compared with the float32 model's and the shared references.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>

#include "framework/float16.h"
#include "io/ember.h"
#include "io/model_test_util.h"
#include "io/onnx_test_util.h"
#include "io/paddle/paddle_loader.h"
#include "io/paddle/paddle_writer.h"
#include "operators/kernel/cpu_accel.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// IEEE half bits -> float32 bits, from the definition: (-1)^s * m * 2^(e-25) (e > 0, m with its hidden bit)
// or m * 2^-24 (subnormal); NaNs quiet with their payload, as the hardware conversions make them.
uint32_t DecodeHalfBits(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) ? 0x80000000u : 0u;
  const int e = (h >> 10) & 31, m = h & 0x3ff;
  if (e == 31) return sign | 0x7f800000u | (m ? 0x400000u | (static_cast<uint32_t>(m) << 13) : 0u);
  const double v = e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25);
  return sign | Bits(static_cast<float>(v));
}

// float32 -> the value of its nearest half (ties to even); finite values whose rounding leaves the half range
// (|x| >= 65520) saturate to +-65504 and set *sat. NaN and infinities are returned as they are.
float RoundToHalf(float x, bool* sat) {
  *sat = false;
  if (!std::isfinite(x)) return x;
  const double a = std::fabs(static_cast<double>(x));
  int e = 0;
  std::frexp(a, &e);  // a in [2^(e-1), 2^e): halves there are 2^(e-11) apart, never closer than 2^-24
  const double q = std::ldexp(1.0, std::max(e - 11, -24));
  double r = std::nearbyint(a / q) * q;  // the default rounding mode: ties to even
  if (r > 65504.0) {
    *sat = true;
    r = 65504.0;
  }
  return std::copysign(static_cast<float>(r), x);
}

// The levels of this machine's kernel folder (x86: generic, avx2, avx512; ARM: generic, neon), each run by f.
template <typename F>
void ForEachIsaLevel(F f) {
  const IsaAccel* isa = CpuAccel().isa;
  if (!isa) return f(std::string("portable"));
  const int saved = isa->active();
  for (int level = 0; level <= isa->detected(); ++level) {
    isa->set_active(level);
    f(std::string(isa->name(level)));
  }
  isa->set_active(saved);
}

struct Fp16TempDir {
  explicit Fp16TempDir(const std::string& name)
      : path("/tmp/ember_test_fp16_" + name + "_" + std::to_string(::getpid())) {
    REQUIRE(std::system(("rm -rf '" + path + "' && mkdir -p '" + path + "'").c_str()) == 0);
  }
  ~Fp16TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
  std::string path;
};

size_t FileSize(const std::string& path) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  REQUIRE(f);
  return static_cast<size_t>(f.tellg());
}

struct Fp16Model {
  std::shared_ptr<const Model> fp32, fp16;  // both optimized, as an app loads them
  size_t fp32_params = 0, fp16_params = 0;
  PaddleWriteReport report;
};

// Writes `src` twice (float32 and fp16 weights) and checks every weight of the fp16 file as loaded: float32
// weights of more than one element are their float32 value rounded to half (bit for bit), the rest unchanged.
Fp16Model ConvertBoth(const std::string& src, const std::string& dir, const std::vector<int64_t>& feed_dims = {}) {
  auto orig = MustLoad(src, false);
  Fp16Model r;
  PaddleWriteOptions wo;
  if (!feed_dims.empty()) wo.feed_shapes[orig->FeedNames()[0]] = feed_dims;
  REQUIRE(WritePaddleModel(orig->programs().loaded, orig->weights(), dir + "/fp32", wo).ok());
  wo.fp16_weights = true;
  Status s = WritePaddleModel(orig->programs().loaded, orig->weights(), dir + "/fp16", wo, &r.report);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(r.report.infer_error.empty());
  r.fp32_params = FileSize(dir + "/fp32/model.pdiparams");
  r.fp16_params = FileSize(dir + "/fp16/model.pdiparams");
  auto back = MustLoad(dir + "/fp16", false);
  size_t halved = 0, kept = 0, saturated = 0;
  for (const VarDesc* v : WeightVarsInFileOrder(back->programs().loaded)) {
    INFO("weight " << v->name);
    const Variable* a = orig->weights().FindVar(v->name);
    const Variable* b = back->weights().FindVar(v->name);
    REQUIRE(a);
    REQUIRE(b);
    const Tensor& ta = a->Get();
    const Tensor& tb = b->Get();
    REQUIRE(ta.dims() == tb.dims());
    REQUIRE(ta.dtype() == tb.dtype());
    const auto& kept_float = r.report.fp16_kept_float;
    if (ta.dtype() == DataType::kFloat32 && ta.numel() > 1 &&
        std::find(kept_float.begin(), kept_float.end(), v->name) == kept_float.end()) {
      CHECK(v->dtype == static_cast<int>(VarDataType::kFP16));
      size_t wrong = 0;
      for (int64_t i = 0; i < ta.numel(); ++i) {
        bool sat = false;
        wrong += Bits(tb.data<float>()[i]) != Bits(RoundToHalf(ta.data<float>()[i], &sat));
        saturated += sat;
      }
      CHECK(wrong == 0);
      ++halved;
    } else {
      CHECK(std::memcmp(ta.raw_data(), tb.raw_data(), ta.nbytes()) == 0);
      ++kept;
    }
  }
  CHECK(halved == r.report.fp16_weights);
  CHECK(halved > 0);
  CHECK(saturated == r.report.fp16_saturated);
  std::printf("fp16 %s: %zu weights halved, %zu kept; params %zu -> %zu bytes (%.4f)\n", src.c_str(), halved, kept,
              r.fp32_params, r.fp16_params, static_cast<double>(r.fp16_params) / r.fp32_params);
  r.fp32 = MustLoad(dir + "/fp32", true);
  r.fp16 = MustLoad(dir + "/fp16", true);
  return r;
}

int ArgMax(const Tensor& t) {
  std::vector<float> v = ToVector(t);
  return static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin());
}

}  // namespace

TEST_CASE("fp16: widening equals the definition over all 65536 halves at every ISA level", "[fp16]") {
  std::vector<uint16_t> all(65536 + 1);
  for (uint32_t i = 0; i < 65536; ++i) all[i + 1] = static_cast<uint16_t>(i);
  std::vector<uint8_t> shifted(2 * 65536 + 1);
  std::memcpy(shifted.data() + 1, all.data() + 1, 2 * 65536);
  std::vector<uint32_t> want(65536);
  for (uint32_t i = 0; i < 65536; ++i) {
    want[i] = DecodeHalfBits(static_cast<uint16_t>(i));
    REQUIRE(Bits(HalfToFloat(static_cast<uint16_t>(i))) == want[i]);  // the portable conversion
  }
  ForEachIsaLevel([&](const std::string& level) {
    INFO("level " << level);
    for (int64_t n : {int64_t{65536}, int64_t{65535}, int64_t{17}, int64_t{7}}) {  // full vectors and tails
      std::vector<float> got(n);
      HalfToFloatArray(all.data() + 1, got.data(), n);
      size_t wrong = 0;
      for (int64_t i = 0; i < n; ++i) wrong += Bits(got[i]) != want[i];
      CHECK(wrong == 0);
      HalfToFloatArray(shifted.data() + 1, got.data(), n);  // odd address
      wrong = 0;
      for (int64_t i = 0; i < n; ++i) wrong += Bits(got[i]) != want[i];
      CHECK(wrong == 0);
    }
  });
}

TEST_CASE("fp16: rounding to nearest even, saturation at 65504, subnormals and zero", "[fp16]") {
  struct Case {
    float x;
    uint16_t half;
    bool saturated;
  };
  const Case cases[] = {
      {1.f, 0x3c00, false},
      {65504.f, 0x7bff, false},
      {65519.f, 0x7bff, false},          // rounds down to the largest half: not saturated
      {65520.f, 0x7bff, true},           // would round to infinity
      {-1e6f, 0xfbff, true},
      {3.4e38f, 0x7bff, true},
      {std::ldexp(1.f, -24), 0x0001, false},          // the smallest subnormal
      {std::ldexp(1.f, -25), 0x0000, false},          // a tie: to even (zero)
      {std::ldexp(1.5f, -25), 0x0001, false},
      {-std::ldexp(1.f, -26), 0x8000, false},         // to negative zero
      {std::ldexp(1023.f, -24), 0x03ff, false},       // the largest subnormal
      {1.f + std::ldexp(1.f, -11), 0x3c00, false},    // a tie between 1 and 1 + 2^-10: even is 1
      {1.f + std::ldexp(3.f, -11), 0x3c02, false},    // a tie: even is 1 + 2^-9
  };
  for (const Case& c : cases) {
    INFO("x = " << c.x);
    bool sat = false;
    CHECK(FloatToHalfSaturating(c.x, &sat) == c.half);
    CHECK(sat == c.saturated);
    bool indep_sat = false;
    CHECK(Bits(RoundToHalf(c.x, &indep_sat)) == DecodeHalfBits(c.half));
    CHECK(indep_sat == c.saturated);
  }
  bool sat = true;
  CHECK(FloatToHalfSaturating(INFINITY, &sat) == 0x7c00);  // infinities stay: they are no rounding of a value
  CHECK_FALSE(sat);
  CHECK((FloatToHalfSaturating(NAN, &sat) & 0x7fff) > 0x7c00);
  CHECK_FALSE(sat);
  // Random floats over the exponents around the half range, both signs.
  uint32_t s = 1;
  size_t wrong = 0, saturated = 0;
  for (int i = 0; i < 1000000; ++i) {
    s = s * 1664525u + 1013904223u;
    uint32_t exp = 127 - 30 + (s >> 8) % 50;  // 2^-30 .. 2^19
    uint32_t b = (s & 0x80000000u) | (exp << 23) | ((s * 2654435761u) & 0x7fffffu);
    float x;
    std::memcpy(&x, &b, 4);
    bool a = false, want_sat = false;
    float want = RoundToHalf(x, &want_sat);
    wrong += DecodeHalfBits(FloatToHalfSaturating(x, &a)) != Bits(want) || a != want_sat;
    saturated += a;
  }
  CHECK(wrong == 0);
  CHECK(saturated > 0);
}

TEST_CASE("fp16: the writer halves, keeps scalars and out-of-range weights float32, the loader widens", "[fp16]") {
  ProgramBuilder pb;
  const std::vector<float> w = {65519.f, -65504.f, 65504.f, 1e-8f, 3e-5f, 0.1f, -2.5f, 1.f};
  const std::vector<float> big = {1e6f, -7e4f, 65520.f, 1.f, 2.f, 3.f, 4.f, 5.f};  // would saturate as halves
  pb.Feed("x", {8})
      .Weight("w", MakeTensor({8}, w))
      .Weight("big", MakeTensor({8}, big))
      .Weight("eps", MakeTensor({1}, {1e-12f}))  // a half would flush it to zero
      .Op("elementwise_add", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"a"}}}, {{"axis", Attribute::Int(-1)}})
      .Op("elementwise_add", {{"X", {"a"}}, {"Y", {"eps"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}})
      .Op("elementwise_add", {{"X", {"x"}}, {"Y", {"big"}}}, {{"Out", {"z"}}}, {{"axis", Attribute::Int(-1)}})
      .Fetch("y")
      .Fetch("z");
  Scope weights;
  for (const auto& kv : pb.weights) REQUIRE(weights.Var(kv.first)->GetMutable()->CopyFrom(kv.second).ok());
  Fp16TempDir dir("small");
  PaddleWriteOptions wo;
  wo.fp16_weights = true;
  PaddleWriteReport report;
  Status s = WritePaddleModel(pb.program, weights, dir.path, wo, &report);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(report.fp16_weights == 1);
  CHECK(report.fp16_kept_float == std::vector<std::string>{"big"});
  CHECK(report.fp16_saturated == 0);
  CHECK(FileSize(dir.path + "/model.pdiparams") == report.params_bytes);
  auto m = MustLoad(dir.path, false);
  CHECK(m->weights().FindVar("eps")->Get().data<float>()[0] == 1e-12f);
  CHECK(ToVector(m->weights().FindVar("big")->Get()) == big);
  CHECK(m->program().block0().FindVar("w")->dtype == static_cast<int>(VarDataType::kFP16));
  CHECK(m->program().block0().FindVar("big")->dtype == static_cast<int>(VarDataType::kFP32));
  std::vector<Tensor> out = RunAll(m, {{"x", MakeTensor({8}, std::vector<float>(8, 0.f))}});
  std::vector<float> got = ToVector(out[0]);
  for (size_t i = 0; i < w.size(); ++i) {
    bool sat = false;
    INFO("element " << i);
    CHECK(got[i] == RoundToHalf(w[i], &sat) + 1e-12f);
    CHECK_FALSE(sat);
  }
  CHECK(got[0] == 65504.f + 1e-12f);  // 65519 rounds down to the largest half
  CHECK(got[3] == 1e-12f);  // 1e-8 is below half the smallest subnormal (2^-25): zero
  CHECK(ToVector(out[1]) == big);

  // A caller that marks such a weight FP16 itself gets it saturated to +-65504 and counted by name.
  ProgramDesc marked = pb.program;
  REQUIRE(PreparePaddleProgram(&marked, weights, nullptr).ok());
  for (auto& v : marked.block0().vars)
    if (v.name == "big") v.dtype = static_cast<int>(VarDataType::kFP16);
  std::string model, params;
  PaddleWriteReport direct;
  REQUIRE(SerializePaddleModel(marked, weights, &model, &params, &direct).ok());
  CHECK(direct.fp16_saturated == 3);
  CHECK(direct.fp16_saturated_weights == std::vector<std::string>{"big"});
}

TEST_CASE("fp16: gesture_rec and the MNIST MLP: half the params, outputs near fp32 and the references",
          "[fp16][paddle]") {
  REQUIRE_MODELS();
  Fp16TempDir dir("paddle");
  {
    std::string src = ModelsDir() + "/paddle/paddlejs_gesture_rec";
    Fp16Model r = ConvertBoth(src, dir.path + "/gesture");
    CHECK(static_cast<double>(r.fp16_params) / r.fp32_params < 0.52);
    Tensor input = MakeTensor({1, 3, 224, 224}, ReadFloats(src + "/refdata_npref/input_img.bin"));
    Tensor ref = MakeTensor({1, 9}, ReadFloats(src + "/refdata_npref/output_save_infer_model_scale_0.bin"));
    auto a = RunAll(r.fp32, {{"img", input}});
    auto b = RunAll(r.fp16, {{"img", input}});
    float d32 = MaxAbsDiff(b[0], a[0]), dref = MaxAbsDiff(b[0], ref);
    std::printf("fp16 gesture_rec: max abs diff vs fp32 %.4g, vs npref %.4g (fp32 vs npref %.4g)\n", d32, dref,
                MaxAbsDiff(a[0], ref));
    // Logits spanning -15 .. 8: measured 0.023 (0.1% of the range); 0.05 leaves room for other kernels' sums.
    CHECK(r.report.fp16_saturated == 0);
    CHECK(d32 <= 0.05f);
    CHECK(dref <= 0.05f);
    CHECK(ArgMax(b[0]) == ArgMax(ref));
  }
  {
    std::string src = ModelsDir() + "/paddle/mnist_mlp_handwriting";
    Fp16Model r = ConvertBoth(src, dir.path + "/mlp");
    CHECK(static_cast<double>(r.fp16_params) / r.fp32_params < 0.52);
    Tensor input = MakeTensor({1, 1, 28, 28}, ReadFloats(src + "/refdata_npref/input_image.bin"));
    auto a = RunAll(r.fp32, {{r.fp32->FeedNames()[0], input}});
    auto b = RunAll(r.fp16, {{r.fp16->FeedNames()[0], input}});
    std::printf("fp16 mnist_mlp: max abs diff vs fp32 %.4g\n", MaxAbsDiff(b[0], a[0]));
    CHECK(MaxAbsDiff(b[0], a[0]) <= 1e-4f);  // softmax probabilities of a confident 3 (measured 6e-11)
    CHECK(ArgMax(b[0]) == 3);
  }
}

TEST_CASE("fp16: ultraface scores and boxes stay near fp32 and test_data_set_0", "[fp16][onnx]") {
  REQUIRE_MODELS();
  std::string src = ModelsDir() + "/onnx/ultraface";
  Tensor input, want0, want1;
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/input_0.pb", &input).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_0.pb", &want0).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_1.pb", &want1).ok());
  Fp16TempDir dir("ultraface");
  Fp16Model r = ConvertBoth(src + "/version-RFB-320.onnx", dir.path);
  CHECK(static_cast<double>(r.fp16_params) / r.fp32_params < 0.52);
  auto a = RunAll(r.fp32, {{r.fp32->FeedNames()[0], input}});
  auto b = RunAll(r.fp16, {{r.fp16->FeedNames()[0], input}});
  REQUIRE(b.size() == 2);
  std::printf("fp16 ultraface: scores max abs diff vs fp32 %.4g vs ref %.4g; boxes vs fp32 %.4g vs ref %.4g\n",
              MaxAbsDiff(b[0], a[0]), MaxAbsDiff(b[0], want0), MaxAbsDiff(b[1], a[1]), MaxAbsDiff(b[1], want1));
  // Scores are probabilities, boxes fractions of the image: measured 0.0024 and 0.0013.
  CHECK(r.report.fp16_saturated == 0);
  CHECK(MaxAbsDiff(b[0], want0) <= 0.01f);
  CHECK(MaxAbsDiff(b[1], want1) <= 0.01f);
}

// Both stay near fp32. The detector's first batch_norm has variances of 1e7 .. 1e8, beyond the half range:
// saturated to 65504 they changed its output completely (measured: max abs diff 1 on a rendered line, 4% of the
// pixels crossing the DB threshold), so the writer keeps that weight float32 and names it.
TEST_CASE("fp16: PP-OCRv4 stays near fp32; the detector's out-of-range variances stay float32", "[fp16][ocr]") {
  const char* cache = std::getenv("EMBER_CACHE");
  const char* home = std::getenv("HOME");
  std::string ocr = (cache && *cache ? std::string(cache) : std::string(home ? home : "") + "/.cache/ember") + "/ocr";
  if (!std::ifstream(ocr + "/ch_PP-OCRv4_rec_infer.onnx"))
    FAIL("OCR models not found in " << ocr << " (tools/fetch_ocr_models.sh)");
  Fp16TempDir dir("ocr");
  for (const char* name : {"det", "rec"}) {
    INFO(name);
    std::string src = ocr + "/ch_PP-OCRv4_" + name + "_infer.onnx";
    std::vector<int64_t> dims = std::string(name) == "det" ? std::vector<int64_t>{1, 3, 320, 320}
                                                           : std::vector<int64_t>{1, 3, 48, 320};
    Fp16Model r = ConvertBoth(src, dir.path + "/" + name, dims);
    CHECK(static_cast<double>(r.fp16_params) / r.fp32_params < 0.52);
    Tensor input = RandomTensor(DDim(dims), 7);
    auto a = RunAll(r.fp32, {{r.fp32->FeedNames()[0], input}});
    auto b = RunAll(r.fp16, {{r.fp16->FeedNames()[0], input}});
    std::printf("fp16 ocr %s: max abs diff vs fp32 %.4g\n", name, MaxAbsDiff(b[0], a[0]));
    CHECK(r.report.fp16_saturated == 0);
    if (std::string(name) == "det") {
      CHECK(r.report.fp16_kept_float == std::vector<std::string>{"batch_norm_0.w_2"});
      CHECK(MaxAbsDiff(b[0], a[0]) <= 0.01f);  // text probability per pixel (measured 9.4e-5)
    } else {
      CHECK(r.report.fp16_kept_float.empty());
      CHECK(MaxAbsDiff(b[0], a[0]) <= 0.01f);  // per-step character probabilities (measured 0.0028)
    }
  }
}
