#include "operators/conv2d_integer_op.h"
#include "operators/kernel/central-arm-func/conv2d_integer_func.h"
#include "operators/kernel/central-arm-func/matmul_integer_func.h"
#include "operators/kernel/cpu_accel.h"
#include "operators/kernel/igemm_conv.h"

namespace ember {

namespace {

bool Int8(const Tensor* t) { return t->dtype() == DataType::kInt8 || t->dtype() == DataType::kUInt8; }

// The input's zero point as the padding byte (shifted like the input), or -1 when it is not a byte.
int InputPadByte(const Conv2dIntegerParam& p) {
  const int32_t z = p.input_zero_point ? CenteredInts(*p.input_zero_point, nullptr, 0, 0, false)[0] : 0;
  const int32_t shifted = z + (p.input->dtype() == DataType::kInt8 ? 128 : 0);
  return shifted >= 0 && shifted <= 255 ? shifted : -1;
}

void RunIgemm(const Conv2dIntegerParam& p, const IgemmAccel& a, const std::vector<Int8PackedB>& packed, int pad) {
  const ConvGeometry& g = p.geo;
  const int64_t cout_g = g.out_c / g.groups, plane = g.out_h * g.out_w;
  const std::vector<int32_t> zb =
      p.filter_zero_point ? CenteredInts(*p.filter_zero_point, nullptr, 0, 0, false) : std::vector<int32_t>{};
  const int32_t za = pad - (p.input->dtype() == DataType::kInt8 ? 128 : 0);
  std::vector<uint8_t> hwc;
  int32_t* y = p.output->mutable_data<int32_t>();
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      const uint8_t* x = static_cast<const uint8_t*>(p.input->raw_data()) +
                         (n * g.in_c + grp * (g.in_c / g.groups)) * g.in_h * g.in_w;
      ToPaddedHwc(x, g, p.input->dtype() == DataType::kInt8 ? 0x80 : 0, static_cast<uint8_t>(pad), &hwc);
      IgemmConvGroup q;
      q.hwc = hwc.data();
      q.a_shift = p.input->dtype() == DataType::kInt8 ? 128 : 0;
      q.a_zp = &za;
      q.b_zp = zb.empty() ? nullptr : zb.data() + (zb.size() > 1 ? grp * cout_g : 0);
      q.b_zp_per_col = zb.size() > 1;
      q.b = &packed[static_cast<size_t>(grp)];
      q.y = y + (n * g.out_c + grp * cout_g) * plane;
      RunIgemmConvGroup(g, a, q);
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
    if (!packed_ || p.cache_key.empty()) packed_ = PackIgemmConvFilter(*p.filter, g, *a, p.weights_scope, p.cache_key);
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
