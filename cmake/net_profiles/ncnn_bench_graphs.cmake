# The ops the ncnn importer emits for ncnn's benchmark graphs (shared/bench/ncnn):
# `tools/build.sh linux ncnn_bench_graphs` builds test_ncnn_bench_graphs_net with only these.
set(EMBER_NET_OPS
  feed fetch layout_transform conv2d depthwise_conv2d conv2d_transpose depthwise_conv2d_transpose pool2d fc batch_norm lrn
  layer_norm prelu relu leaky_relu clip sigmoid tanh abs hard_sigmoid hard_swish swish gelu scale pow
  elementwise_add elementwise_sub elementwise_mul elementwise_div elementwise_max elementwise_min
  elementwise_pow concat split slice assign reshape2 transpose2 squeeze2 unsqueeze2 nearest_interp_v2
  bilinear_interp_v2 pad2d pad3d reduce_sum reduce_mean reduce_max shuffle_channel softmax
  ncnn_prior_box ncnn_detection_output ncnn_yolo_detection_output ncnn_shuffle_channel floor ceil round
  trunc square rsqrt
  reciprocal sin cos tan asin acos atan log10
)
# The formats its models come in: only these loaders are built (src/io/<format>/).
set(EMBER_NET_FORMATS ncnn)
