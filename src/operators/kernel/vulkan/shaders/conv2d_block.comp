// conv2d_block.glsl at 4 pixels per invocation (its inputs through TEXEL or storage buffers).
#version 450
#extension GL_GOOGLE_include_directive : require
#define PX 4u
#include "conv2d_block.glsl"
