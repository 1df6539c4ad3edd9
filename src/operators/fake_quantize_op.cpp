#include "operators/fake_quantize_op.h"

#include <string>

#include "framework/op_registry.h"

namespace ember {

namespace {

// X around `axis` (negative counts from the end); false when the axis is out of range.
bool ResolveChannels(const DDim& x, int64_t axis, ChannelLayout* L) {
  const int rank = x.size();
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) return false;
  const int a = static_cast<int>(axis);
  L->outer = x.Product(0, a);
  L->channels = x[a];
  L->inner = x.Product(a + 1, rank);
  return true;
}

}  // namespace

Status FakeQuantizeParam::Bind(ParamBinder* b) {
  const std::string& type = b->op().type;
  per_channel = type.rfind("fake_channel_wise_", 0) == 0;
  dequantize = type.find("quantize_dequantize") != std::string::npos;
  scale_from_input =
      type.find("range_abs_max") != std::string::npos || type.find("moving_average") != std::string::npos;
  x = b->Input("X");
  in_scale = scale_from_input ? b->Input("InScale") : nullptr;
  out = b->Output("Out");
  AttrReader& a = b->attrs();
  bit_length = a.Int("bit_length", 8);
  round_type = a.Int("round_type", 1);
  quant_axis = a.Int("quant_axis", 0);
  const auto& names = b->op().Output("OutScale");
  if (per_channel && !dequantize && a.Bool("is_test", false) && names.size() == 1)
    if (const Variable* v = b->weights_scope()->FindVar(names[0])) stored_scales = &v->Get();
  if (!scale_from_input && !stored_scales) out_scale = b->OptionalOutput("OutScale");
  return Status::OK();
}

Status FakeQuantizeOp::InferShape() {
  FakeQuantizeParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK(p.bit_length >= 2 && p.bit_length <= 16, "attribute bit_length must be in [2, 16], got ", p.bit_length);
  EMBER_CHECK(p.round_type == 0 || p.round_type == 1, "attribute round_type must be 0 (ties to even) or 1 (ties",
              " away from zero), got ", p.round_type);
  p.layout = ChannelLayout();
  p.layout.outer = p.x->numel();
  if (p.per_channel) {
    EMBER_CHECK(p.quant_axis == 0 || p.quant_axis == 1, "attribute quant_axis must be 0 or 1, got ", p.quant_axis);
    EMBER_CHECK(ResolveChannels(p.x->dims(), p.quant_axis, &p.layout), "attribute quant_axis = ", p.quant_axis,
                " is out of range for X ", p.x->dims().ToString());
  }
  if (p.stored_scales) {
    EMBER_CHECK_DTYPE(p.stored_scales, DataType::kFloat32, "OutScale (the stored scales)");
    EMBER_CHECK(p.stored_scales->numel() == p.layout.channels, "OutScale (the stored scales) must hold one value per",
                " channel (", p.layout.channels, "), got ", p.stored_scales->dims().ToString());
  }
  if (p.in_scale) {
    EMBER_CHECK_DTYPE(p.in_scale, DataType::kFloat32, "input InScale");
    EMBER_CHECK(p.in_scale->numel() == 1, "input InScale must hold one value, got ", p.in_scale->dims().ToString());
  }
  p.out->Resize(p.x->dims());
  p.out->set_dtype(DataType::kFloat32);
  if (p.out_scale) {
    p.out_scale->Resize(DDim({p.layout.channels}));
    p.out_scale->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

Status FakeDequantizeParam::Bind(ParamBinder* b) {
  channel_wise = b->op().type == "fake_channel_wise_dequantize_max_abs";
  x = b->Input("X");
  scales = channel_wise ? b->Inputs("Scales") : std::vector<const Tensor*>{b->Input("Scale")};
  out = b->Output("Out");
  AttrReader& a = b->attrs();
  max_range = a.Float("max_range", 0.f);
  quant_bits = a.Ints("quant_bits", {8});
  quant_axis = a.Int("quant_axis", 0);
  x_num_col_dims = a.Int("x_num_col_dims", 1);
  return Status::OK();
}

Status FakeDequantizeOp::InferShape() {
  FakeDequantizeParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  for (const Tensor* s : p.scales) EMBER_CHECK_DTYPE(s, DataType::kFloat32, "input Scales");
  p.layout = ChannelLayout();
  p.layout.outer = p.x->numel();
  if (!p.channel_wise) {
    EMBER_CHECK(p.scales[0]->numel() == 1, "input Scale must hold one value, got ", p.scales[0]->dims().ToString());
    EMBER_CHECK(p.max_range > 0, "attribute max_range must be positive, got ", p.max_range);
    p.divisor = p.max_range;
  } else {
    EMBER_CHECK(p.scales.size() == 1 || p.scales.size() == 2, "input Scales must be 1 or 2 tensors, got ",
                p.scales.size());
    EMBER_CHECK(p.quant_bits.size() >= p.scales.size(), "attribute quant_bits needs one value per Scales tensor");
    const int64_t axis = p.scales.size() == 2 ? p.x_num_col_dims : p.quant_axis;
    EMBER_CHECK(ResolveChannels(p.x->dims(), axis, &p.layout), "channel axis ", axis, " is out of range for X ",
                p.x->dims().ToString());
    EMBER_CHECK(p.scales[0]->numel() == p.layout.channels, "input Scales[0] must hold one value per channel (",
                p.layout.channels, "), got ", p.scales[0]->dims().ToString());
    if (p.scales.size() == 2)
      EMBER_CHECK(p.scales[1]->numel() == 1, "input Scales[1] must hold one value, got ",
                  p.scales[1]->dims().ToString());
    p.divisor = 1;
    for (size_t i = 0; i < p.scales.size(); ++i) {
      EMBER_CHECK(p.quant_bits[i] >= 2 && p.quant_bits[i] <= 16, "attribute quant_bits must be in [2, 16], got ",
                  p.quant_bits[i]);
      p.divisor *= static_cast<float>((1 << (p.quant_bits[i] - 1)) - 1);
    }
  }
  p.out->Resize(p.x->dims());
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(fake_quantize_abs_max, FakeQuantizeOp)
REGISTER_OPERATOR_CPU(fake_quantize_dequantize_abs_max, FakeQuantizeOp)
REGISTER_OPERATOR_CPU(fake_channel_wise_quantize_abs_max, FakeQuantizeOp)
REGISTER_OPERATOR_CPU(fake_channel_wise_quantize_dequantize_abs_max, FakeQuantizeOp)
REGISTER_OPERATOR_CPU(fake_quantize_range_abs_max, FakeQuantizeOp)
REGISTER_OPERATOR_CPU(fake_quantize_moving_average_abs_max, FakeQuantizeOp)
REGISTER_OPERATOR_CPU(fake_quantize_dequantize_moving_average_abs_max, FakeQuantizeOp)
REGISTER_OPERATOR_CPU(fake_dequantize_max_abs, FakeDequantizeOp)
REGISTER_OPERATOR_CPU(fake_channel_wise_dequantize_max_abs, FakeDequantizeOp)

}  // namespace ember
