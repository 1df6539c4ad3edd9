# paddlejs_gesture_rec: a MobileNetV2-style classifier.
set(EMBER_NET_OPS feed fetch conv2d depthwise_conv2d batch_norm relu6 elementwise_add concat mul pool2d scale fc)
# The formats its model comes in: only these loaders are built (src/io/<format>/).
set(EMBER_NET_FORMATS paddle)
