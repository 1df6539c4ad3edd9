#include "operators/onnx_rnn_op.h"

#include <algorithm>
#include <cctype>

#include "framework/op_registry.h"

namespace ember {

namespace {

struct ActivationInfo {
  const char* name;
  RnnActivation::Kind kind;
  int params;            // 0 none, 1 alpha, 2 alpha and beta
  float alpha, beta;     // defaults (ONNX's operators of the same name)
};

constexpr ActivationInfo kActivations[] = {
    {"sigmoid", RnnActivation::kSigmoid, 0, 0, 0},
    {"tanh", RnnActivation::kTanh, 0, 0, 0},
    {"relu", RnnActivation::kRelu, 0, 0, 0},
    {"affine", RnnActivation::kAffine, 2, 1.f, 0.f},
    {"leakyrelu", RnnActivation::kLeakyRelu, 1, 0.01f, 0},
    {"thresholdedrelu", RnnActivation::kThresholdedRelu, 1, 1.f, 0},
    {"scaledtanh", RnnActivation::kScaledTanh, 2, 1.f, 1.f},
    {"hardsigmoid", RnnActivation::kHardSigmoid, 2, 0.2f, 0.5f},
    {"elu", RnnActivation::kElu, 1, 1.f, 0},
    {"softsign", RnnActivation::kSoftsign, 0, 0, 0},
    {"softplus", RnnActivation::kSoftplus, 0, 0, 0},
};

// The functions named in `names` (case-insensitive), taking alphas and betas in order.
Status ParseActivations(const std::vector<std::string>& names, const std::vector<float>& alphas,
                        const std::vector<float>& betas, std::vector<RnnActivation>* acts) {
  size_t next_alpha = 0, next_beta = 0;
  for (const std::string& name : names) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
    const ActivationInfo* info = nullptr;
    for (const ActivationInfo& a : kActivations)
      if (lower == a.name) info = &a;
    if (!info) return Unimplemented("attribute activations: unknown activation function '", name, "'");
    RnnActivation act;
    act.kind = info->kind, act.alpha = info->alpha, act.beta = info->beta;
    if (info->params >= 1 && next_alpha < alphas.size()) act.alpha = alphas[next_alpha++];
    if (info->params >= 2 && next_beta < betas.size()) act.beta = betas[next_beta++];
    acts->push_back(act);
  }
  return Status::OK();
}

// The cell from its name, with its functions per direction and their defaults.
Status ReadCell(const std::string& name, RnnCell* cell, std::vector<std::string>* defaults) {
  if (name == "lstm") {
    *cell = RnnCell::kLstm;
    *defaults = {"Sigmoid", "Tanh", "Tanh"};
  } else if (name == "gru") {
    *cell = RnnCell::kGru;
    *defaults = {"Sigmoid", "Tanh"};
  } else if (name == "rnn") {
    *cell = RnnCell::kRnn;
    *defaults = {"Tanh"};
  } else {
    return InvalidArgument("attribute cell must be lstm, gru or rnn, got '", name, "'");
  }
  return Status::OK();
}

}  // namespace

Status OnnxRnnParam::Bind(ParamBinder* binder) {
  x = binder->Input("X");
  w = binder->Input("W");
  r = binder->Input("R");
  b = binder->OptionalInput("B");
  seq_lens = binder->OptionalInput("SequenceLens");
  initial_h = binder->OptionalInput("InitialH");
  initial_c = binder->OptionalInput("InitialC");
  p = binder->OptionalInput("P");
  y = binder->OptionalOutput("Y");
  y_h = binder->OptionalOutput("Y_h");
  y_c = binder->OptionalOutput("Y_c");
  AttrReader& a = binder->attrs();
  std::vector<std::string> names;
  EMBER_RETURN_IF_ERROR(ReadCell(a.String("cell", "lstm"), &cell, &names));
  const size_t per_dir = names.size();
  hidden_size = a.Int("hidden_size", 0);
  layout = a.Int("layout", 0);
  const std::string direction = a.String("direction", "forward");
  reverse = direction == "reverse", bidirectional = direction == "bidirectional";
  if (!reverse && !bidirectional && direction != "forward")
    return InvalidArgument("attribute direction must be forward, reverse or bidirectional, got '", direction, "'");
  if (layout != 0 && layout != 1) return InvalidArgument("attribute layout must be 0 or 1, got ", layout);
  has_clip = a.Has("clip");
  clip = a.Float("clip", 0.f);
  input_forget = a.Int("input_forget", 0) != 0;
  linear_before_reset = a.Int("linear_before_reset", 0) != 0;
  names = a.Strings("activations", names);
  if (bidirectional && names.size() == per_dir) {
    const std::vector<std::string> one = names;
    names.insert(names.end(), one.begin(), one.end());
  }
  if (names.size() != per_dir * (bidirectional ? 2 : 1))
    return InvalidArgument("attribute activations must list ", per_dir, " functions per direction, got ",
                           names.size());
  acts.clear();
  return ParseActivations(names, a.Floats("activation_alpha", {}), a.Floats("activation_beta", {}), &acts);
}

