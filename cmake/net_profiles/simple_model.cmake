# pl_simple_model: conv2d -> batch_norm -> relu.
set(EMBER_NET_OPS feed fetch conv2d batch_norm relu)
# The formats its model comes in: only these loaders are built (src/io/<format>/).
set(EMBER_NET_FORMATS paddle)
