# pl_simple_model: conv2d -> batch_norm -> relu.
set(EMBER_NET_OPS feed fetch conv2d batch_norm relu)
