// ncnn importer: small graphs written here as .param text (and the binary .param.bin), with .bin weights
// in each storage format, run through Ember and compared against plain loops over the same weights.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "framework/float16.h"
#include "io/converter_list.h"
#include "io/ember.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

std::string TempPath(const std::string& name) { return "/tmp/ember_ncnn_test_" + name; }

void WriteFile(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary);
  f.write(data.data(), static_cast<std::streamsize>(data.size()));
}

struct Bin {
  std::string data;
  void U32(uint32_t v) { data.append(reinterpret_cast<const char*>(&v), 4); }
  void I32(int32_t v) { data.append(reinterpret_cast<const char*>(&v), 4); }
  void F32(float v) { data.append(reinterpret_cast<const char*>(&v), 4); }
  void Raw(const std::vector<float>& v) { for (float x : v) F32(x); }
  void Tagged32(const std::vector<float>& v) { U32(0); Raw(v); }
  void Tagged16(const std::vector<float>& v) {
    U32(0x01306B47u);
    for (float x : v) {
      uint16_t h = FloatToHalf(x);
      data.append(reinterpret_cast<const char*>(&h), 2);
    }
    while (data.size() % 4) data.push_back('\0');
  }
  // A 256-entry table and one index per value (any non-zero tag other than the fp16/int8 ones).
  void Quantized(const std::vector<uint8_t>& idx, const float table[256]) {
    U32(0x00000001u);
    data.append(reinterpret_cast<const char*>(table), 256 * 4);
    data.append(reinterpret_cast<const char*>(idx.data()), idx.size());
    while (data.size() % 4) data.push_back('\0');
  }
};

std::vector<float> Seq(size_t n, float scale, float offset) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = std::sin(static_cast<float>(i) * 1.3f + offset) * scale;
  return v;
}

Status RunModel(const std::string& param, const std::string& bin, const Tensor& input, const std::string& in_name,
                const std::string& out_name, Tensor* out, bool generate = false) {
  ModelOptions mo;
  mo.params_file = bin;
  mo.generate_weights = generate;
  std::shared_ptr<const Model> model;
  EMBER_RETURN_IF_ERROR(Model::Load(param, mo, &model));
  std::unique_ptr<Predictor> p;
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, {}, &p));
  EMBER_RETURN_IF_ERROR(p->SetInput(in_name, input));
  EMBER_RETURN_IF_ERROR(p->Run());
  const Tensor* t = nullptr;
  EMBER_RETURN_IF_ERROR(p->GetOutput(out_name, &t));
  EMBER_RETURN_IF_ERROR(out->CopyFrom(*t));
  return Status::OK();
}

// conv 3x3 pad 1 (fp32 weights, bias) + relu, global avg pool, fc (fp16 weights, bias), all by plain loops.
const char* kConvFcParam =
    "7767517\n"
    "5 5\n"
    "Input            data   0 1 data -23330=4,3,5,4,2 0=5 1=4 2=2\n"
    "Convolution      conv   1 1 data conv -23330=4,3,5,4,3 0=3 1=3 4=1 5=1 6=54 9=1\n"
    "Pooling          gap    1 1 conv gap 0=1 4=1\n"
    "InnerProduct     fc     1 1 gap fc0 0=2 1=1 2=6\n"
    "Softmax          prob   1 1 fc0 prob 0=0\n";

