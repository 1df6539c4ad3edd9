#include "operators/prelu_op.h"
#include "operators/kernel/central-arm-func/prelu_func.h"

namespace ember {

template <>
Status PreluKernel<CPU, float>::Init(PreluParam*) {
  return Status::OK();
}

template <>
Status PreluKernel<CPU, float>::Compute(const PreluParam& p) {
  const DDim& d = p.x->dims();
  const int64_t batch = d.size() >= 1 ? d[0] : 1;
  const int64_t channels = d.size() >= 2 ? d[1] : 1;
  const int64_t inner = d.size() >= 2 ? d.Product(2, d.size()) : 1;
  PreluCompute(p.parsed_mode, p.x->data<float>(), p.alpha->data<float>(), p.out->mutable_data<float>(), batch,
               channels, inner);
  return Status::OK();
}

}  // namespace ember
