#include "operators/feed_fetch_op.h"

#include "framework/op_registry.h"

namespace ember {
REGISTER_OPERATOR_CPU(feed, FeedFetchOp)
REGISTER_OPERATOR_CPU(fetch, FeedFetchOp)
}  // namespace ember
