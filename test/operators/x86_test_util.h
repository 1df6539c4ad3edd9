// Shared by the x86 kernel tests: which ISA variants this machine can run, so every test calls each one.
#pragma once

#include <vector>

#include "conv_test_util.h"
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

}  // namespace test
}  // namespace ember
