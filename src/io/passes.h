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
// Regions of 1x1 and depthwise convs (with the elementwise ops and activations between them) that have both
// kinds and at least two convs per conversion they cost run on the NCHW16c kernels: their convs get data_format NCHW16c, their tensors are renamed
// `<name>@16c`, and layout_transform ops convert at the region's borders. Each moved tensor's own name stays
// NCHW through a conversion after its writer, which the Executor runs only when something reads or fetches it
// (the Executor runs only the ops a Run's targets need).
// Only on x86 builds with AVX2 or AVX-512 active that have layout_transform; EMBER_LAYOUT=nchw turns it off.
// Returns the number of ops moved to NCHW16c in *converted when given.
Status Nchw16cLayoutPass(ProgramDesc* program, const Scope& weights, int* converted = nullptr);

}  // namespace ember
