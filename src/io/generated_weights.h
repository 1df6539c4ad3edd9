// Deterministic stand-in weights for graph-only models (benchmarks, shape and coverage tests): each
// weight gets its declared shape and values scaled for the slot that reads it, so activations stay finite
// through deep networks.
#pragma once

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace ember {

Status GenerateWeights(const ProgramDesc& program, uint32_t seed, Scope* weights);

}  // namespace ember
