// The x86 folder's entries in the CPU kernels' dispatch table (kernel/cpu_accel.h).
#pragma once

#include "operators/kernel/cpu_accel.h"

namespace ember {
namespace x86 {

// Points t's entries at the x86 kernels; each reads ActiveIsa() (EMBER_ISA, SetActiveIsa) on every call.
// Called once, by the registry (kernel/cpu_accel.cpp).
void FillCpuAccel(CpuAccelTable* t);

}  // namespace x86
}  // namespace ember