std::vector<float> ConvFcReference(const std::vector<float>& x, const std::vector<float>& cw,
                                   const std::vector<float>& cb, const std::vector<float>& fw,
                                   const std::vector<float>& fb) {
  const int C = 2, H = 4, W = 5, O = 3;
  std::vector<float> gap(O, 0.f);
  for (int o = 0; o < O; ++o) {
    double sum = 0;
    for (int i = 0; i < H; ++i)
      for (int j = 0; j < W; ++j) {
        double acc = cb[o];
        for (int c = 0; c < C; ++c)
          for (int ki = 0; ki < 3; ++ki)
            for (int kj = 0; kj < 3; ++kj) {
              int y = i + ki - 1, xx = j + kj - 1;
              if (y < 0 || y >= H || xx < 0 || xx >= W) continue;
              acc += x[(c * H + y) * W + xx] * cw[((o * C + c) * 3 + ki) * 3 + kj];
            }
        sum += std::max(acc, 0.0);
      }
    gap[o] = static_cast<float>(sum / (H * W));
  }
  std::vector<float> logits(2);
  for (int k = 0; k < 2; ++k) {
    double acc = fb[k];
    for (int o = 0; o < O; ++o) acc += fw[k * O + o] * gap[o];  // ncnn InnerProduct weight [out][in]
    logits[k] = static_cast<float>(acc);
  }
  float m = std::max(logits[0], logits[1]);
  float e0 = std::exp(logits[0] - m), e1 = std::exp(logits[1] - m);
  return {e0 / (e0 + e1), e1 / (e0 + e1)};
}

}  // namespace

TEST_CASE("ncnn text .param with fp32 and fp16 weights matches plain loops", "[io][ncnn]") {
  const std::vector<float> cw = Seq(54, 0.5f, 0.1f), cb = Seq(3, 0.2f, 0.7f);
  std::vector<float> fw = Seq(6, 1.5f, 0.3f), fb = Seq(2, 0.3f, 0.9f);
  for (float& v : fw) v = HalfToFloat(FloatToHalf(v));  // the fp16 file holds rounded values
  Bin bin;
  bin.Tagged32(cw);
  bin.Raw(cb);
  bin.Tagged16(fw);
  bin.Raw(fb);
  WriteFile(TempPath("convfc.param"), kConvFcParam);
  WriteFile(TempPath("convfc.bin"), bin.data);
  Tensor x = RandomTensor(DDim({1, 2, 4, 5}), 3, -1.f, 1.f);
  Tensor out;
  Status s = RunModel(TempPath("convfc.param"), "", x, "data", "prob", &out);  // finds convfc.bin beside it
  INFO(s.message());
  REQUIRE(s.ok());
  REQUIRE(out.dims() == DDim({1, 2}));
  std::vector<float> ref = ConvFcReference(ToVector(x), cw, cb, fw, fb);
  CHECK(AllClose(ToVector(out), ref, 1e-5f, 1e-5f));
  // The fc output differs between the two classes: the test would notice swapped weights.
  CHECK(std::fabs(ref[0] - ref[1]) > 1e-3f);

  SECTION("binary .param.bin gives the same result") {
    Bin pb;
    pb.I32(7767517);
    pb.I32(5);
    pb.I32(5);
    auto layer = [&](int type, std::vector<int> bottoms, std::vector<int> tops, std::vector<std::pair<int, int>> ints) {
      pb.I32(type);
      pb.I32(static_cast<int>(bottoms.size()));
      pb.I32(static_cast<int>(tops.size()));
      for (int b : bottoms) pb.I32(b);
      for (int t : tops) pb.I32(t);
      for (auto kv : ints) {
        pb.I32(kv.first);
        pb.I32(kv.second);
      }
      pb.I32(-233);
    };
    layer(16, {}, {0}, {{0, 5}, {1, 4}, {2, 2}});                                 // Input
    layer(6, {0}, {1}, {{0, 3}, {1, 3}, {4, 1}, {5, 1}, {6, 54}, {9, 1}});         // Convolution
    layer(21, {1}, {2}, {{0, 1}, {4, 1}});                                        // Pooling
    layer(15, {2}, {3}, {{0, 2}, {1, 1}, {2, 6}});                                // InnerProduct
    layer(32, {3}, {4}, {{0, 0}});                                                // Softmax
    WriteFile(TempPath("convfc_bin.param.bin"), pb.data);
    Tensor out2;
    s = RunModel(TempPath("convfc_bin.param.bin"), TempPath("convfc.bin"), x, "blob0", "blob4", &out2);
    INFO(s.message());
    REQUIRE(s.ok());
    CHECK(AllClose(ToVector(out2), ref, 1e-5f, 1e-5f));
  }

  SECTION("graph only: generated weights, same shapes") {
    Tensor out3;
    s = RunModel(TempPath("convfc.param"), "", x, "data", "prob", &out3, /*generate=*/true);
    INFO(s.message());
    REQUIRE(s.ok());
    CHECK(out3.dims() == DDim({1, 2}));
  }

  SECTION("a .bin that does not match the graph is an error naming the file") {
    Bin shortbin = bin;
    shortbin.data.resize(bin.data.size() - 4);
    WriteFile(TempPath("short.bin"), shortbin.data);
    Tensor o;
    s = RunModel(TempPath("convfc.param"), TempPath("short.bin"), x, "data", "prob", &o);
    CHECK_FALSE(s.ok());
    CHECK(s.message().find("short.bin") != std::string::npos);
    Bin longbin = bin;
    longbin.F32(1.f);
    WriteFile(TempPath("long.bin"), longbin.data);
    s = RunModel(TempPath("convfc.param"), TempPath("long.bin"), x, "data", "prob", &o);
    CHECK_FALSE(s.ok());
    CHECK(s.message().find("bytes left") != std::string::npos);
  }
}

