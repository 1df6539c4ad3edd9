// Optimizer passes over a loaded program. Each rewrites block 0 of `program` and may add new weight
// variables to `weights` (never modifying existing ones, so the program as loaded still runs unchanged).
#pragma once

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace ember {

// Runs every pass below in order.
Status OptimizeProgram(ProgramDesc* program, Scope* weights);

// dropout in inference: upscale_in_train (or p = 0) is identity; downgrade_in_infer becomes scale(1-p).
Status DropoutToScalePass(ProgramDesc* program);
// Removes identity ops (scale with scale 1 and bias 0) by rewiring producers or consumers.
Status RemoveIdentityPass(ProgramDesc* program);
// conv2d/depthwise_conv2d + elementwise_add(per-channel weight) -> conv with Bias.
Status FoldConvBiasPass(ProgramDesc* program, Scope* weights);
// conv [+Bias] + batch_norm -> conv with scaled filter and bias.
Status FoldConvBatchNormPass(ProgramDesc* program, Scope* weights);
// mul / matmul / matmul_v2 + elementwise_add(bias weight) -> fc.
Status FuseFcPass(ProgramDesc* program, Scope* weights);
// conv/fc + relu/relu6/leaky_relu/hard_swish/... -> conv/fc with fuse_activation.
Status FuseActivationPass(ProgramDesc* program);

}  // namespace ember
