# Every op Ember implements. A test checks that this list names every registered op.
set(EMBER_NET_OPS
  feed fetch
  relu
)
