// Portable elementwise code shared by every device, and the plain reference the tests compare against.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "framework/parallel.h"
#include "operators/elementwise_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"

namespace ember {

// Integer add/sub/mul wrap around (computed unsigned) instead of overflowing into undefined behaviour.
template <typename T>
T WrapAdd(T a, T b) {
  if constexpr (std::is_integral<T>::value) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}
template <typename T>
T WrapSub(T a, T b) {
  if constexpr (std::is_integral<T>::value) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return a - b;
  }
}
template <typename T>
T WrapMul(T a, T b) {
  if constexpr (std::is_integral<T>::value) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}
// Integer division truncates; b == -1 is a negation so INT_MIN / -1 wraps instead of trapping. The kernel
// rejects a zero divisor before calling this.
template <typename T>
T SafeDiv(T a, T b) {
  if constexpr (std::is_integral<T>::value && std::is_signed<T>::value) {
    if (b == -1) return WrapSub<T>(0, a);
  }
  return a / b;
}

template <typename T> struct AddFn { T operator()(T a, T b) const { return WrapAdd(a, b); } };
template <typename T> struct SubFn { T operator()(T a, T b) const { return WrapSub(a, b); } };
template <typename T> struct MulFn { T operator()(T a, T b) const { return WrapMul(a, b); } };
template <typename T> struct DivFn { T operator()(T a, T b) const { return SafeDiv(a, b); } };
template <typename T> struct MaxFn { T operator()(T a, T b) const { return a > b ? a : b; } };
template <typename T> struct MinFn { T operator()(T a, T b) const { return a < b ? a : b; } };
template <typename T> struct PowFn { T operator()(T a, T b) const { return static_cast<T>(std::pow(a, b)); } };
// C's remainder (the dividend's sign); integer b == -1 gives 0 without trapping on INT_MIN.
template <typename T>
T TruncMod(T a, T b) {
  if constexpr (std::is_integral<T>::value && std::is_signed<T>::value) return b == -1 ? 0 : static_cast<T>(a % b);
  else if constexpr (std::is_integral<T>::value) return static_cast<T>(a % b);
  else return std::fmod(a, b);
}
template <typename T> struct FmodFn { T operator()(T a, T b) const { return TruncMod(a, b); } };
// Bitwise ops: integers only (InferShape refuses float32; the float instantiation is never run).
template <typename T, int kOp>
struct BitFn {
  T operator()(T a, T b) const {
    if constexpr (std::is_integral<T>::value) return static_cast<T>(kOp == 0 ? (a & b) : kOp == 1 ? (a | b) : (a ^ b));
    else return a;
  }
};
// Floored remainder (the divisor's sign), as Paddle and Python.
template <typename T>
struct ModFn {
  T operator()(T a, T b) const {
    T r = TruncMod(a, b);
    if constexpr (std::is_signed<T>::value) return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
    return r;
  }
};

// out[j] = act(fn(x[j * sx], y[j * sy])) for j < n; strides are 0 or 1, one loop per case so each
// vectorizes.
template <typename T, typename Fn>
inline void ElementwiseRow(const T* x, int64_t sx, const T* y, int64_t sy, T* out, int64_t n, Fn fn,
                           const ActivationSpec& act) {
  if (sx && sy) {
    for (int64_t j = 0; j < n; ++j) out[j] = fn(x[j], y[j]);
  } else if (sx) {
    const T b = y[0];
    for (int64_t j = 0; j < n; ++j) out[j] = fn(x[j], b);
  } else if (sy) {
    const T a = x[0];
    for (int64_t j = 0; j < n; ++j) out[j] = fn(a, y[j]);
  } else {
    const T v = fn(x[0], y[0]);
    std::fill(out, out + n, v);
  }
  if constexpr (std::is_same<T, float>::value) {
    if (act.type != ActivationType::kNone)
      ActivateRow(act, out, n);
  }
}

