# mnist_mlp_handwriting: mul + elementwise_add + relu + softmax (+ scale); fc is what the passes fuse to.
set(EMBER_NET_OPS feed fetch mul elementwise_add relu softmax scale fc)
# The formats its model comes in: only these loaders are built (src/io/<format>/).
set(EMBER_NET_FORMATS paddle)
