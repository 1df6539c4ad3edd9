// feed and fetch: markers of a program's inputs and outputs. The Executor writes inputs straight into the
// feed target and reads outputs from the fetch source, so neither op moves data; they stay registered
// ops so that programs load and profiles list them.
#pragma once

#include "framework/operator.h"

namespace ember {

struct FeedFetchParam {
  Status Bind(ParamBinder*) { return Status::OK(); }
};

template <typename Device, typename T>
class FeedFetchKernel {
 public:
  Status Init(FeedFetchParam*) { return Status::OK(); }
  Status Compute(const FeedFetchParam&) { return Status::OK(); }
};

class FeedFetchOp : public OperatorWithKernel<CPU, FeedFetchParam, FeedFetchKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override { return Status::OK(); }
};

}  // namespace ember
