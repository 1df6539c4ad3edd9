// Test helpers that swap the CPU acceleration table or lower a folder's level for the rest of a scope.
#pragma once

#include "operators/kernel/cpu_accel.h"

namespace ember {
namespace test {

// Runs the rest of a test with `t` as the table, the filled one again afterwards.
class ScopedAccel {
 public:
  explicit ScopedAccel(const CpuAccelTable* t) : old_(OverrideCpuAccelForTesting(t)) {}
  ~ScopedAccel() { OverrideCpuAccelForTesting(old_); }

 private:
  const CpuAccelTable* old_;
};

// Lowers the folder's level for the rest of a test (as EMBER_ISA does at start-up), then restores it.
class ScopedLevel {
 public:
  ScopedLevel(const IsaAccel& isa, int level) : isa_(isa), old_(isa.active()) { isa.set_active(level); }
  ~ScopedLevel() { isa_.set_active(old_); }

 private:
  const IsaAccel& isa_;
  int old_;
};

}  // namespace test
}  // namespace ember
