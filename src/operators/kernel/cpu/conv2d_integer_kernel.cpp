#include <cstring>

#include "operators/conv2d_integer_op.h"
#include "operators/kernel/central-arm-func/conv2d_integer_func.h"
#include "operators/kernel/central-arm-func/matmul_integer_func.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

namespace {

// The int8 GEMM path: per image and group, Output^T [oh * ow, cout_g] = patches [oh * ow, R] x W^T [R, cout_g]
// with R ordered (kh, kw, c), so a patch row is kh * kw runs of cin_g bytes copied from a padded HWC copy of
// the input (its pad holds the input's zero point, which the correction turns into zeros).
bool Int8(const Tensor* t) { return t->dtype() == DataType::kInt8 || t->dtype() == DataType::kUInt8; }

struct Patches {
  const uint8_t* hwc;  // [in_h + pads][in_w + pads][cin_g], plus 128 for an int8 input
  int64_t padded_w, cin_g;
  const ConvGeometry* g;
};

void FillPatches(const void* ctx, int64_t row0, int64_t rows, uint8_t* dst, int64_t k4) {
  const Patches& s = *static_cast<const Patches*>(ctx);
  const ConvGeometry& g = *s.g;
  const int64_t r = g.kernel_h * g.kernel_w * s.cin_g;
  const size_t run = static_cast<size_t>(s.cin_g);
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t oh = (row0 + i) / g.out_w, ow = (row0 + i) % g.out_w;
    uint8_t* d = dst + i * k4;
    for (int64_t kh = 0; kh < g.kernel_h; ++kh) {
      const int64_t y = oh * g.stride_h + kh * g.dilation_h;
      for (int64_t kw = 0; kw < g.kernel_w; ++kw, d += run)
        std::memcpy(d, s.hwc + (y * s.padded_w + ow * g.stride_w + kw * g.dilation_w) * s.cin_g, run);
    }
    std::memset(dst + i * k4 + r, 0, static_cast<size_t>(k4 - r));
  }
}

// Group `grp` of image `n` as padded HWC bytes (shifted to uint8) into *hwc: 8 channels of a pixel written at
// once (byte stores a plane apart were half the GEMM's time on 256 channels).
void ToPaddedHwc(const Conv2dIntegerParam& p, int64_t n, int64_t grp, uint8_t pad, std::vector<uint8_t>* hwc) {
  const ConvGeometry& g = p.geo;
  const int64_t cin_g = g.in_c / g.groups, ph = g.in_h + g.pad_top + g.pad_bottom;
  const int64_t pw = g.in_w + g.pad_left + g.pad_right, plane = g.in_h * g.in_w;
  hwc->assign(static_cast<size_t>(ph * pw * cin_g), pad);
  const uint8_t flip = p.input->dtype() == DataType::kInt8 ? 0x80 : 0;
  const uint8_t* x = static_cast<const uint8_t*>(p.input->raw_data()) + (n * g.in_c + grp * cin_g) * plane;
  uint8_t* base = hwc->data();
  for (int64_t h = 0; h < g.in_h; ++h) {
    uint8_t* row = base + ((h + g.pad_top) * pw + g.pad_left) * cin_g;
    const uint8_t* src = x + h * g.in_w;
    int64_t c = 0;
    for (; c + 8 <= cin_g; c += 8)
      for (int64_t w = 0; w < g.in_w; ++w) {
        uint8_t v[8];
        for (int t = 0; t < 8; ++t) v[t] = src[(c + t) * plane + w] ^ flip;
        std::memcpy(row + w * cin_g + c, v, 8);
      }
    for (; c < cin_g; ++c)
      for (int64_t w = 0; w < g.in_w; ++w) row[w * cin_g + c] = src[c * plane + w] ^ flip;
  }
}