TEST_CASE("ncnn quantized-table weights and deconvolution layout", "[io][ncnn]") {
  // Deconvolution 2 -> 3 channels, kernel 2x2, stride 2, weights from a 256-entry table.
  const char* param =
      "7767517\n"
      "2 2\n"
      "Input   in   0 1 in 0=3 1=2 2=2\n"
      "Deconvolution dc 1 1 in out 0=3 1=2 3=2 5=1 6=24\n";
  float table[256];
  for (int i = 0; i < 256; ++i) table[i] = (i - 128) / 64.f;
  std::vector<uint8_t> idx(24);
  std::vector<float> w(24);
  for (int i = 0; i < 24; ++i) {
    idx[static_cast<size_t>(i)] = static_cast<uint8_t>((i * 37 + 11) % 256);
    w[static_cast<size_t>(i)] = table[idx[static_cast<size_t>(i)]];
  }
  const std::vector<float> bias = {0.1f, -0.2f, 0.3f};
  Bin bin;
  bin.Quantized(idx, table);
  bin.Raw(bias);
  WriteFile(TempPath("deconv.param"), param);
  WriteFile(TempPath("deconv.bin"), bin.data);
  Tensor x = RandomTensor(DDim({1, 2, 2, 3}), 5, -1.f, 1.f);
  Tensor out;
  Status s = RunModel(TempPath("deconv.param"), TempPath("deconv.bin"), x, "in", "out", &out);
  INFO(s.message());
  REQUIRE(s.ok());
  REQUIRE(out.dims() == DDim({1, 3, 4, 6}));
  // ncnn deconvolution: out[o][i*2+ki][j*2+kj] += x[c][i][j] * w[o][c][ki][kj] (weights [out][in][kh][kw]).
  std::vector<float> ref(3 * 4 * 6);
  std::vector<float> xv = ToVector(x);
  for (int o = 0; o < 3; ++o)
    for (int y = 0; y < 4; ++y)
      for (int xx = 0; xx < 6; ++xx) {
        double acc = bias[static_cast<size_t>(o)];
        int i = y / 2, ki = y % 2, j = xx / 2, kj = xx % 2;
        for (int c = 0; c < 2; ++c) acc += xv[static_cast<size_t>((c * 2 + i) * 3 + j)] * w[static_cast<size_t>(((o * 2 + c) * 2 + ki) * 2 + kj)];
        ref[static_cast<size_t>((o * 4 + y) * 6 + xx)] = static_cast<float>(acc);
      }
  CHECK(AllClose(ToVector(out), ref, 1e-5f, 1e-5f));
}

