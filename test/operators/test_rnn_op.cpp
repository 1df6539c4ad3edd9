// onnx_rnn (ONNX's LSTM, GRU and RNN) against a scalar loop in double written here from ONNX's equations:
// one sequence, one time step and one hidden unit at a time, over the cells, the directions, both layouts,
// the optional inputs, clip, other activation functions and the cells' own attributes. ONNX's outputs check
// the op again in the conformance test.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct Act {
  std::string name;
  double alpha = 0, beta = 0;
};

struct RnnCase {
  std::string cell = "lstm", direction = "forward";
  int64_t layout = 0, seq = 4, batch = 3, input = 5, hidden = 3;
  bool bias = false, lens = false, init = false, peep = false, lbr = false, input_forget = false;
  float clip = 0;            // 0: none
  std::vector<Act> acts;     // per direction; empty: the defaults
  bool pass_alphas = true;   // give the acts' alpha / beta to the op (else the op's defaults apply)
  int64_t dirs() const { return direction == "bidirectional" ? 2 : 1; }
  int64_t gates() const { return cell == "lstm" ? 4 : cell == "gru" ? 3 : 1; }
};

// The inputs, drawn from fixed seeds.
struct RnnData {
  Tensor x, w, r, b, lens, h0, c0, p;
  std::vector<int> len;
};

RnnData MakeData(const RnnCase& k, uint32_t seed) {
  RnnData d;
  const int64_t D = k.dirs(), G = k.gates(), H = k.hidden, B = k.batch;
  d.x = RandomTensor(k.layout ? DDim({B, k.seq, k.input}) : DDim({k.seq, B, k.input}), seed);
  d.w = RandomTensor({D, G * H, k.input}, seed + 1, -0.7f, 0.7f);
  d.r = RandomTensor({D, G * H, H}, seed + 2, -0.7f, 0.7f);
  d.b = RandomTensor({D, 2 * G * H}, seed + 3);
  const DDim state = k.layout ? DDim({B, D, H}) : DDim({D, B, H});
  d.h0 = RandomTensor(state, seed + 4);
  d.c0 = RandomTensor(state, seed + 5);
  d.p = RandomTensor({D, 3 * H}, seed + 6);
  for (int64_t b = 0; b < B; ++b) d.len.push_back(k.lens ? static_cast<int>((b * 2 + 1) % (k.seq + 1)) : k.seq);
  d.lens = MakeTypedTensor<int32_t>({B}, d.len);
  return d;
}

double Activate(const Act& a, double x) {
  const std::string& n = a.name;
  if (n == "Sigmoid") return 1 / (1 + std::exp(-x));
  if (n == "Tanh") return std::tanh(x);
  if (n == "Relu") return x > 0 ? x : 0;
  if (n == "Affine") return a.alpha * x + a.beta;
  if (n == "LeakyRelu") return x >= 0 ? x : a.alpha * x;
  if (n == "ThresholdedRelu") return x >= a.alpha ? x : 0;
  if (n == "ScaledTanh") return a.alpha * std::tanh(a.beta * x);
  if (n == "HardSigmoid") return std::min(1.0, std::max(0.0, a.alpha * x + a.beta));
  if (n == "Elu") return x >= 0 ? x : a.alpha * (std::exp(x) - 1);
  if (n == "Softsign") return x / (1 + std::fabs(x));
  if (n == "Softplus") return std::log(1 + std::exp(x));
  FAIL("unknown activation " << n);
  return 0;
}

// The reference: outputs Y, Y_h, Y_c in the op's layout.
struct Reference {
  const RnnCase& k;
  const RnnData& d;
  std::vector<float> x, w, r, b, h0, c0, p;
  std::vector<double> y, yh, yc;

  Reference(const RnnCase& kase, const RnnData& data)
      : k(kase), d(data), x(ToVector(data.x)), w(ToVector(data.w)), r(ToVector(data.r)), b(ToVector(data.b)),
        h0(ToVector(data.h0)), c0(ToVector(data.c0)), p(ToVector(data.p)) {}

