#include <cstring>

#include "operators/kernel/central-arm-func/matmul_integer_func.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/matmul_integer_op.h"

namespace ember {

namespace {

// Rows of X [m x k] for the int8 GEMM: uint8 as is, int8 plus 128 (the sign bit flipped).
struct RowsOfX {
  const uint8_t* x;
  int64_t k;
  bool is_signed;
};

void FillRows(const void* ctx, int64_t row0, int64_t rows, uint8_t* dst, int64_t k4) {
  const RowsOfX& a = *static_cast<const RowsOfX*>(ctx);
  for (int64_t i = 0; i < rows; ++i) {
    const uint8_t* src = a.x + (row0 + i) * a.k;
    uint8_t* d = dst + i * k4;
    if (a.is_signed) {
      for (int64_t l = 0; l < a.k; ++l) d[l] = src[l] ^ 0x80;
    } else {
      std::memcpy(d, src, static_cast<size_t>(a.k));
    }
    std::memset(d + a.k, 0, static_cast<size_t>(k4 - a.k));
  }
}

// Every matrix of Y packed; made once per model when Y is a weight.
std::shared_ptr<const std::vector<Int8PackedB>> PackY(const MatMulIntegerParam& p, const IgemmAccel& g) {
  auto make = [&](size_t* bytes) -> std::shared_ptr<const void> {
    const int64_t size = p.k * p.n, count = size ? p.y->numel() / size : 0;
    auto v = std::make_shared<std::vector<Int8PackedB>>(static_cast<size_t>(count));
    const bool is_signed = p.y->dtype() == DataType::kInt8;
    const uint8_t* y = static_cast<const uint8_t*>(p.y->raw_data());
    *bytes = 0;
    for (int64_t i = 0; i < count; ++i) {
      g.pack_b(y + i * size, is_signed, p.k, p.n, p.n, 1, &(*v)[static_cast<size_t>(i)]);
      *bytes += (*v)[static_cast<size_t>(i)].data.size() + p.n * sizeof(int32_t);
    }
    return v;
  };
  size_t unused = 0;
  return std::static_pointer_cast<const std::vector<Int8PackedB>>(
      p.cache_key.empty() ? make(&unused) : p.weights_scope->Derived(p.cache_key, make));
}

// Zero points as int32: none (empty), one, or one per row / column.
std::vector<int32_t> ZeroPoints(const Tensor* zp) {
  return zp ? CenteredInts(*zp, nullptr, 0, 0, false) : std::vector<int32_t>{};
}

void RunIgemm(const MatMulIntegerParam& p, const IgemmAccel& g, const std::vector<Int8PackedB>& packed) {
  const std::vector<int32_t> za = ZeroPoints(p.x_zero_point), zb = ZeroPoints(p.y_zero_point);
  const bool x_signed = p.x->dtype() == DataType::kInt8;
  const uint8_t* x = static_cast<const uint8_t*>(p.x->raw_data());
  int32_t* out = p.out->mutable_data<int32_t>();
  for (size_t b = 0; b < p.x_offsets.size(); ++b) {
    const RowsOfX rows{x + p.x_offsets[b], p.k, x_signed};
    Int8GemmProblem q;
    q.m = p.m;
    q.fill_a = FillRows;
    q.a_ctx = &rows;
    q.a_shift = x_signed ? 128 : 0;
    q.a_zp = za.empty() ? nullptr : za.data();
    q.a_zp_per_row = za.size() > 1;
    q.b_zp = zb.empty() ? nullptr : zb.data();
    q.b_zp_per_col = zb.size() > 1;
    q.b = &packed[static_cast<size_t>(p.k * p.n != 0 ? p.y_offsets[b] / (p.k * p.n) : 0)];
    q.c = out + static_cast<int64_t>(b) * p.m * p.n;
    q.c_row_stride = p.n;
    q.c_col_stride = 1;
    g.run(q);
  }
}

}  // namespace

template <>
Status MatMulIntegerKernel<CPU, float>::Init(MatMulIntegerParam*) {
  return Status::OK();
}

template <>
Status MatMulIntegerKernel<CPU, float>::Compute(const MatMulIntegerParam& p) {
  const IgemmAccel* g = CpuAccel().igemm;
  ran_igemm_ = g && p.k * p.n > 0;
  if (ran_igemm_) {
    // A weight's packing is kept; a Y computed at run time is packed on every run.
    if (!packed_ || p.cache_key.empty()) packed_ = PackY(p, *g);
    RunIgemm(p, *g, *packed_);
    return Status::OK();
  }
  const std::vector<int32_t> x = CenteredInts(*p.x, p.x_zero_point, p.m, p.k, true);
  const std::vector<int32_t> y = CenteredInts(*p.y, p.y_zero_point, p.k, p.n, false);
  int32_t* out = p.out->mutable_data<int32_t>();
  for (size_t b = 0; b < p.x_offsets.size(); ++b)
    MatMulInteger(x.data() + p.x_offsets[b], y.data() + p.y_offsets[b], p.m, p.n, p.k,
                  out + static_cast<int64_t>(b) * p.m * p.n);
  return Status::OK();
}

template <>
const char* MatMulIntegerKernel<CPU, float>::Name(const MatMulIntegerParam&) const {
  const IgemmAccel* g = CpuAccel().igemm;
  return ran_igemm_ && g ? g->name() : "portable";
}

}  // namespace ember