TEST_CASE("ncnn layout translation: per-channel BinaryOp, Slice, Concat, Permute, Reshape", "[io][ncnn]") {
  const char* param =
      "7767517\n"
      "9 11\n"
      "Input        in    0 1 in 0=3 1=2 2=4\n"
      "Split        sp    1 3 in a b c\n"
      "Pooling      gap   1 1 a g 0=1 4=1\n"
      "BinaryOp     mul   2 1 b g m 0=2\n"
      "Slice        sl    1 2 m s0 s1 -23300=2,1,-233 1=0\n"
      "Concat       cat   2 1 s1 s0 cat 0=0\n"
      "Permute      perm  1 1 cat p 0=3\n"
      "Reshape      rs    1 1 p r 0=-1 1=3\n"
      "BinaryOp     addc  1 1 c out 0=0 1=1 2=1.5\n";
  WriteFile(TempPath("layout.param"), param);
  Tensor x = RandomTensor(DDim({1, 4, 2, 3}), 9, -1.f, 1.f);
  std::vector<float> xv = ToVector(x);
  ModelOptions mo;
  mo.generate_weights = true;  // no weights in this graph
  std::shared_ptr<const Model> model;
  Status s = Model::Load(TempPath("layout.param"), mo, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, {}, &p).ok());
  REQUIRE(p->SetInput("in", x).ok());
  s = p->Run({"r", "out"});
  INFO(s.message());
  REQUIRE(s.ok());
  const Tensor* r = nullptr;
  const Tensor* o = nullptr;
  REQUIRE(p->GetOutput("r", &r).ok());
  REQUIRE(p->GetOutput("out", &o).ok());
  // m = x * mean_c(x) per channel; cat = channels [1..3] then [0]; permute 3 -> [h][w][c]; reshape (w=-1, h=3).
  std::vector<float> mean(4);
  for (int c = 0; c < 4; ++c) {
    double sum = 0;
    for (int k = 0; k < 6; ++k) sum += xv[static_cast<size_t>(c * 6 + k)];
    mean[static_cast<size_t>(c)] = static_cast<float>(sum / 6);
  }
  const int order[4] = {1, 2, 3, 0};
  std::vector<float> ref;
  for (int h = 0; h < 2; ++h)
    for (int w = 0; w < 3; ++w)
      for (int k = 0; k < 4; ++k) {
        int c = order[k];
        ref.push_back(xv[static_cast<size_t>((c * 2 + h) * 3 + w)] * mean[static_cast<size_t>(c)]);
      }
  CHECK(r->dims() == DDim({1, 3, 8}));
  CHECK(AllClose(ToVector(*r), ref, 1e-5f, 1e-5f));
  std::vector<float> ref2 = xv;
  for (float& v : ref2) v += 1.5f;
  CHECK(o->dims() == DDim({1, 4, 2, 3}));
  CHECK(AllClose(ToVector(*o), ref2, 1e-6f, 1e-6f));
}

