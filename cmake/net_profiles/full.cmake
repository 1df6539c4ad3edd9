# Every op Ember implements (CMake checks that this names every registered op).
set(EMBER_NET_OPS
  abs arg_max assign batch_norm bilinear_interp bilinear_interp_v2 box_coder cast clip concat
  conv2d conv2d_transpose depthwise_conv2d depthwise_conv2d_transpose dropout elementwise_add
  elementwise_div elementwise_fmod elementwise_max elementwise_min elementwise_mod elementwise_mul elementwise_pow
  elementwise_sub
  exp fc feed fetch fill_constant flatten flatten2 flatten_contiguous_range gelu hard_sigmoid
  hard_swish instance_norm layer_norm leaky_relu log log_softmax lrn matmul matmul_v2 mul
  multiclass_nms multiclass_nms2 multiclass_nms3 nearest_interp nearest_interp_v2 pad2d pad3d
  pixel_shuffle pool2d pow prelu prior_box reduce_max reduce_mean reduce_min reduce_prod reduce_sum relu relu6 reshape
  reshape2 scale shape shuffle_channel sigmoid slice softmax split sqrt squeeze squeeze2 swish tanh
  transpose transpose2 unsqueeze unsqueeze2 yolo_box
  gather equal not_equal less_than less_equal greater_than greater_equal where expand_v2 tile range top_k_v2 space_to_depth depth_to_space resize erf
  logical_and logical_or logical_xor elu selu softplus softsign celu thresholded_relu strided_slice pad
  size take_along_axis tril_triu cumsum cumprod
  ncnn_prior_box ncnn_detection_output ncnn_yolo_detection_output ncnn_shuffle_channel floor ceil round trunc square rsqrt reciprocal sin cos tan asin acos atan log10
  sinh cosh asinh acosh atanh sign
  conv3d conv3d_transpose pool3d onnx_dropout layout_transform attention rms_norm rotary_embedding nll_loss
  bitwise_and bitwise_or bitwise_xor put_along_axis scatter_nd gather_nd one_hot isinf_v2 isnan_v2 group_norm
  where_index window non_max_suppression einsum determinant reverse_sequence unique
  onnx_rnn grid_sampler affine_grid center_crop_pad
  quantize_linear dequantize_linear matmul_integer conv2d_integer quantized_conv2d
  fake_quantize_abs_max fake_quantize_dequantize_abs_max fake_channel_wise_quantize_abs_max
  fake_channel_wise_quantize_dequantize_abs_max fake_quantize_range_abs_max fake_quantize_moving_average_abs_max
  fake_quantize_dequantize_moving_average_abs_max fake_dequantize_max_abs fake_channel_wise_dequantize_max_abs
)
