// fold_conv_bias: conv2d / depthwise_conv2d / quantized_conv2d [+ Bias] + elementwise_add of a per-channel or
// scalar weight -> the conv with Bias (the sum, when it had one).
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {

Status FoldConvBiasPass(ProgramDesc* program, Scope* weights) {
  using namespace passes;
  BlockDesc& b = program->block0();
  FuseSoleReaders(
      program,
      [&](const OpDesc& op) {
        return ConvWeightChannels(op, *weights) > 0 && !HasFusedActivation(op) ? "Output" : nullptr;
      },
      [&](OpDesc& conv, const OpDesc& add, size_t, const Uses&, std::set<std::string>*) {
        const int64_t cout = ConvWeightChannels(conv, *weights);
        std::vector<float> add_c;
        if (add.type != "elementwise_add" || !ChannelOperand(add, *weights, cout, &add_c)) return false;
        const Tensor* old = conv.HasInput("Bias") ? Weight(*weights, conv.Input("Bias")[0]) : nullptr;
        if (conv.HasInput("Bias") && (!old || old->numel() != cout)) return false;
        Tensor bias(DataType::kFloat32, {cout});
        float* bf = bias.mutable_data<float>();
        for (int64_t c = 0; c < cout; ++c) bf[c] = add_c[static_cast<size_t>(c)] + (old ? old->data<float>()[c] : 0.f);
        conv.SetInput("Bias", {AddWeight(&b, weights, add.Output("Out")[0] + ".bias", std::move(bias))});
        conv.SetOutput("Output", add.Output("Out"));
        return true;
      });
  return Status::OK();
}

}  // namespace ember