TEST_CASE("ncnn int8 convolution runs as quantized_conv2d with ncnn's rounding and scales", "[io][ncnn][quantize]") {
  // Convolution 2 -> 3, 3x3 pad 1, bias, relu, int8_scale_term 1: int8 weights, 3 weight scales, 1 input scale.
  const std::string param =
      "7767517\n2 2\n"
      "Input        data  0 1 data 0=5 1=4 2=2\n"
      "Convolution  conv  1 1 data conv 0=3 1=3 4=1 5=1 6=54 8=1 9=1\n";
  std::vector<int8_t> q(54);
  for (size_t i = 0; i < q.size(); ++i) q[i] = static_cast<int8_t>(static_cast<int>(i * 37 % 255) - 127);
  const std::vector<float> bias = {0.25f, -0.5f, 0.125f}, wscale = {40.f, 90.f, 64.f};
  const float in_scale = 30.f;
  Bin bin;
  bin.U32(0x000D4B38u);
  bin.data.append(reinterpret_cast<const char*>(q.data()), q.size());
  while (bin.data.size() % 4) bin.data.push_back('\0');
  bin.Raw(bias);
  bin.Raw(wscale);
  bin.F32(in_scale);
  WriteFile(TempPath("int8.param"), param);
  WriteFile(TempPath("int8.bin"), bin.data);
  std::vector<float> xv = Seq(40, 2.f, 0.4f);
  xv[3] = 0.5f / in_scale;   // a tie: ncnn rounds it away from zero, to 1
  xv[7] = -9.f;              // past the range: -127
  // The reference: ncnn's quantization, the integer conv, then / (in_scale * wscale) + bias, relu.
  std::vector<int> xq(40);
  for (size_t i = 0; i < 40; ++i)
    xq[i] = static_cast<int>(std::max(-127.0, std::min(127.0, std::round(static_cast<double>(xv[i] * in_scale)))));
  std::vector<float> want(60);
  for (int o = 0; o < 3; ++o)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j) {
        int64_t acc = 0;
        for (int c = 0; c < 2; ++c)
          for (int ki = 0; ki < 3; ++ki)
            for (int kj = 0; kj < 3; ++kj) {
              const int y = i + ki - 1, xx = j + kj - 1;
              if (y < 0 || y >= 4 || xx < 0 || xx >= 5) continue;
              acc += xq[static_cast<size_t>((c * 4 + y) * 5 + xx)] *
                     q[static_cast<size_t>(((o * 2 + c) * 3 + ki) * 3 + kj)];
            }
        const size_t oc = static_cast<size_t>(o);
        const double v = static_cast<double>(acc) / (in_scale * wscale[oc]) + bias[oc];
        want[static_cast<size_t>((o * 4 + i) * 5 + j)] = static_cast<float>(std::max(v, 0.0));
      }
  ModelOptions mo;
  mo.params_file = TempPath("int8.bin");
  std::shared_ptr<const Model> model;
  Status s = Model::Load(TempPath("int8.param"), mo, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(model->program().OpTypeCounts()["quantized_conv2d"] == 1);
  Tensor out;
  REQUIRE(RunModel(TempPath("int8.param"), TempPath("int8.bin"), MakeTensor(DDim({1, 2, 4, 5}), xv), "data", "conv",
                   &out).ok());
  std::string why;
  CHECK(AllClose(ToVector(out), want, 1e-5f, 1e-5f, &why));
  INFO(why);
}

TEST_CASE("zero_weights: generated weights all 0, as ncnn's benchmark runs its graphs", "[io][ncnn]") {
  // conv (with bias) -> batchnorm (eps 0.001: with eps 0, ncnn and Ember both give 0 / 0) -> an fc: every output
  // is 0 with zero weights (BatchNorm's 0 / sqrt(0 + eps) scale included), and not with the generated random ones.
  const std::string param =
      "7767517\n4 4\n"
      "Input        in    0 1 in 0=5 1=5 2=3\n"
      "Convolution  conv  1 1 in c 0=4 1=3 5=1 6=108\n"
      "BatchNorm    bn    1 1 c b 0=4 1=0.001\n"
      "InnerProduct fc    1 1 b out 0=6 1=1 2=216\n";
  WriteFile(TempPath("zero.param"), param);
  Tensor x = RandomTensor(DDim({1, 3, 5, 5}), 3, -1.f, 1.f);
  for (bool zero : {false, true}) {
    ModelOptions mo;
    mo.generate_weights = true;
    mo.zero_weights = zero;
    std::shared_ptr<const Model> model;
    Status s = Model::Load(TempPath("zero.param"), mo, &model);
    INFO(s.message());
    REQUIRE(s.ok());
    std::unique_ptr<Predictor> p;
    REQUIRE(Predictor::Create(model, {}, &p).ok());
    REQUIRE(p->SetInput("in", x).ok());
    REQUIRE(p->Run({"out"}).ok());
    const Tensor* out = nullptr;
    REQUIRE(p->GetOutput("out", &out).ok());
    REQUIRE(out->numel() == 6);
    double abs_sum = 0;
    for (float v : ToVector(*out)) abs_sum += std::fabs(v);
    INFO("zero_weights " << zero);
    if (zero) CHECK(abs_sum == 0.0);
    else CHECK(abs_sum > 1e-3);
  }
}

