# Every op Ember implements.
set(EMBER_NET_OPS ${EMBER_ALL_OPS})
