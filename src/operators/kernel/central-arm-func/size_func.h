// Portable size: the element count, its own reference.
#pragma once

#include "operators/size_op.h"

namespace ember {

inline Status SizeCompute(const SizeParam& p) {
  *p.out->mutable_data<int64_t>() = p.input->numel();
  return Status::OK();
}

}  // namespace ember