  double X(int64_t t, int64_t bi, int64_t i) const {
    return x[static_cast<size_t>(k.layout ? (bi * k.seq + t) * k.input + i : (t * k.batch + bi) * k.input + i)];
  }
  size_t State(int64_t dir, int64_t bi) const {
    return static_cast<size_t>((k.layout ? bi * k.dirs() + dir : dir * k.batch + bi) * k.hidden);
  }
  size_t Y(int64_t t, int64_t dir, int64_t bi) const {
    return static_cast<size_t>(
        (k.layout ? (bi * k.seq + t) * k.dirs() + dir : (t * k.dirs() + dir) * k.batch + bi) * k.hidden);
  }
  // Row `row` of W (input part) times x_t plus W's bias, and of R times `h` plus R's bias.
  double InputPart(int64_t dir, int64_t row, int64_t t, int64_t bi) const {
    const int64_t gh = k.gates() * k.hidden;
    double s = k.bias ? b[static_cast<size_t>(dir * 2 * gh + row)] : 0;
    for (int64_t i = 0; i < k.input; ++i) s += w[static_cast<size_t>((dir * gh + row) * k.input + i)] * X(t, bi, i);
    return s;
  }
  double HiddenPart(int64_t dir, int64_t row, const std::vector<double>& h) const {
    const int64_t gh = k.gates() * k.hidden;
    double s = k.bias ? b[static_cast<size_t>(dir * 2 * gh + gh + row)] : 0;
    for (int64_t j = 0; j < k.hidden; ++j) s += r[static_cast<size_t>((dir * gh + row) * k.hidden + j)] * h[j];
    return s;
  }
  double Clip(double v) const { return k.clip > 0 ? std::min<double>(k.clip, std::max<double>(-k.clip, v)) : v; }
  const Act& A(int64_t dir, int i) const {
    static const std::vector<Act> lstm = {{"Sigmoid"}, {"Tanh"}, {"Tanh"}}, gru = {{"Sigmoid"}, {"Tanh"}},
                                  rnn = {{"Tanh"}};
    const std::vector<Act>& defaults = k.cell == "lstm" ? lstm : k.cell == "gru" ? gru : rnn;
    if (k.acts.empty()) return defaults[static_cast<size_t>(i)];
    const size_t per = defaults.size(), at = static_cast<size_t>(dir) * per + static_cast<size_t>(i);
    return k.acts[at < k.acts.size() ? at : static_cast<size_t>(i)];
  }
  double F(int64_t dir, int i, double v) const { return Activate(A(dir, i), Clip(v)); }

  void LstmStep(int64_t dir, int64_t t, int64_t bi, std::vector<double>* h, std::vector<double>* c) const;
  void GruStep(int64_t dir, int64_t t, int64_t bi, std::vector<double>* h) const;
  void Run();
};

void Reference::LstmStep(int64_t dir, int64_t t, int64_t bi, std::vector<double>* h, std::vector<double>* c) const {
  const int64_t H = k.hidden;
  std::vector<double> hn(static_cast<size_t>(H)), cn(static_cast<size_t>(H));
  for (int64_t j = 0; j < H; ++j) {
    auto gate = [&](int g) { return InputPart(dir, g * H + j, t, bi) + HiddenPart(dir, g * H + j, *h); };
    auto peep = [&](int g) { return k.peep ? p[static_cast<size_t>(dir * 3 * H + g * H + j)] : 0.0; };
    const double cp = (*c)[j];
    const double i = F(dir, 0, gate(0) + peep(0) * cp);
    const double f = k.input_forget ? 1 - i : F(dir, 0, gate(2) + peep(2) * cp);
    const double cell = f * cp + i * F(dir, 1, gate(3));
    const double o = F(dir, 0, gate(1) + peep(1) * cell);
    cn[j] = cell;
    hn[j] = o * Activate(A(dir, 2), cell);
  }
  *h = hn, *c = cn;
}

void Reference::GruStep(int64_t dir, int64_t t, int64_t bi, std::vector<double>* h) const {
  const int64_t H = k.hidden, gh = 3 * H;
  std::vector<double> hn(static_cast<size_t>(H)), rh(static_cast<size_t>(H));
  std::vector<double> z(static_cast<size_t>(H)), rr(static_cast<size_t>(H));
  for (int64_t j = 0; j < H; ++j) {
    z[j] = F(dir, 0, InputPart(dir, j, t, bi) + HiddenPart(dir, j, *h));
    rr[j] = F(dir, 0, InputPart(dir, H + j, t, bi) + HiddenPart(dir, H + j, *h));
    rh[j] = rr[j] * (*h)[j];
  }
  for (int64_t j = 0; j < H; ++j) {
    double rec;
    if (k.lbr) {
      rec = rr[j] * HiddenPart(dir, 2 * H + j, *h);
    } else {  // (r (.) h) Rh^T + Rbh
      rec = k.bias ? b[static_cast<size_t>(dir * 2 * gh + gh + 2 * H + j)] : 0;
      for (int64_t m = 0; m < H; ++m) rec += r[static_cast<size_t>((dir * gh + 2 * H + j) * H + m)] * rh[m];
    }
    const double cand = F(dir, 1, InputPart(dir, 2 * H + j, t, bi) + rec);
    hn[j] = (1 - z[j]) * cand + z[j] * (*h)[j];
  }
  *h = hn;
}

