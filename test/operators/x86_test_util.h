// Shared by the x86 kernel tests: which ISA variants this machine can run, so every test calls each one.
#pragma once

#include <vector>

#include "operators/activation_op.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace test {

// The vector variants (AVX2, AVX-512) this machine supports; with_generic adds the plain fallback first.
inline std::vector<x86::Isa> SupportedIsas(bool with_generic) {
  std::vector<x86::Isa> v;
  for (x86::Isa i : {x86::Isa::kGeneric, x86::Isa::kAvx2, x86::Isa::kAvx512})
    if ((with_generic || i != x86::Isa::kGeneric) && x86::IsaSupported(i)) v.push_back(i);
  return v;
}

// The conv kernel tests' activations by index: 0 none, 1 relu, 2 relu6 with a low threshold (0.5, so the
// clamp is exercised), 3 leaky_relu 0.1, 4 hard_swish (applied after the kernel, never fused).
inline ActivationSpec ConvTestActivation(int i) {
  ActivationSpec a;
  if (i == 1) a.type = ActivationType::kRelu;
  if (i == 2) a.type = ActivationType::kRelu6, a.a = 0.5f;
  if (i == 3) a.type = ActivationType::kLeakyRelu, a.a = 0.1f;
  if (i == 4) a.type = ActivationType::kHardSwish, a.a = 6.f, a.b = 6.f, a.c = 3.f;
  return a;
}

}  // namespace test
}  // namespace ember
