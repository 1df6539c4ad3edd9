// Outputs are arrays of OUT_T: float, or with -DHALF_OUT (the NAME_th variant: texel reads, half writes) IEEE
// halves through 16-bit storage (PredictorOptions::vulkan_fp16_activations); stores convert with OUT_T(v).
#ifdef HALF_OUT
#extension GL_EXT_shader_16bit_storage : require
#define OUT_T float16_t
#else
#define OUT_T float
#endif
// Shared by the compute shaders: the activation formulas of src/operators/activation_op.h (the codes are
// ActivationType's values; vk_activation.cpp checks them at compile time and lists the supported ones).
#define ACT_NONE 0
#define ACT_RELU 1
#define ACT_RELU6 2
#define ACT_LEAKY_RELU 3
#define ACT_SIGMOID 4
#define ACT_TANH 5
#define ACT_SWISH 6
#define ACT_HARD_SWISH 7
#define ACT_HARD_SIGMOID 8
#define ACT_GELU_TANH 10
#define ACT_EXP 11
#define ACT_ABS 14
#define ACT_SCALE 16
#define ACT_CLIP 18
#define ACT_ELU 20

float sigmoid_of(float v) { return 1.0 / (1.0 + exp(-v)); }

// tanh through exp of a negative argument only (GLSL's tanh overflows to NaN on some drivers for large |v|).
float safe_tanh(float v) {
  float e = exp(-2.0 * abs(v));
  return sign(v) * (1.0 - e) / (1.0 + e);
}

float activate(int type, float a, float b, float c, float v) {
  switch (type) {
    case ACT_RELU: return max(v, 0.0);
    case ACT_RELU6: return min(max(v, 0.0), a);
    case ACT_LEAKY_RELU: return v > 0.0 ? v : a * v;
    case ACT_SIGMOID: return sigmoid_of(v);
    case ACT_TANH: return safe_tanh(v);
    case ACT_SWISH: return v * sigmoid_of(a * v);
    case ACT_HARD_SWISH: return v * min(max(v + c, 0.0), a) / b;
    case ACT_HARD_SIGMOID: return min(max(a * v + b, 0.0), 1.0);
    case ACT_GELU_TANH: return 0.5 * v * (1.0 + safe_tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
    case ACT_EXP: return exp(v);
    case ACT_ABS: return abs(v);
    case ACT_SCALE: return a * v + b;
    case ACT_CLIP: return min(max(v, a), b);
    case ACT_ELU: return v > 0.0 ? v : a * (exp(v) - 1.0);
    default: return v;
  }
}

// The flat index of this invocation over a grid of (groups x, groups y) groups of `local` invocations.
uint flat_index(uint local) {
  return gl_GlobalInvocationID.y * gl_NumWorkGroups.x * local + gl_GlobalInvocationID.x;
}

// INPUT(binding, name) declares a read-only float input read as name_at(i). Compiled with -DTEXEL (the NAME_t
// variant cmake/vulkan.cmake builds for every shader using it) it is a uniform texel buffer: a CPU driver such as
// lavapipe fetches texels with vector gathers but loads from a storage buffer lane by lane, 2-3x slower in the
// convolutions. Without it (buffers over the device's texel limit) a storage buffer.
#ifdef TEXEL
#define INPUT(b, name) \
  layout(binding = b) uniform samplerBuffer name##_texels; \
  float name##_at(uint i) { return texelFetch(name##_texels, int(i)).r; }
#else
#define INPUT(b, name) \
  layout(std430, binding = b) readonly buffer name##_block { float name##_data[]; }; \
  float name##_at(uint i) { return name##_data[i]; }
#endif
