// The CPU kernels' one door to instruction-set-specific code.
//
// Each accelerated op has a small table of function pointers (below), filled once by an instruction-set
// folder (kernel/x86/x86_accel.cpp today; kernel/arm/ next) through the registry, cpu_accel.cpp: the only
// file that knows which folders the build has. A cpu kernel asks its op's entry whether it runs the given
// arguments and runs the portable code of central-arm-func otherwise (a null entry: nothing accelerates the
// op). The entries read the folder's active level themselves on every call (x86: EMBER_ISA, SetActiveIsa),
// so the kernels never see it; a filled entry has every function pointer set.
#pragma once

#include <cstdint>
#include <vector>

namespace ember {

struct ActivationSpec;
struct BroadcastPlan;
struct ConvGeometry;
struct PoolGeometry;
enum class ElementwiseType;

// The folder's levels, 0 being its plain code (x86: 0 generic, 1 avx2+fma, 2 avx512), for `ember bench`
// and tests.
struct IsaAccel {
  const char* lower_hint;  // how a user lowers the level, e.g. "EMBER_ISA=avx512|avx2|generic"
  int (*detected)();       // the highest level this machine runs
  int (*active)();         // the level the kernels run at
  int (*set_active)(int level);  // clamped to detected(); returns the level now active. Not while kernels run.
  const char* (*name)(int level);
  // Measured, an FMA counting 2; null in a net profile's build (a benchmarking aid: `ember bench`'s %lim).
  double (*fma_peak_gflops)(int level, int threads);
};

// C[M x N] = alpha * op(A) * op(B) + beta * C, as PortableSgemm (central-arm-func/gemm_func.h).
using SgemmFn = void (*)(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                         int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc);

// A conv path of the folder: how it runs a geometry and which filter it reads.
struct ConvAccelPlan {
  int path = 0;  // 0: the portable code runs the conv; else 1 .. kConvAccelPaths - 1, numbered by the folder
  // Suffix of its packed filter in the weights cache (after the op's cache key), or null: the plain filter.
  const char* pack_suffix = nullptr;
};
constexpr int kConvAccelPaths = 12;

struct ConvAccel {
  int64_t bias_align;  // the bias passed to run is zero-padded to a multiple of this (packed kernels read blocks)
  // The packed-channel block (operators/packed_layout.h) whose conv kernels run at the active level: 16 for
  // NCHW16c, 4 for NCHW4c, 0 for none (the layout pass converts only to that block).
  int64_t (*packed_block)();
  // True when the packed kernels handle `g` at all (a conv with a packed data_format must be one).
  bool (*packed_supports)(const ConvGeometry& g);
  // The path for `g` at the active level; a packed conv (packed_supports) always gets one.
  ConvAccelPlan (*plan)(const ConvGeometry& g, bool packed);
  void (*pack)(int path, const ConvGeometry& g, const float* filter, std::vector<float>* packed);
  // `filter` is the path's packed filter, or the plain one [Cout, Cin/groups * kh * kw].
  void (*run)(int path, const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
              const float* input, float* output);
  // For the profile's kernel column; path 0 names the portable code ("dw portable").
  const char* (*name)(int path, const ConvGeometry& g);
};

struct ElementwiseAccel {  // float32 binary ops over a BroadcastPlan, then the fused activation
  bool (*supports)(ElementwiseType type);
  void (*run)(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
              const ActivationSpec& act);
  const char* (*name)(ElementwiseType type);  // also when !supports ("portable")
};

struct Pool2dAccel {  // NCHW pooling without mask or dilation
  bool (*supports)(const PoolGeometry& g);
  void (*run)(const PoolGeometry& g, const float* x, float* y);
  const char* (*name)(const PoolGeometry& g);  // also when !supports ("portable")
};

struct ActivationAccel {  // every activation: types the folder does not vectorize run its own threaded loop
  void (*run)(const ActivationSpec& act, const float* x, float* y, int64_t n);
  const char* (*name)(const ActivationSpec& act);
};

struct SoftmaxAccel {  // softmax / log_softmax of X viewed as [outer, n, inner]
  bool (*supports)();
  void (*run)(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log);
  const char* (*name)();  // also when !supports ("portable")
};

// Exact int8 GEMM: C[i][j] = sum_k (A[i][k] - a_zp[i]) * (B[k][j] - b_zp[j]) in wrapping int32 (ONNX MatMulInteger;
// the int64 reference cast to int32). B, the weight, is packed once (PackInt8B) into panels of 16 columns by
// quads of k, signed (a uint8 B is stored minus 128), with its column sums; every level reads that one layout.
struct Int8PackedB {
  int64_t k = 0, n = 0, k4 = 0;  // k4: K rounded up to 4 (the pad is zeros)
  int32_t shift = 0;             // 128 when B was uint8 (stored as B - 128), else 0
  std::vector<int8_t> data;      // ceil(n / 16) panels of [k4 / 4][16 columns][4 k]
  std::vector<int32_t> col_sums;  // of the stored values, per column
};

// Writes rows [row0, row0 + rows) of A as uint8 (an int8 A plus 128), `k4` bytes each with zeros past K.
using Int8FillA = void (*)(const void* ctx, int64_t row0, int64_t rows, uint8_t* dst, int64_t k4);

struct Int8GemmProblem {
  int64_t m = 0;
  Int8FillA fill_a = nullptr;
  const void* a_ctx = nullptr;
  int32_t a_shift = 0;               // what fill_a added to A: 128 for an int8 A
  const int32_t* a_zp = nullptr;     // A's zero points as given (null: 0), one or one per row (a_zp_per_row)
  bool a_zp_per_row = false;
  const int32_t* b_zp = nullptr;     // B's zero points as given (null: 0), one or one per column
  bool b_zp_per_col = false;
  const Int8PackedB* b = nullptr;
  int32_t* c = nullptr;              // C[i][j] at c[i * c_row_stride + j * c_col_stride]
  int64_t c_row_stride = 0, c_col_stride = 1;
  // Optional, for a column-major C (c_row_stride 1): gets each finished block of C, rows [r0, r0 + rows) by
  // columns [c0, c0 + cols) at acc[j * rows + i], instead of its store into c (from several threads, each on
  // its own blocks): quantized_conv2d writes its floats while the block is in cache.
  void (*store_block)(const void* ctx, int64_t r0, int64_t rows, int64_t c0, int64_t cols,
                      const int32_t* acc) = nullptr;
  const void* store_ctx = nullptr;
};

struct IgemmAccel {
  // B[k][j] at b[k * stride_k + j * stride_n], int8 (b_signed) or uint8.
  void (*pack_b)(const void* b, bool b_signed, int64_t k, int64_t n, int64_t stride_k, int64_t stride_n,
                 Int8PackedB* out);
  void (*run)(const Int8GemmProblem& p);  // threaded over C with MaxThreads()
  const char* (*name)();                  // "igemm avx512vnni", "igemm avx2", "igemm generic"
  // Optional (null: the portable loop): y[i] = clamp(round(x[i] * mul), lo, hi) + 128 as uint8, ties to even (or
  // away from zero) whatever the rounding mode, NaN as 0, for -128 <= lo <= hi <= 127: quantized_conv2d's input.
  void (*quantize_u8)(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away,
                      uint8_t* y) = nullptr;
};

struct HalfAccel {  // IEEE half -> float32 widening (weights stored as FP16), bit for bit as HalfToFloat
  bool (*supports)();  // at the active level (x86: F16C, which every AVX2 CPU has; ARM: NEON)
  void (*run)(const void* src, float* dst, int64_t n);  // src: n halves, any alignment
};

struct CpuAccelTable {
  const IsaAccel* isa = nullptr;
  SgemmFn sgemm = nullptr;
  const ConvAccel* conv = nullptr;
  const ElementwiseAccel* elementwise = nullptr;
  const Pool2dAccel* pool2d = nullptr;
  const ActivationAccel* activation = nullptr;
  const SoftmaxAccel* softmax = nullptr;
  const IgemmAccel* igemm = nullptr;
  const HalfAccel* half = nullptr;
};

// The level EMBER_ISA names among `names` (level i is names[i]), never above `detected`; `detected` when the
// variable is unset or names no level. For the folders' start-up level.
int IsaLevelFromEnv(const char* const* names, int count, int detected);

// The table, filled on first use.
const CpuAccelTable& CpuAccel();

// Tests: makes CpuAccel() return `t` (null: the filled table again), e.g. an empty table for the portable
// path; returns the previous override. Not while kernels run.
const CpuAccelTable* OverrideCpuAccelForTesting(const CpuAccelTable* t);

// Widens n IEEE halves at src (any alignment) to float32: the table's half entry where it runs, else the
// portable HalfToFloat (framework/float16.h). For FP16 weights, widened once at load.
void HalfToFloatArray(const void* src, float* dst, int64_t n);

// The packed-channel block whose conv kernels run at the active level (16, 4; 0: none), the block the layout pass
// converts to (layout_transform's conversions are portable, central-arm-func/layout_transform_func.h).
int64_t PackedConvBlock();

}  // namespace ember
