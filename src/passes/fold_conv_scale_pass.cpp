// fold_conv_scale: conv2d / depthwise_conv2d [+ Bias] + elementwise_mul by a per-channel or scalar weight -> the
// conv with each output channel's filter and bias scaled (exporters write a folded batch_norm or a learnable
// scale this way; fold_conv_bias then takes the add that usually follows).
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {

Status FoldConvScalePass(ProgramDesc* program, Scope* weights) {
  using namespace passes;
  BlockDesc& b = program->block0();
  FuseSoleReaders(
      program,
      [&](const OpDesc& op) { return ConvFilter(op, *weights) && !HasFusedActivation(op) ? "Output" : nullptr; },
      [&](OpDesc& conv, const OpDesc& mul, size_t, const Uses&, std::set<std::string>*) {
        const Tensor* filter = ConvFilter(conv, *weights);
        const int64_t cout = filter->dims()[0], per_out = filter->numel() / cout;
        std::vector<float> scale;
        if (mul.type != "elementwise_mul" || !ChannelOperand(mul, *weights, cout, &scale)) return false;
        const Tensor* old = conv.HasInput("Bias") ? Weight(*weights, conv.Input("Bias")[0]) : nullptr;
        if (conv.HasInput("Bias") && (!old || old->numel() != cout)) return false;
        Tensor new_filter, bias(DataType::kFloat32, {cout});
        if (!new_filter.CopyFrom(*filter).ok()) return false;
        float* wf = new_filter.data<float>();
        for (int64_t c = 0; c < cout; ++c)
          for (int64_t k = 0; k < per_out; ++k) wf[c * per_out + k] *= scale[static_cast<size_t>(c)];
        const std::string out = mul.Output("Out")[0];
        conv.SetInput("Filter", {AddWeight(&b, weights, conv.Input("Filter")[0], std::move(new_filter))});
        if (old) {
          float* bf = bias.mutable_data<float>();
          for (int64_t c = 0; c < cout; ++c) bf[c] = old->data<float>()[c] * scale[static_cast<size_t>(c)];
          conv.SetInput("Bias", {AddWeight(&b, weights, out + ".bias", std::move(bias))});
        }
        conv.SetOutput("Output", mul.Output("Out"));
        return true;
      });
  return Status::OK();
}

}  // namespace ember