TEST_CASE("ncnn importer errors name the file and layer", "[io][ncnn]") {
  std::shared_ptr<const Model> model;
  ModelOptions mo;
  mo.generate_weights = true;
  WriteFile(TempPath("badmagic.param"), "1234\n1 1\nInput in 0 1 in 0=1\n");
  Status s = Model::Load(TempPath("badmagic.param"), mo, &model);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("magic") != std::string::npos);
  WriteFile(TempPath("unknown.param"), "7767517\n2 2\nInput in 0 1 in 0=4\nFancyLayer fl 1 1 in out\n");
  s = Model::Load(TempPath("unknown.param"), mo, &model);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("FancyLayer") != std::string::npos);
  CHECK(s.message().find("unknown.param") != std::string::npos);
  WriteFile(TempPath("dangling.param"), "7767517\n2 2\nInput in 0 1 in 0=4\nReLU r 1 1 nothere out\n");
  s = Model::Load(TempPath("dangling.param"), mo, &model);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("nothere") != std::string::npos);
  WriteFile(TempPath("badarray.param"), "7767517\n2 2\nInput in 0 1 in 0=4\nSlice s 1 2 in a b -23300=3,1,2\n");
  s = Model::Load(TempPath("badarray.param"), mo, &model);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("-23300") != std::string::npos);
  WriteFile(TempPath("truncated.param"), "7767517\n3 3\nInput in 0 1 in 0=4\n");
  s = Model::Load(TempPath("truncated.param"), mo, &model);
  CHECK_FALSE(s.ok());
  mo.generate_weights = false;
  WriteFile(TempPath("nobin.param"), "7767517\n2 2\nInput in 0 1 in 0=4\nInnerProduct fc 1 1 in out 0=2 2=8\n");
  std::remove(TempPath("nobin.bin").c_str());
  s = Model::Load(TempPath("nobin.param"), mo, &model);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("nobin") != std::string::npos);
}

TEST_CASE("ncnn converter table: one row per layer type", "[io][ncnn]") {
  const std::vector<ConverterInfo> list = NcnnConverterList();
  std::set<std::string> types;
  for (const auto& c : list) {
    INFO(c.op_type);
    CHECK(types.insert(c.op_type).second);  // no layer type twice
    CHECK(c.min_version == 0);
    CHECK(c.max_version == 0);
  }
  for (const char* t : {"Convolution", "Pooling", "InnerProduct"}) {
    INFO(t);
    CHECK(types.count(t) == 1);
  }
}

