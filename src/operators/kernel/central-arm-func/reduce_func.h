// Portable reductions shared by every device, and the plain reference the tests compare against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "framework/parallel.h"
#include "operators/reduce_op.h"

namespace ember {

template <typename T> struct SumFn { T operator()(T a, T b) const { return a + b; } };
template <typename T> struct MaxOfFn { T operator()(T a, T b) const { return b > a ? b : a; } };
template <typename T> struct MinOfFn { T operator()(T a, T b) const { return b < a ? b : a; } };
template <typename T> struct ProdFn {
  T operator()(T a, T b) const {
    if constexpr (std::is_integral<T>::value) {  // wraps around instead of overflowing
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
    } else {
      return a * b;
    }
  }
};

// The float sum of row[0 .. r): 16 running sums (one per lane of the vectors the compiler makes of them, instead
// of one add waiting on the last), combined at the end. A global average pool exported as ReduceMean over H, W
// (ncnn's squeezenet as ONNX: 1000 rows of 256) ran 0.089 ms with the one-sum loop.
inline float SumRow(const float* row, int64_t r) {
  constexpr int kLanes = 16;
  float s[kLanes] = {};
  int64_t i = 0;
  for (; i + kLanes <= r; i += kLanes)
    for (int k = 0; k < kLanes; ++k) s[k] += row[i + k];
  for (int k = 0; i < r; ++i, ++k) s[k] += row[i];
  for (int w = kLanes / 2; w > 0; w /= 2)
    for (int k = 0; k < w; ++k) s[k] += s[k + w];
  return s[0];
}

// out[o, j] = fn over k of in[o, k, j], for in viewed as [outer, r, inner] (r >= 1).
template <typename T, typename Fn>
void ReduceMiddle(const T* in, int64_t outer, int64_t r, int64_t inner, T* out, Fn fn) {
  if (inner == 1 && outer == 1 && r > 65536) {
    // One long reduction: partial results per chunk in parallel, then combined.
    const int64_t chunks = 64, len = (r + chunks - 1) / chunks;
    T part[chunks];
    ParallelFor(chunks, MaxThreads(), [&](int64_t c) {
      const int64_t b = std::min(r, c * len), e = std::min(r, b + len);
      T acc = in[b < r ? b : 0];
      for (int64_t i = b + 1; i < e; ++i) acc = fn(acc, in[i]);
      part[c] = acc;
    });
    T acc = part[0];
    for (int64_t c = 1; c < chunks; ++c)
      if (c * len < r) acc = fn(acc, part[c]);
    out[0] = acc;
    return;
  }
  if (inner == 1) {
    // Below 1M values a second thread's start costs the float sum more than it saves (the 256K of that
    // ReduceMean: 0.015 ms on 1 thread, 0.059 ms split over 2).
    const int64_t min_parallel = std::is_same<Fn, SumFn<float>>::value ? (int64_t{1} << 20) : 65536;
    ParallelFor(outer, (outer > 1 && outer * r > min_parallel) ? MaxThreads() : 1, [&](int64_t o) {
      const T* row = in + o * r;
      if constexpr (std::is_same<Fn, SumFn<float>>::value) {
        out[o] = SumRow(row, r);
      } else {
        T acc = row[0];
        for (int64_t i = 1; i < r; ++i) acc = fn(acc, row[i]);
        out[o] = acc;
      }
    });
    return;
  }
  // Rows of `inner` values are combined elementwise; blocks of columns keep the accumulator in cache.
  const int64_t kBlock = 1024;
  const int64_t blocks = (inner + kBlock - 1) / kBlock;
  ParallelFor(outer * blocks, (outer * blocks > 1 && outer * r * inner > 65536) ? MaxThreads() : 1, [&](int64_t t) {
    const int64_t o = t / blocks, j0 = (t % blocks) * kBlock, j1 = std::min(inner, j0 + kBlock);
    const T* src = in + o * r * inner;
    T* dst = out + o * inner;
    std::copy(src + j0, src + j1, dst + j0);
    for (int64_t i = 1; i < r; ++i) {
      const T* row = src + i * inner;
      for (int64_t j = j0; j < j1; ++j) dst[j] = fn(dst[j], row[j]);
    }
  });
}

// One reduced group: in viewed as [outer, r, inner] -> out [outer, inner] (the mean's division comes later).
template <typename T>
void ReduceGroup(ReduceType type, const T* in, int64_t outer, int64_t r, int64_t inner, T* out) {
  if (type == ReduceType::kMax) return ReduceMiddle(in, outer, r, inner, out, MaxOfFn<T>());
  if (type == ReduceType::kMin) return ReduceMiddle(in, outer, r, inner, out, MinOfFn<T>());
  if constexpr (!std::is_same<T, bool>::value) {  // bool only reaches max / min
    if (type == ReduceType::kProd) return ReduceMiddle(in, outer, r, inner, out, ProdFn<T>());
    ReduceMiddle(in, outer, r, inner, out, SumFn<T>());
  }
}

// Reduces the groups InferShape planned one at a time, innermost first, through scratch buffers; the
// mean divides once at the end.
template <typename T>
void ReduceCompute(ReduceType type, const std::vector<int64_t>& groups, const std::vector<bool>& reduced,
                   int64_t count, const T* x, T* out, int64_t out_numel) {
  if (count == 0) {  // an empty sum is 0, mean 0/0, max the lowest value (-inf), min the highest (ONNX)
    T v = type == ReduceType::kProd ? 1 : 0;
    if constexpr (std::is_floating_point<T>::value) {
      if (type == ReduceType::kMean) v = std::numeric_limits<T>::quiet_NaN();
      if (type == ReduceType::kMax) v = -std::numeric_limits<T>::infinity();
      if (type == ReduceType::kMin) v = std::numeric_limits<T>::infinity();
    } else {
      if (type == ReduceType::kMax) v = std::numeric_limits<T>::lowest();
      if (type == ReduceType::kMin) v = std::numeric_limits<T>::max();
    }
    std::fill(out, out + out_numel, v);
    return;
  }
  std::vector<int64_t> sizes = groups;
  int last = -1;  // the outermost reduced group: the pass that writes `out`
  for (size_t i = 0; i < groups.size(); ++i)
    if (reduced[i]) {
      last = static_cast<int>(i);
      break;
    }
  if (last < 0) {
    std::copy(x, x + out_numel, out);
    return;
  }
  using Buf = std::conditional_t<std::is_same<T, bool>::value, unsigned char, T>;  // no vector<bool>
  std::vector<Buf> bufs[2];
  const T* cur = x;
  int which = 0;
  for (int g = static_cast<int>(groups.size()) - 1; g >= last; --g) {
    if (!reduced[static_cast<size_t>(g)]) continue;
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < g; ++i) outer *= sizes[static_cast<size_t>(i)];
    for (size_t i = static_cast<size_t>(g) + 1; i < sizes.size(); ++i) inner *= sizes[i];
    T* dst = out;
    if (g != last) {
      bufs[which].resize(static_cast<size_t>(outer * inner));
      dst = reinterpret_cast<T*>(bufs[which].data());
    }
    const int64_t r = sizes[static_cast<size_t>(g)];
    ReduceGroup(type, cur, outer, r, inner, dst);
    sizes[static_cast<size_t>(g)] = 1;
    cur = dst;
    which ^= 1;
  }
  if constexpr (!std::is_same<T, bool>::value)
    if (type == ReduceType::kMean) {
      const T c = static_cast<T>(count);
      for (int64_t i = 0; i < out_numel; ++i) out[i] /= c;
    }
}