// The filter of each group as B [R (kh, kw, c), cout_g], packed; made once per model when it is a weight.
std::shared_ptr<const std::vector<Int8PackedB>> PackFilter(const Conv2dIntegerParam& p, const IgemmAccel& a) {
  auto make = [&](size_t* bytes) -> std::shared_ptr<const void> {
    const ConvGeometry& g = p.geo;
    const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups, khw = g.kernel_h * g.kernel_w;
    const int64_t r = khw * cin_g;
    const uint8_t* w = static_cast<const uint8_t*>(p.filter->raw_data());
    auto v = std::make_shared<std::vector<Int8PackedB>>(static_cast<size_t>(g.groups));
    std::vector<uint8_t> b(static_cast<size_t>(r * cout_g));
    *bytes = 0;
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      for (int64_t o = 0; o < cout_g; ++o)
        for (int64_t c = 0; c < cin_g; ++c)
          for (int64_t t = 0; t < khw; ++t)
            b[static_cast<size_t>((t * cin_g + c) * cout_g + o)] = w[((grp * cout_g + o) * cin_g + c) * khw + t];
      Int8PackedB& packed = (*v)[static_cast<size_t>(grp)];
      a.pack_b(b.data(), p.filter->dtype() == DataType::kInt8, r, cout_g, cout_g, 1, &packed);
      *bytes += packed.data.size() + packed.col_sums.size() * sizeof(int32_t);
    }
    return v;
  };
  size_t unused = 0;
  return std::static_pointer_cast<const std::vector<Int8PackedB>>(
      p.cache_key.empty() ? make(&unused) : p.weights_scope->Derived(p.cache_key, make));
}

// The input's zero point as the padding byte (shifted like the input), or -1 when it is not a byte.
int InputPadByte(const Conv2dIntegerParam& p) {
  const int32_t z = p.input_zero_point ? CenteredInts(*p.input_zero_point, nullptr, 0, 0, false)[0] : 0;
  const int32_t shifted = z + (p.input->dtype() == DataType::kInt8 ? 128 : 0);
  return shifted >= 0 && shifted <= 255 ? shifted : -1;
}

void RunIgemm(const Conv2dIntegerParam& p, const IgemmAccel& a, const std::vector<Int8PackedB>& packed, int pad) {
  const ConvGeometry& g = p.geo;
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups, plane = g.out_h * g.out_w;
  const std::vector<int32_t> zb =
      p.filter_zero_point ? CenteredInts(*p.filter_zero_point, nullptr, 0, 0, false) : std::vector<int32_t>{};
  const int32_t za = pad - (p.input->dtype() == DataType::kInt8 ? 128 : 0);
  std::vector<uint8_t> hwc;
  int32_t* y = p.output->mutable_data<int32_t>();
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      ToPaddedHwc(p, n, grp, static_cast<uint8_t>(pad), &hwc);
      const Patches src{hwc.data(), g.in_w + g.pad_left + g.pad_right, cin_g, &g};
      Int8GemmProblem q;
      q.m = plane;
      q.fill_a = FillPatches;
      q.a_ctx = &src;
      q.a_shift = p.input->dtype() == DataType::kInt8 ? 128 : 0;
      q.a_zp = &za;
      q.b_zp = zb.empty() ? nullptr : zb.data() + (zb.size() > 1 ? grp * cout_g : 0);
      q.b_zp_per_col = zb.size() > 1;
      q.b = &packed[static_cast<size_t>(grp)];
      q.c = y + (n * g.out_c + grp * cout_g) * plane;  // C [pixel, channel] written into NCHW
      q.c_row_stride = 1;
      q.c_col_stride = plane;
      a.run(q);
    }
}

}  // namespace

template <>
Status Conv2dIntegerKernel<CPU, float>::Init(Conv2dIntegerParam*) {
  return Status::OK();
}

template <>
Status Conv2dIntegerKernel<CPU, float>::Compute(const Conv2dIntegerParam& p) {
  const ConvGeometry& g = p.geo;
  const IgemmAccel* a = CpuAccel().igemm;
  const int pad = a && Int8(p.input) && Int8(p.filter) ? InputPadByte(p) : -1;
  ran_igemm_ = pad >= 0;
  if (ran_igemm_) {
    // A weight's packing is kept; a filter computed at run time is packed on every run.
    if (!packed_ || p.cache_key.empty()) packed_ = PackFilter(p, *a);
    RunIgemm(p, *a, *packed_, pad);
    return Status::OK();
  }
  // The input's zero point is one value; the filter's one per output channel ("row" of [Cout, rest]).
  const std::vector<int32_t> x = CenteredInts(*p.input, p.input_zero_point, 1, 1, false);
  const std::vector<int32_t> w = CenteredInts(*p.filter, p.filter_zero_point, g.out_c,
                                              p.filter->numel() / g.out_c, true);
  Conv2dInteger(x.data(), w.data(), g, p.output->mutable_data<int32_t>());
  return Status::OK();
}

template <>
const char* Conv2dIntegerKernel<CPU, float>::Name(const Conv2dIntegerParam&) const {
  const IgemmAccel* a = CpuAccel().igemm;
  return ran_igemm_ && a ? a->name() : "portable";
}

}  // namespace ember