void Reference::Run() {
  const int64_t H = k.hidden;
  y.assign(static_cast<size_t>(k.seq * k.dirs() * k.batch * H), 0.0);
  yh.assign(static_cast<size_t>(k.dirs() * k.batch * H), 0.0);
  yc = yh;
  for (int64_t dir = 0; dir < k.dirs(); ++dir)
    for (int64_t bi = 0; bi < k.batch; ++bi) {
      const size_t s = State(dir, bi);
      std::vector<double> h(static_cast<size_t>(H), 0.0), c(static_cast<size_t>(H), 0.0);
      if (k.init) h.assign(h0.begin() + s, h0.begin() + s + H), c.assign(c0.begin() + s, c0.begin() + s + H);
      const int64_t len = d.len[static_cast<size_t>(bi)];
      const bool rev = k.direction == "reverse" || dir == 1;
      for (int64_t n = 0; n < len; ++n) {
        const int64_t t = rev ? len - 1 - n : n;
        if (k.cell == "lstm") LstmStep(dir, t, bi, &h, &c);
        if (k.cell == "gru") GruStep(dir, t, bi, &h);
        if (k.cell == "rnn") {
          std::vector<double> hn(static_cast<size_t>(H));
          for (int64_t j = 0; j < H; ++j) hn[j] = F(dir, 0, InputPart(dir, j, t, bi) + HiddenPart(dir, j, h));
          h = hn;
        }
        std::copy(h.begin(), h.end(), y.begin() + static_cast<long>(Y(t, dir, bi)));
      }
      std::copy(h.begin(), h.end(), yh.begin() + static_cast<long>(s));
      std::copy(c.begin(), c.end(), yc.begin() + static_cast<long>(s));
    }
}

// The op on `d`, with every output.
Status RunOp(const RnnCase& k, const RnnData& d, OpRunner* op) {
  OpRunner& r = *op;
  r.In("X", "x", d.x).In("W", "w", d.w).In("R", "r", d.r).Out("Y", "y").Out("Y_h", "yh");
  if (k.cell == "lstm") r.Out("Y_c", "yc");
  if (k.bias) r.In("B", "b", d.b);
  if (k.lens) r.In("SequenceLens", "lens", d.lens);
  if (k.init) r.In("InitialH", "h0", d.h0);
  if (k.init && k.cell == "lstm") r.In("InitialC", "c0", d.c0);
  if (k.peep) r.In("P", "p", d.p);
  r.Attr("cell", Attribute::String(k.cell)).Attr("hidden_size", Attribute::Int(k.hidden))
      .Attr("direction", Attribute::String(k.direction)).Attr("layout", Attribute::Int(k.layout))
      .Attr("input_forget", Attribute::Int(k.input_forget)).Attr("linear_before_reset", Attribute::Int(k.lbr));
  if (k.clip > 0) r.Attr("clip", Attribute::Float(k.clip));
  if (!k.acts.empty()) {
    std::vector<std::string> names;
    std::vector<double> alphas, betas;
    for (const Act& a : k.acts) {
      names.push_back(a.name);
      if (a.alpha != 0) alphas.push_back(a.alpha);
      if (a.beta != 0) betas.push_back(a.beta);
    }
    r.Attr("activations", Attribute::Strings(names));
    if (k.pass_alphas)
      r.Attr("activation_alpha", Attribute::Floats(alphas)).Attr("activation_beta", Attribute::Floats(betas));
  }
  return r.Run();
}

std::vector<float> ToFloats(const std::vector<double>& v) { return std::vector<float>(v.begin(), v.end()); }