namespace ref {
// The plain loop in double: every element of x added (or maxed) into its output slot. `reduced` marks
// X's reduced dims; the result is laid out over the kept dims in order.
inline std::vector<double> Reduce(ReduceType type, const std::vector<int64_t>& xdims,
                                  const std::vector<bool>& reduced, const std::vector<double>& x) {
  int64_t out_n = 1, count = 1;
  for (size_t d = 0; d < xdims.size(); ++d) (reduced[d] ? count : out_n) *= xdims[d];
  std::vector<double> out(static_cast<size_t>(out_n), 0.0);
  std::vector<bool> seen(out.size(), false);
  std::vector<int64_t> idx(xdims.size(), 0);
  for (size_t e = 0; e < x.size(); ++e) {
    int64_t o = 0;
    for (size_t d = 0; d < xdims.size(); ++d)
      if (!reduced[d]) o = o * xdims[d] + idx[d];
    double& slot = out[static_cast<size_t>(o)];
    if (type == ReduceType::kMax) slot = seen[static_cast<size_t>(o)] ? std::max(slot, x[e]) : x[e];
    else if (type == ReduceType::kMin) slot = seen[static_cast<size_t>(o)] ? std::min(slot, x[e]) : x[e];
    else if (type == ReduceType::kProd) slot = seen[static_cast<size_t>(o)] ? slot * x[e] : x[e];
    else slot += x[e];
    seen[static_cast<size_t>(o)] = true;
    for (size_t d = xdims.size(); d-- > 0;) {
      if (++idx[d] < xdims[d]) break;
      idx[d] = 0;
    }
  }
  if (type == ReduceType::kMean)
    for (double& v : out) v /= static_cast<double>(count);
  return out;
}
}  // namespace ref

}  // namespace ember