TEST_CASE("ncnn: the loaded program records the layer types it converted (for ember profile)", "[io][ncnn]") {
  std::shared_ptr<const Model> model;
  ModelOptions mo;
  mo.generate_weights = true;
  WriteFile(TempPath("types.param"), "7767517\n4 4\nInput in 0 1 in 0=4\nReLU r 1 1 in a\n"
                                     "ReLU r2 1 1 a b\nSoftmax s 1 1 b out\n");
  Status s = Model::Load(TempPath("types.param"), mo, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(model->programs().loaded.source_op_types == std::set<std::string>{"Input", "ReLU", "Softmax"});
}

TEST_CASE("ncnn errors: an unknown layer names the format, type, layer and index; names are escaped",
          "[io][ncnn]") {
  std::shared_ptr<const Model> model;
  ModelOptions mo;
  mo.generate_weights = true;
  WriteFile(TempPath("mylayer.param"),
            "7767517\n3 3\nInput in 0 1 in 0=4\nReLU r 1 1 in a\nMyLayer conv_7 1 1 a out\n");
  Status s = Model::Load(TempPath("mylayer.param"), mo, &model);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("mylayer.param") != std::string::npos);
  CHECK(s.message().find("ncnn layer 2 'conv_7' ('MyLayer'): no converter for 'MyLayer' in this build") !=
        std::string::npos);

  // Every type without a converter is named once, in the first error, before any layer is converted.
  WriteFile(TempPath("mylayers.param"), "7767517\n4 4\nInput in 0 1 in 0=4\nMyLayer a 1 1 in x\n"
                                        "Other b 1 1 x y\nMyLayer c 1 1 y out\n");
  s = Model::Load(TempPath("mylayers.param"), mo, &model);
  INFO(s.message());
  CHECK(s.message().find("ncnn layer 1 'a' ('MyLayer'): no converter for 'MyLayer' in this build (net profile '" +
                         std::string(EMBER_NET_PROFILE) + "'); nor for 'Other'") != std::string::npos);
  CHECK(s.message().find("'MyLayer', ") == std::string::npos);

  // A layer name and a blob name with an escape sequence and a backslash: both quoted (the backslash
  // doubled, so "\x1b" in a name cannot pass for an escaped byte), no raw ESC byte.
  WriteFile(TempPath("escape.param"),
            "7767517\n2 2\nInput in 0 1 in 0=4\nReLU r\\\x1b[31m 1 1 no\x1b[31m\\there out\n");
  s = Model::Load(TempPath("escape.param"), mo, &model);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("ncnn layer 1 'r\\\\\\x1b[31m' ('ReLU')") != std::string::npos);
  CHECK(s.message().find("input blob 'no\\x1b[31m\\\\there'") != std::string::npos);
  CHECK(s.message().find('\x1b') == std::string::npos);
  // The same name on a parse error (text .param line).
  WriteFile(TempPath("escape2.param"), "7767517\n1 1\nInput in\x1b[31m\\ 0 1 in 0=x\n");
  s = Model::Load(TempPath("escape2.param"), mo, &model);
  CHECK(s.message().find("(layer 'in\\x1b[31m\\\\'): bad value '0=x'") != std::string::npos);
  CHECK(s.message().find('\x1b') == std::string::npos);
}

TEST_CASE("ncnn errors: a layer without outputs is an error, not a crash", "[io][ncnn]") {
  std::shared_ptr<const Model> model;
  ModelOptions mo;
  mo.generate_weights = true;
  for (const char* layer : {"BinaryOp b 1 0 in 0=0 1=1 2=1.0", "Eltwise e 2 0 in in 0=1", "Reshape r 1 0 in 0=4"}) {
    INFO(layer);
    WriteFile(TempPath("notop.param"), std::string("7767517\n2 2\nInput in 0 1 in 0=4\n") + layer + "\n");
    Status s = Model::Load(TempPath("notop.param"), mo, &model);
    CHECK(s.message().find("expects at least one output") != std::string::npos);
  }
}

TEST_CASE("ncnn errors: a layer listing more outputs than its type produces is an error, not a crash",
          "[io][ncnn]") {
  std::shared_ptr<const Model> model;
  ModelOptions mo;
  mo.generate_weights = true;
  for (const char* layer : {"BinaryOp b 1 2 in x y 0=0 1=1 2=1.0", "Eltwise e 2 2 in in x y 0=1",
                            "Reshape r 1 2 in x y 0=4"}) {
    INFO(layer);
    WriteFile(TempPath("extratop.param"), std::string("7767517\n2 4\nInput in 0 1 in 0=4\n") + layer + "\n");
    Status s = Model::Load(TempPath("extratop.param"), mo, &model);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("does not produce it") != std::string::npos);
  }
}
