// Portable attention, fused: per (batch, head, block of queries) one Sgemm for the scores, the softcap, masks
// and softmax on each row in place, one Sgemm for the output; no [B, H, L, T] tensor unless QkOutput asks
// for it. The tests compare against an independent loop and ONNX's conformance data.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "framework/parallel.h"
#include "operators/attention_op.h"
#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/kernel/central-arm-func/softmax_func.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

// K or V with the past rows first, [B, Hkv, T, size], into dst; src's rows through its layout.
inline void ConcatPast(const AttentionParam& p, const float* past, const float* src, const HeadLayout& at,
                       int64_t size, float* dst) {
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.hkv; ++h) {
      float* d = dst + (b * p.hkv + h) * p.total * size;
      if (p.past) std::memcpy(d, past + (b * p.hkv + h) * p.past * size, sizeof(float) * p.past * size);
      for (int64_t n = 0; n < p.len_kv; ++n)
        std::memcpy(d + (p.past + n) * size, src + at.At(b, h, n), sizeof(float) * size);
    }
}

// The causal frontier of batch b: key j > query i + offset is masked.
inline int64_t CausalOffset(const AttentionParam& p, int64_t b) {
  if (p.past_key) return p.past;
  if (p.nonpad) return p.nonpad->data<int64_t>()[b] - p.len_q;
  return 0;
}

// The keys query i of batch b may see at all: those from the returned index on are masked by is_causal or
// NonpadKvSeqlen (in [0, T]).
inline int64_t VisibleKeys(const AttentionParam& p, int64_t b, int64_t i) {
  int64_t end = p.total;
  if (p.nonpad) end = std::min(end, p.nonpad->data<int64_t>()[b]);
  if (p.is_causal) end = std::min(end, i + CausalOffset(p, b) + 1);
  return std::max<int64_t>(end, 0);
}

// Adds the mask, causal and padding terms to row i of head h of batch b: `row` holds its first n scores.
inline void MaskRow(const AttentionParam& p, int64_t b, int64_t h, int64_t i, float* row, int64_t n) {
  const float kNegInf = -std::numeric_limits<float>::infinity();
  if (p.mask) {
    const int64_t base = b * p.mask_strides[0] + h * p.mask_strides[1] + i * p.mask_strides[2];
    const int64_t keys = std::min(p.mask_keys, n);
    if (p.mask->dtype() == DataType::kBool) {
      const bool* m = p.mask->data<bool>() + base;
      for (int64_t j = 0; j < keys; ++j)
        if (!m[j * p.mask_strides[3]]) row[j] = kNegInf;
    } else {
      const float* m = p.mask->data<float>() + base;
      for (int64_t j = 0; j < keys; ++j) row[j] += m[j * p.mask_strides[3]];
    }
    for (int64_t j = keys; j < n; ++j) row[j] = kNegInf;
  }
  for (int64_t j = std::min(VisibleKeys(p, b, i), n); j < n; ++j) row[j] = kNegInf;
}

// Softmax of `rows` rows of n scores in place; a row whose every score is -inf becomes zeros.
inline void SoftmaxRows(float* s, int64_t rows, int64_t n) {
  const SoftmaxAccel* accel = CpuAccel().softmax;
  for (int64_t r = 0; r < rows; ++r) {
    float* row = s + r * n;
    const float mx = *std::max_element(row, row + n);
    if (mx == -std::numeric_limits<float>::infinity()) {
      std::fill(row, row + n, 0.f);
    } else if (accel && accel->supports()) {
      accel->run(row, row, 1, n, 1, false);
    } else {
      SoftmaxRow(row, row, n, false);
    }
  }
}

