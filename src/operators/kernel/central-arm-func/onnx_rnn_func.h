// Portable onnx_rnn, one direction at a time: one GEMM projects the input of every step (X W^T + Wb), then
// each step one GEMM multiplies the hidden state by R^T (transposed once per run, so the step's GEMM reads
// it row-major) before the cell's elementwise update. A sequence shorter than the rest keeps its state past
// its length (a reverse one starts at its last valid step). The tests compare against a scalar loop in double.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/onnx_rnn_kernel.h"
#include "operators/onnx_rnn_op.h"

namespace ember {

inline float RnnActivate(const RnnActivation& a, float x) {
  switch (a.kind) {
    case RnnActivation::kSigmoid: return 1.f / (1.f + std::exp(-x));
    case RnnActivation::kTanh: return std::tanh(x);
    case RnnActivation::kRelu: return std::max(x, 0.f);
    case RnnActivation::kAffine: return a.alpha * x + a.beta;
    case RnnActivation::kLeakyRelu: return x >= 0 ? x : a.alpha * x;
    case RnnActivation::kThresholdedRelu: return x >= a.alpha ? x : 0.f;
    case RnnActivation::kScaledTanh: return a.alpha * std::tanh(a.beta * x);
    case RnnActivation::kHardSigmoid: return std::min(std::max(a.alpha * x + a.beta, 0.f), 1.f);
    case RnnActivation::kElu: return x >= 0 ? x : a.alpha * (std::exp(x) - 1.f);
    case RnnActivation::kSoftsign: return x / (1.f + std::fabs(x));
    case RnnActivation::kSoftplus: return x > 20.f ? x : std::log1p(std::exp(x));  // log(1 + e^x) ~ x there
  }
  return x;
}

// Row offsets (in rows of H, or of G*H for X's projection) by layout: X's (t, b), Y's (t, d, b), a state's (d, b).
inline int64_t RnnXRow(const OnnxRnnParam& p, int64_t t, int64_t b) {
  return p.layout ? b * p.seq + t : t * p.batch + b;
}
inline int64_t RnnYRow(const OnnxRnnParam& p, int64_t t, int64_t d, int64_t b) {
  return p.layout ? (b * p.seq + t) * p.dirs + d : (t * p.dirs + d) * p.batch + b;
}
inline int64_t RnnStateRow(const OnnxRnnParam& p, int64_t d, int64_t b) {
  return p.layout ? b * p.dirs + d : d * p.batch + b;
}

// One direction's step: its weights, functions and the run's buffers.
struct RnnStep {
  const OnnxRnnParam* p = nullptr;
  const RnnActivation* act = nullptr;  // this direction's functions
  const float* rb = nullptr;           // R's bias [G*H], or null
  const float* peep = nullptr;         // P (i, o, f) [3*H], or null
  RnnScratch* s = nullptr;
  float Clip(float v) const { return p->has_clip ? std::min(std::max(v, -p->clip), p->clip) : v; }
  float F(int i, float v) const { return RnnActivate(act[i], Clip(v)); }
};

// hr[:, cols) = h R^T + Rb over the columns [col0, col0 + cols) of the G*H gates, from `h` [B, H].
inline void RnnRecurrent(const RnnStep& st, const float* h, int64_t col0, int64_t cols) {
  const OnnxRnnParam& p = *st.p;
  const int64_t gh = p.gates * p.hidden;
  float* hr = st.s->hr.data();
  if (p.batch == 0 || cols == 0) return;
  for (int64_t b = 0; b < p.batch; ++b) {
    float* row = hr + b * gh + col0;
    if (st.rb) std::copy(st.rb + col0, st.rb + col0 + cols, row);
    else std::fill(row, row + cols, 0.f);
  }
  Sgemm(false, false, p.batch, cols, p.hidden, 1.f, h, p.hidden, st.s->rt.data() + col0, gh, 1.f, hr + col0, gh);
}

// lstm, batch entry b: gates i, o, f, c of x (xr) and h (g).
inline void LstmCell(const RnnStep& st, int64_t b, const float* xr) {
  const int64_t H = st.p->hidden;
  const float* g = st.s->hr.data() + b * 4 * H;
  float* h = st.s->h.data() + b * H;
  float* c = st.s->c.data() + b * H;
  for (int64_t k = 0; k < H; ++k) {
    const float cp = c[k];
    const float pi = st.peep ? st.peep[k] : 0.f, po = st.peep ? st.peep[H + k] : 0.f;
    const float pf = st.peep ? st.peep[2 * H + k] : 0.f;
    const float i = st.F(0, xr[k] + g[k] + pi * cp);
    const float f = st.p->input_forget ? 1.f - i : st.F(0, xr[2 * H + k] + g[2 * H + k] + pf * cp);
    const float cand = st.F(1, xr[3 * H + k] + g[3 * H + k]);
    const float cn = f * cp + i * cand;
    const float o = st.F(0, xr[H + k] + g[H + k] + po * cn);
    c[k] = cn;
    h[k] = o * RnnActivate(st.act[2], cn);
  }
}

// gru, batch entry b, first half: z and r into hr's z and r columns; r (.) h into rh unless linear before reset.
inline void GruGates(const RnnStep& st, int64_t b, const float* xr) {
  const int64_t H = st.p->hidden;
  float* g = st.s->hr.data() + b * 3 * H;
  const float* h = st.s->h.data() + b * H;
  float* rh = st.s->rh.data() + b * H;
  for (int64_t k = 0; k < H; ++k) {
    g[k] = st.F(0, xr[k] + g[k]);
    g[H + k] = st.F(0, xr[H + k] + g[H + k]);
    if (!st.p->linear_before_reset) rh[k] = g[H + k] * h[k];
  }
}

// gru, second half: hr's h columns hold H Rh^T + Rbh (linear before reset) or (r (.) H) Rh^T + Rbh.
inline void GruUpdate(const RnnStep& st, int64_t b, const float* xr) {
  const int64_t H = st.p->hidden;
  const float* g = st.s->hr.data() + b * 3 * H;
  float* h = st.s->h.data() + b * H;
  for (int64_t k = 0; k < H; ++k) {
    const float z = g[k], rec = st.p->linear_before_reset ? g[H + k] * g[2 * H + k] : g[2 * H + k];
    const float cand = st.F(1, xr[2 * H + k] + rec);
    h[k] = (1.f - z) * cand + z * h[k];
  }
}

inline void SimpleRnnCell(const RnnStep& st, int64_t b, const float* xr) {
  const int64_t H = st.p->hidden;
  const float* g = st.s->hr.data() + b * H;
  float* h = st.s->h.data() + b * H;
  for (int64_t k = 0; k < H; ++k) h[k] = st.F(0, xr[k] + g[k]);
}

// The time step `step` reaches in batch entry b, or -1 when b's sequence has ended.
inline int64_t RnnTime(const RnnStep& st, bool reverse, int64_t step, int64_t b) {
  const int64_t len = st.s->lens[static_cast<size_t>(b)];
  if (step >= len) return -1;
  return reverse ? len - 1 - step : step;
}

// One step over the batch: the recurrent GEMM(s) and the cells; Y's rows for the entries still running.
inline void RnnOneStep(const RnnStep& st, bool reverse, int64_t step, int64_t dir) {
  const OnnxRnnParam& p = *st.p;
  const int64_t H = p.hidden, gh = p.gates * H;
  const bool two_phase = p.cell == RnnCell::kGru && !p.linear_before_reset;
  RnnRecurrent(st, st.s->h.data(), 0, two_phase ? 2 * H : gh);
  auto xrow = [&](int64_t t, int64_t b) { return st.s->xw.data() + RnnXRow(p, t, b) * gh; };
  for (int64_t b = 0; b < p.batch; ++b) {
    const int64_t t = RnnTime(st, reverse, step, b);
    if (t < 0) continue;
    if (p.cell == RnnCell::kLstm) LstmCell(st, b, xrow(t, b));
    else if (p.cell == RnnCell::kRnn) SimpleRnnCell(st, b, xrow(t, b));
    else GruGates(st, b, xrow(t, b));
  }
  if (p.cell == RnnCell::kGru) {
    if (two_phase) RnnRecurrent(st, st.s->rh.data(), 2 * H, H);
    for (int64_t b = 0; b < p.batch; ++b)
      if (RnnTime(st, reverse, step, b) >= 0) GruUpdate(st, b, xrow(RnnTime(st, reverse, step, b), b));
  }
  if (!p.y) return;
  float* y = p.y->mutable_data<float>();
  for (int64_t b = 0; b < p.batch; ++b) {
    const int64_t t = RnnTime(st, reverse, step, b);
    if (t >= 0) std::copy(st.s->h.data() + b * H, st.s->h.data() + (b + 1) * H, y + RnnYRow(p, t, dir, b) * H);
  }
}

// Direction `dir`'s buffers: the input projection with W's bias, R^T, the initial state.
inline void RnnPrepare(const OnnxRnnParam& p, int64_t dir, RnnScratch* s) {
  const int64_t H = p.hidden, gh = p.gates * H, rows = p.seq * p.batch;
  s->xw.assign(static_cast<size_t>(rows * gh), 0.f);
  if (rows > 0 && p.input > 0)
    Sgemm(false, true, rows, gh, p.input, 1.f, p.x->data<float>(), p.input, p.w->data<float>() + dir * gh * p.input,
          p.input, 0.f, s->xw.data(), gh);
  if (p.b) {
    const float* wb = p.b->data<float>() + dir * 2 * gh;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < gh; ++j) s->xw[static_cast<size_t>(r * gh + j)] += wb[j];
  }
  const float* r = p.r->data<float>() + dir * gh * H;
  s->rt.resize(static_cast<size_t>(H * gh));
  for (int64_t j = 0; j < gh; ++j)
    for (int64_t k = 0; k < H; ++k) s->rt[static_cast<size_t>(k * gh + j)] = r[j * H + k];
  s->hr.assign(static_cast<size_t>(p.batch * gh), 0.f);
  s->h.assign(static_cast<size_t>(p.batch * H), 0.f);
  s->c.assign(static_cast<size_t>(p.batch * H), 0.f);
  s->rh.assign(static_cast<size_t>(p.batch * H), 0.f);
  for (int64_t b = 0; b < p.batch; ++b) {
    const int64_t at = RnnStateRow(p, dir, b) * H;
    if (p.initial_h) std::copy_n(p.initial_h->data<float>() + at, H, s->h.data() + b * H);
    if (p.initial_c) std::copy_n(p.initial_c->data<float>() + at, H, s->c.data() + b * H);
  }
}

// Runs direction `dir` over every step; its last states go to Y_h / Y_c.
inline void RnnDirection(const OnnxRnnParam& p, int64_t dir, RnnScratch* s) {
  RnnPrepare(p, dir, s);
  const int64_t H = p.hidden, per_dir = p.cell == RnnCell::kLstm ? 3 : p.cell == RnnCell::kGru ? 2 : 1;
  RnnStep st;
  st.p = &p, st.s = s, st.act = p.acts.data() + dir * per_dir;
  st.rb = p.b ? p.b->data<float>() + dir * 2 * p.gates * H + p.gates * H : nullptr;
  st.peep = p.p ? p.p->data<float>() + dir * 3 * H : nullptr;
  const bool reverse = p.reverse || dir == 1;
  for (int64_t step = 0; step < p.seq; ++step) RnnOneStep(st, reverse, step, dir);
  for (int64_t b = 0; b < p.batch; ++b) {
    const int64_t at = RnnStateRow(p, dir, b) * H;
    if (p.y_h) std::copy_n(s->h.data() + b * H, H, p.y_h->mutable_data<float>() + at);
    if (p.y_c) std::copy_n(s->c.data() + b * H, H, p.y_c->mutable_data<float>() + at);
  }
}

}  // namespace ember
