#include "operators/slice_op.h"
#include "operators/kernel/central-arm-func/slice_func.h"

namespace ember {

template <>
Status SliceKernel<CPU, float>::Init(SliceParam*) {
  return Status::OK();
}

template <>
Status SliceKernel<CPU, float>::Compute(const SliceParam& p) {
  SliceBytes(static_cast<const char*>(p.input->raw_data()), p.input->dims().vec(), p.begin, p.size,
             SizeOf(p.input->dtype()), static_cast<char*>(p.out->raw_data()));
  return Status::OK();
}

}  // namespace ember