// Walks a broadcast plan as rows of its innermost merged dim: calls
// row(x_offset, x_stride, y_offset, y_stride, out_offset, n) for each, in parallel. With one merged dim (same
// shape or a scalar operand) the flat loop is split into blocks across threads; otherwise each row's operand
// offsets come from its outer index. `unit`: the values each element of the plan stands for (a plan over rows
// of 16 has unit 16), so that the work splits across threads by its real size.
template <typename RowFn>
void ForEachBroadcastRow(const BroadcastPlan& plan, RowFn row, int64_t unit = 1) {
  const int nd = static_cast<int>(plan.dims.size());
  const int64_t inner = plan.dims[static_cast<size_t>(nd - 1)];
  const int64_t sx = plan.x_strides.back(), sy = plan.y_strides.back();
  if (nd == 1) {
    const int64_t kBlock = std::max<int64_t>(1, 16384 / unit);
    const int64_t blocks = (inner + kBlock - 1) / kBlock;
    ParallelFor(blocks, (blocks > 4) ? MaxThreads() : 1, [&](int64_t b) {
      const int64_t j0 = b * kBlock, n = std::min(inner, j0 + kBlock) - j0;
      row(j0 * sx, sx, j0 * sy, sy, j0, n);
    });
    return;
  }
  int64_t rows = 1;
  for (int d = 0; d < nd - 1; ++d) rows *= plan.dims[static_cast<size_t>(d)];
  // Rows in chunks: the first row's offsets by division, the others by stepping an odometer (a division per
  // dim and row cost more than the row itself in the 16-float rows of an NCHW16c per-channel multiply).
  const int64_t kChunk = 64, chunks = (rows + kChunk - 1) / kChunk;
  ParallelFor(chunks, (rows * inner * unit > 65536) ? MaxThreads() : 1, [&](int64_t c) {
    const int64_t r0 = c * kChunk, r1 = std::min(rows, r0 + kChunk);
    std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
    int64_t rest = r0, xo = 0, yo = 0;
    for (int d = nd - 2; d >= 0; --d) {
      const size_t k = static_cast<size_t>(d);
      idx[k] = rest % plan.dims[k];
      rest /= plan.dims[k];
      xo += idx[k] * plan.x_strides[k];
      yo += idx[k] * plan.y_strides[k];
    }
    for (int64_t r = r0; r < r1; ++r) {
      row(xo, sx, yo, sy, r * inner, inner);
      for (int d = nd - 2; d >= 0; --d) {
        const size_t k = static_cast<size_t>(d);
        xo += plan.x_strides[k];
        yo += plan.y_strides[k];
        if (++idx[k] < plan.dims[k]) break;
        xo -= plan.dims[k] * plan.x_strides[k];
        yo -= plan.dims[k] * plan.y_strides[k];
        idx[k] = 0;
      }
    }
  });
}

template <typename T, typename Fn>
void ElementwiseBroadcast(const BroadcastPlan& plan, const T* x, const T* y, T* out, Fn fn,
                          const ActivationSpec& act) {
  ForEachBroadcastRow(plan, [&](int64_t xo, int64_t sx, int64_t yo, int64_t sy, int64_t oo, int64_t n) {
    ElementwiseRow(x + xo, sx, y + yo, sy, out + oo, n, fn, act);
  });
}

template <typename T>
void ElementwiseCompute(ElementwiseType type, const BroadcastPlan& plan, const T* x, const T* y, T* out,
                        const ActivationSpec& act) {
  switch (type) {
    case ElementwiseType::kAdd: ElementwiseBroadcast(plan, x, y, out, AddFn<T>(), act); break;
    case ElementwiseType::kSub: ElementwiseBroadcast(plan, x, y, out, SubFn<T>(), act); break;
    case ElementwiseType::kMul: ElementwiseBroadcast(plan, x, y, out, MulFn<T>(), act); break;
    case ElementwiseType::kDiv: ElementwiseBroadcast(plan, x, y, out, DivFn<T>(), act); break;
    case ElementwiseType::kMax: ElementwiseBroadcast(plan, x, y, out, MaxFn<T>(), act); break;
    case ElementwiseType::kMin: ElementwiseBroadcast(plan, x, y, out, MinFn<T>(), act); break;
    case ElementwiseType::kPow: ElementwiseBroadcast(plan, x, y, out, PowFn<T>(), act); break;
    case ElementwiseType::kMod: ElementwiseBroadcast(plan, x, y, out, ModFn<T>(), act); break;
    case ElementwiseType::kFmod: ElementwiseBroadcast(plan, x, y, out, FmodFn<T>(), act); break;
    case ElementwiseType::kBitAnd: ElementwiseBroadcast(plan, x, y, out, BitFn<T, 0>(), act); break;
    case ElementwiseType::kBitOr: ElementwiseBroadcast(plan, x, y, out, BitFn<T, 1>(), act); break;
    case ElementwiseType::kBitXor: ElementwiseBroadcast(plan, x, y, out, BitFn<T, 2>(), act); break;
  }
}

namespace ref {
// The plain multi-index loop. xd and yd are X's and Y's dims already aligned to out's rank (1 where an
// operand is broadcast), so the caller states the broadcast explicitly.
template <typename T, typename Fn>
void ElementwiseBroadcast(const std::vector<int64_t>& out_dims, const std::vector<int64_t>& xd,
                          const std::vector<int64_t>& yd, const T* x, const T* y, T* out, Fn fn) {
  const size_t rank = out_dims.size();
  int64_t total = 1;
  for (int64_t d : out_dims) total *= d;
  std::vector<int64_t> idx(rank, 0);
  for (int64_t o = 0; o < total; ++o) {
    int64_t xi = 0, yi = 0;
    for (size_t d = 0; d < rank; ++d) {
      xi = xi * xd[d] + (xd[d] == 1 ? 0 : idx[d]);
      yi = yi * yd[d] + (yd[d] == 1 ? 0 : idx[d]);
    }
    out[o] = fn(x[xi], y[yi]);
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < out_dims[d]) break;
      idx[d] = 0;
    }
  }
}
}  // namespace ref

}  // namespace ember