// Queries [i0, i0 + rows) of head h of batch b: scores, masks and softmax in `s` ([rows, t]), then Out. Only
// the keys the block's last query may see are computed (causal attention does about half the work), unless
// QkOutput wants every score.
inline void AttendBlock(const AttentionParam& p, const float* keys, const HeadLayout& k_at, const float* values,
                        const HeadLayout& v_at, int64_t b, int64_t h, int64_t i0, int64_t rows, float* s) {
  const int64_t hk = h / (p.hq / p.hkv), t = p.qk_out ? p.total : VisibleKeys(p, b, i0 + rows - 1);
  float* out = p.out->mutable_data<float>() + p.out_at.At(b, h, i0);
  if (t == 0) {  // every key masked: zeros
    for (int64_t r = 0; r < rows; ++r) std::fill(out + r * p.out_at.row, out + r * p.out_at.row + p.dv, 0.f);
    return;
  }
  float* qk = p.qk_out ? p.qk_out->mutable_data<float>() + ((b * p.hq + h) * p.len_q + i0) * t : nullptr;
  Sgemm(false, true, rows, t, p.d, p.used_scale, p.q->data<float>() + p.q_at.At(b, h, i0), p.q_at.row,
        keys + k_at.At(b, hk, 0), k_at.row, 0.f, s, t);
  if (p.softcap > 0)
    for (int64_t j = 0; j < rows * t; ++j) s[j] = p.softcap * std::tanh(s[j] / p.softcap);
  if (qk && p.qk_mode <= 1) std::memcpy(qk, s, sizeof(float) * rows * t);
  for (int64_t r = 0; r < rows; ++r) MaskRow(p, b, h, i0 + r, s + r * t, t);
  if (qk && p.qk_mode == 2) std::memcpy(qk, s, sizeof(float) * rows * t);
  SoftmaxRows(s, rows, t);
  if (qk && p.qk_mode == 3) std::memcpy(qk, s, sizeof(float) * rows * t);
  Sgemm(false, false, rows, p.dv, t, 1.f, s, t, values + v_at.At(b, hk, 0), v_at.row, 0.f, out, p.out_at.row);
}

// keys / values: K and V after the past ([B, Hkv, T, size]) or, without a past, K and V themselves.
inline void AttentionCompute(const AttentionParam& p, const float* keys, const HeadLayout& k_at,
                             const float* values, const HeadLayout& v_at) {
  const int64_t kBlock = 32;  // queries per task: bounds the score buffer to 32 x T
  const int64_t blocks = (p.len_q + kBlock - 1) / kBlock, tasks = p.batch * p.hq * blocks;
  const double work = static_cast<double>(p.batch) * p.hq * p.len_q * p.total * (p.d + p.dv);
  ParallelFor(tasks, (tasks > 1 && work > 65536) ? MaxThreads() : 1, [&](int64_t task) {
    const int64_t blk = task % blocks, bh = task / blocks;
    const int64_t i0 = blk * kBlock, rows = std::min(kBlock, p.len_q - i0);
    thread_local std::vector<float> scores;
    scores.resize(static_cast<size_t>(rows * p.total));
    AttendBlock(p, keys, k_at, values, v_at, bh / p.hq, bh % p.hq, i0, rows, scores.data());
  });
}

namespace ref {
// The plain loop over ONNX's definition in double: Out [B, Hq, L, Dv] (4-D whatever Q's layout), from K / V
// already concatenated with the past as [B, Hkv, T, size]; masks as `mask(b, h, i, j)` (0 or -inf, or a
// float term).
template <typename MaskFn>
std::vector<float> Attention(const AttentionParam& p, const std::vector<float>& q4, const std::vector<float>& k4,
                             const std::vector<float>& v4, MaskFn mask) {
  std::vector<float> out(static_cast<size_t>(p.batch * p.hq * p.len_q * p.dv), 0.f);
  const int64_t t = p.total;
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.hq; ++h)
      for (int64_t i = 0; i < p.len_q; ++i) {
        const int64_t hk = h * p.hkv / p.hq;
        std::vector<double> s(static_cast<size_t>(t));
        double mx = -INFINITY;
        const float* qi = q4.data() + ((b * p.hq + h) * p.len_q + i) * p.d;
        for (int64_t j = 0; j < t; ++j) {
          const float* kj = k4.data() + ((b * p.hkv + hk) * t + j) * p.d;
          double acc = 0;
          for (int64_t c = 0; c < p.d; ++c) acc += static_cast<double>(qi[c]) * kj[c];
          acc *= p.used_scale;
          if (p.softcap > 0) acc = p.softcap * std::tanh(acc / p.softcap);
          s[j] = acc + mask(b, h, i, j);
          mx = std::max(mx, s[j]);
        }
        if (mx == -INFINITY) continue;
        double sum = 0;
        for (double& e : s) sum += (e = std::exp(e - mx));
        for (int64_t c = 0; c < p.dv; ++c) {
          double acc = 0;
          for (int64_t j = 0; j < t; ++j) acc += s[j] / sum * v4[((b * p.hkv + hk) * t + j) * p.dv + c];
          out[((b * p.hq + h) * p.len_q + i) * p.dv + c] = static_cast<float>(acc);
        }
      }
  return out;
}
}  // namespace ref

}  // namespace ember
