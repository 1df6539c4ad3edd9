// The optimizer stage: passes rewrite a loaded program before the Executor runs it (loader -> passes ->
// executor). Each pass rewrites block 0 and may add new weight variables to `weights` (never modifying
// existing ones, so the program as loaded still runs unchanged). One pass per file in src/passes/; PassList()
// in passes.cpp fixes their order.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace ember {

struct Pass {
  const char* name;     // what --disable-pass and ModelOptions::disabled_passes take
  const char* purpose;  // one line, for `ember inspect --passes`
  // Space-separated op types: the pass acts only on programs holding one of `acts_on`, and may then add ops
  // of the types in `emits` that the program did not have (`ember profile` lists them for slim builds).
  const char* acts_on;
  const char* emits;
  Status (*run)(ProgramDesc* program, Scope* weights);
  // Depends on the machine that runs the program (the x86 NCHW16c layout): a slim model is written before
  // such passes, and they run when it loads.
  bool target = false;
};

// Every pass, in the order OptimizeProgram runs them.
const std::vector<Pass>& PassList();

// What one pass did to the program, from the ops before and after it: per op type, how many were removed,
// added, or kept with new inputs, outputs or attributes (rewritten: a conv that absorbed a batch_norm).
struct PassReport {
  std::string pass;
  bool ran = false;  // false when disabled, or skipped for a slim model (`skipped` says why)
  const char* skipped = nullptr;
  std::map<std::string, int> removed, added, rewritten;
  bool changed() const { return !removed.empty() || !added.empty() || !rewritten.empty(); }
  std::string Summary() const;  // "removed 20 batch_norm; rewrote 20 conv2d", or "no change"
};

struct PassOptions {
  std::vector<std::string> disabled;  // pass names to skip; an unknown name is an error
  bool target_only = false;           // only the target passes (a slim model, optimized when written)
  bool skip_target = false;           // all but the target passes (writing a slim model)
};

// The op types the passes may add to a program holding `op_types` (each pass's `emits`, when the program
// holds one of its `acts_on` types), sorted.
std::vector<std::string> OpsPassesMayEmit(const std::set<std::string>& op_types);

// InvalidArgument naming the passes when a name is not one of PassList()'s.
Status CheckPassNames(const std::vector<std::string>& names);

// Runs every enabled pass in order; `reports` (when given) gets one entry per pass.
Status OptimizeProgram(ProgramDesc* program, Scope* weights, const PassOptions& options = {},
                       std::vector<PassReport>* reports = nullptr);

// The passes, callable alone (tests).
// dropout in inference: upscale_in_train (or p = 0) is identity; downgrade_in_infer becomes scale(1-p).
Status DropoutToScalePass(ProgramDesc* program, Scope* weights = nullptr);
// Removes identity ops (scale with scale 1 and bias 0) by rewiring producers or consumers.
Status RemoveIdentityPass(ProgramDesc* program, Scope* weights = nullptr);
// conv(dequantize_linear(quantize_linear(x)), dequantize_linear(int8 weight)) -> quantized_conv2d(x, weight).
Status FoldQuantizedConvPass(ProgramDesc* program, Scope* weights);
// conv [+Bias] + elementwise_mul(per-channel or scalar weight) -> conv with scaled filter and bias.
Status FoldConvScalePass(ProgramDesc* program, Scope* weights);
// conv [+Bias] + elementwise_add(per-channel or scalar weight) -> conv with Bias.
Status FoldConvBiasPass(ProgramDesc* program, Scope* weights);
// conv [+Bias] + batch_norm -> conv with scaled filter and bias.
Status FoldConvBatchNormPass(ProgramDesc* program, Scope* weights);
// mul / matmul / matmul_v2 + elementwise_add(bias weight) -> fc.
Status FuseFcPass(ProgramDesc* program, Scope* weights);
// x * sigmoid(x) -> swish(x); x * hard_sigmoid(x) -> hard_swish(x) (same slope and offset).
Status FuseGatedActivationPass(ProgramDesc* program, Scope* weights = nullptr);
// x * clip(x + c, 0, a) / b (clip or relu6; c, b scalar weights) -> hard_swish(x).
Status FuseHardSwishPass(ProgramDesc* program, Scope* weights);
// The nine-op layer norm over the last dim (mean, sub, pow 2 or d * d, mean, add eps, sqrt, div, [* gamma],
// [+ beta]) -> layer_norm with begin_norm_axis -1.
Status FuseLayerNormPass(ProgramDesc* program, Scope* weights);
// x * (1 + erf(x / sqrt 2)) * 0.5, or with x * 0.5 first -> gelu(x).
Status FuseGeluPass(ProgramDesc* program, Scope* weights);
// conv/fc/float elementwise + relu/relu6/leaky_relu/hard_swish/... -> the op with fuse_activation.
Status FuseActivationPass(ProgramDesc* program, Scope* weights = nullptr);
// Regions of 1x1 and depthwise convs (with the elementwise ops and activations between them) that have both
// kinds and at least two convs per conversion they cost run on the NCHW16c kernels: their convs get data_format
// NCHW16c, their tensors are renamed `<name>@16c`, and layout_transform ops convert at the region's borders.
// Each moved tensor's own name stays NCHW through a conversion after its writer, which the Executor runs only
// when something reads or fetches it. Only where a packed-layout kernel set is available and the build has
// layout_transform; EMBER_LAYOUT=nchw turns it off. Returns the number of ops moved in *converted when given.
Status Nchw16cLayoutPass(ProgramDesc* program, const Scope& weights, int* converted = nullptr);

}  // namespace ember
