// conv2d_block.glsl at 1 pixel per invocation, for outputs of at most 64 pixels (its inputs through TEXEL or
// storage buffers).
#version 450
#extension GL_GOOGLE_include_directive : require
#define PX 1u
#include "conv2d_block.glsl"
