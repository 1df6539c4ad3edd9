#include "operators/kernel/simd/vmath.h"

namespace ember {
namespace simd {

bool VActVectorized(int type) {
  switch (type) {
    case kVLog: case kVPow: case kVSoftplus: return false;
    default: return type >= kVNone && type <= kVThresholdedRelu;
  }
}

}  // namespace simd
}  // namespace ember