namespace {

// `t`, when given, is float32 with dims `want`.
Status CheckInput(const Tensor* t, const char* what, const DDim& want) {
  if (!t) return Status::OK();
  EMBER_CHECK_DTYPE(t, DataType::kFloat32, StrCat("input ", what));
  EMBER_CHECK(t->dims() == want, "input ", what, " must be ", want.ToString(), ", got ", t->dims().ToString());
  return Status::OK();
}

void SetOutput(Tensor* t, const DDim& dims) {
  if (!t) return;
  t->Resize(dims);
  t->set_dtype(DataType::kFloat32);
}

}  // namespace

Status OnnxRnnOp::InferShape() {
  OnnxRnnParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  const DDim& x = p.x->dims();
  EMBER_CHECK(x.size() == 3, "input X must be 3-D, got ", x.ToString());
  p.seq = p.layout ? x[1] : x[0], p.batch = p.layout ? x[0] : x[1], p.input = x[2];
  p.dirs = p.bidirectional ? 2 : 1;
  p.gates = p.cell == RnnCell::kLstm ? 4 : p.cell == RnnCell::kGru ? 3 : 1;
  EMBER_CHECK(p.r->dims().size() == 3, "input R must be [dirs, gates * hidden, hidden], got ",
              p.r->dims().ToString());
  p.hidden = p.hidden_size > 0 ? p.hidden_size : p.r->dims()[2];
  // R holds gates * hidden * hidden values: a larger hidden_size only overflows the products below (fuzz_slim).
  EMBER_CHECK(p.hidden >= 1 && p.hidden <= (int64_t{1} << 30), "hidden size ", p.hidden, " must be in [1, 2^30]");
  const int64_t d = p.dirs, g = p.gates, h = p.hidden, b = p.batch;
  EMBER_RETURN_IF_ERROR(CheckInput(p.w, "W", DDim({d, g * h, p.input})));
  EMBER_RETURN_IF_ERROR(CheckInput(p.r, "R", DDim({d, g * h, h})));
  EMBER_RETURN_IF_ERROR(CheckInput(p.b, "B", DDim({d, 2 * g * h})));
  const DDim state = p.layout ? DDim({b, d, h}) : DDim({d, b, h});
  EMBER_RETURN_IF_ERROR(CheckInput(p.initial_h, "InitialH", state));
  const bool lstm = p.cell == RnnCell::kLstm;
  EMBER_CHECK(lstm || (!p.initial_c && !p.p && !p.y_c), "InitialC, P and Y_c belong to the lstm cell only");
  EMBER_RETURN_IF_ERROR(CheckInput(p.initial_c, "InitialC", state));
  EMBER_RETURN_IF_ERROR(CheckInput(p.p, "P", DDim({d, 3 * h})));
  if (p.seq_lens) {
    const DataType t = p.seq_lens->dtype();
    EMBER_CHECK(t == DataType::kInt32 || t == DataType::kInt64, "input SequenceLens must be int32 or int64, got ",
                DataTypeName(t));
    EMBER_CHECK(p.seq_lens->dims() == DDim({b}), "input SequenceLens must be [", b, "], got ",
                p.seq_lens->dims().ToString());
  }
  SetOutput(p.y, p.layout ? DDim({b, p.seq, d, h}) : DDim({p.seq, d, b, h}));
  SetOutput(p.y_h, state);
  SetOutput(p.y_c, state);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(onnx_rnn, OnnxRnnOp)

}  // namespace ember
