// fold_conv_bias: conv2d / depthwise_conv2d + elementwise_add of a per-channel weight -> the conv with Bias.
#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// Whether `bias` added with `axis` adds one value per output channel of a conv with `cout` outputs.
bool PerChannel(const DDim& bd, int64_t axis, int64_t cout) {
  return (axis == 1 && (bd.size() == 1 || (bd.size() >= 1 && bd[0] == cout))) ||
         ((axis == -1 || axis == 1) && bd.size() == 4 && bd[1] == cout) ||
         (axis == -1 && bd.size() == 3 && bd[0] == cout);
}

}  // namespace

Status FoldConvBiasPass(ProgramDesc* program, Scope* weights) {
  BlockDesc& b = program->block0();
  FuseSoleReaders(
      program,
      [&](const OpDesc& op) { return ConvFilter(op, *weights) && !op.HasInput("Bias") ? "Output" : nullptr; },
      [&](OpDesc& conv, const OpDesc& add, size_t, const Uses&, std::set<std::string>*) {
        if (add.type != "elementwise_add" || add.Input("X").size() != 1 || add.Input("Y").size() != 1 ||
            HasFusedActivation(add))
          return false;
        const Tensor* bias = Weight(*weights, add.Input("Y")[0]);
        const int64_t cout = ConvFilter(conv, *weights)->dims()[0];
        if (!bias || bias->numel() != cout || !PerChannel(bias->dims(), AxisAttr(add, -1), cout)) return false;
        std::string bias_name = add.Input("Y")[0];
        if (bias->dims().size() != 1) {  // give the conv a plain [Cout] bias
          Tensor flat;
          if (!flat.CopyFrom(*bias).ok()) return false;
          flat.Resize({cout});
          bias_name = AddWeight(&b, weights, bias_name, std::move(flat));
        }
        conv.SetInput("Bias", {bias_name});
        conv.SetOutput("Output", add.Output("Out"));
        return true;
      });
  return Status::OK();
}

}  // namespace ember