void CheckCase(const RnnCase& k, uint32_t seed) {
  INFO(k.cell << " " << k.direction << " layout " << k.layout << " bias " << k.bias << " lens " << k.lens
                << " init " << k.init << " peep " << k.peep << " lbr " << k.lbr << " clip " << k.clip
                << " input_forget " << k.input_forget << " acts " << k.acts.size());
  const RnnData d = MakeData(k, seed);
  OpRunner op("onnx_rnn");
  Status s = RunOp(k, d, &op);
  INFO(s.message());
  REQUIRE(s.ok());
  Reference ref(k, d);
  ref.Run();
  const int64_t D = k.dirs(), H = k.hidden, B = k.batch;
  CHECK(op.Get("y").dims() == (k.layout ? DDim({B, k.seq, D, H}) : DDim({k.seq, D, B, H})));
  CHECK(op.Get("yh").dims() == (k.layout ? DDim({B, D, H}) : DDim({D, B, H})));
  std::string why;
  CHECK(AllClose(ToVector(op.Get("y")), ToFloats(ref.y), 1e-5f, 1e-4f, &why));
  INFO(why);
  CHECK(AllClose(ToVector(op.Get("yh")), ToFloats(ref.yh), 1e-5f, 1e-4f, &why));
  if (k.cell == "lstm") CHECK(AllClose(ToVector(op.Get("yc")), ToFloats(ref.yc), 1e-5f, 1e-4f, &why));
}

}  // namespace

TEST_CASE("onnx_rnn: cells, directions, layouts and optional inputs against the scalar loop", "[op][onnx_rnn]") {
  uint32_t seed = 100;
  for (const char* cell : {"lstm", "gru", "rnn"})
    for (const char* direction : {"forward", "reverse", "bidirectional"})
      for (int64_t layout : {0, 1})
        for (int extras : {0, 1, 2}) {
          RnnCase k;
          k.cell = cell, k.direction = direction, k.layout = layout;
          k.bias = extras >= 1, k.init = extras >= 1, k.lens = extras == 2;
          k.peep = extras >= 1 && k.cell == "lstm";
          k.lbr = extras == 2 && k.cell == "gru";
          CheckCase(k, seed += 10);
        }
}

TEST_CASE("onnx_rnn: clip, input_forget, other activations and their alpha / beta", "[op][onnx_rnn]") {
  RnnCase k;
  k.bias = k.init = k.lens = k.peep = true;
  k.clip = 0.4f;
  CheckCase(k, 7);  // lstm with clip
  k.clip = 0, k.input_forget = true;
  CheckCase(k, 8);
  k.input_forget = false, k.direction = "bidirectional";
  k.acts = {{"HardSigmoid", 0.3, 0.4}, {"LeakyRelu", 0.05}, {"Softsign"},
            {"Sigmoid"}, {"ScaledTanh", 0.8, 1.5}, {"Elu", 0.7}};
  CheckCase(k, 9);
  k.cell = "gru", k.direction = "forward", k.peep = false, k.acts = {{"Affine", 0.5, 0.1}, {"Softplus"}};
  CheckCase(k, 10);
  k.lbr = true, k.clip = 0.3f;
  CheckCase(k, 11);
  k.cell = "rnn", k.direction = "bidirectional", k.acts = {{"Relu"}};  // one list for both directions
  CheckCase(k, 12);
  k.acts = {{"ThresholdedRelu", 1.0}, {"LeakyRelu", 0.01}};  // the op left to its default alphas
  k.pass_alphas = false;
  CheckCase(k, 13);
}

TEST_CASE("onnx_rnn: bad inputs", "[op][onnx_rnn]") {
  RnnCase k;
  RnnData d = MakeData(k, 1);
  {
    OpRunner op("onnx_rnn");
    d.w = RandomTensor({1, 4 * k.hidden, k.input + 1}, 2);  // W for another input size
    Status s = RunOp(k, d, &op);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("input W must be") != std::string::npos);
  }
  d = MakeData(k, 1);
  k.lens = true;
  d.lens = MakeTypedTensor<int32_t>({k.batch}, {1, 5, 2});  // longer than the 4 steps
  {
    OpRunner op("onnx_rnn");
    Status s = RunOp(k, d, &op);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("SequenceLens[1] = 5") != std::string::npos);
  }
  k.lens = false;
  k.acts = {{"Sigmoid"}, {"Swish"}, {"Tanh"}};
  {
    OpRunner op("onnx_rnn");
    Status s = RunOp(k, d, &op);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("'Swish'") != std::string::npos);
  }
  k.acts = {{"Sigmoid"}, {"Tanh"}};  // lstm needs 3
  {
    OpRunner op("onnx_rnn");
    Status s = RunOp(k, d, &op);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("3 functions per direction") != std::string::npos);
  }
  k.acts = {};
  k.hidden = 5260204364768739331;  // fuzz_slim: 4 gates * hidden overflowed before W's shape was checked
  {
    OpRunner op("onnx_rnn");
    Status s = RunOp(k, d, &op);
    CHECK(s.code() == StatusCode::kInvalidArgument);
    CHECK(s.message().find("must be in [1, 2^30]") != std::string::npos);
  }
}
