/* Custom ops through the C API, from plain C99: the trained ONNX MNIST CNN with its Relu nodes renamed to a custom
 * op gives the built-in model's output; an ncnn layer's params are read by name; bad registrations and failing
 * callbacks come back as codes with messages. Prints "N passed, N failed". Usage: test_c_custom_op MODELS_DIR */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/ember_c.h"

static int passed = 0, failed = 0;
#define EXPECT(cond)                                                            \
  do {                                                                          \
    if (cond) {                                                                 \
      ++passed;                                                                 \
    } else {                                                                    \
      ++failed;                                                                 \
      printf("FAILED line %d: %s (%s)\n", __LINE__, #cond, ember_last_error()); \
    }                                                                           \
  } while (0)

static char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* buf = malloc(n > 0 ? (size_t)n : 1);
  *size = buf && n > 0 ? fread(buf, 1, (size_t)n, f) : 0;
  fclose(f);
  return buf;
}

/* Output 0 takes input 0's shape. */
static ember_status same_shape(ember_op_context* ctx, void* user_data) {
  (void)user_data;
  ember_tensor_view in;
  ember_status s = ember_op_input(ctx, 0, &in);
  if (s != EMBER_OK) return s;
  return ember_op_set_output_shape(ctx, 0, in.dims, in.rank);
}

static ember_status relu(ember_op_context* ctx, void* user_data) {
  ember_tensor_view in, out;
  ember_status s = ember_op_input(ctx, 0, &in);
  if (s == EMBER_OK) s = ember_op_output(ctx, 0, &out);
  if (s != EMBER_OK) return s;
  int64_t n = 1;
  for (int i = 0; i < in.rank; ++i) n *= in.dims[i];
  for (int64_t i = 0; i < n; ++i) out.data[i] = in.data[i] > 0 ? in.data[i] : 0;
  ++*(int*)user_data;
  return EMBER_OK;
}

/* out = x * p1 + sum(p3) + p0 + count(p2); a string attribute it does not have reads as NOT_FOUND. */
static ember_status affine(ember_op_context* ctx, void* user_data) {
  int64_t p0 = 0;
  float p1 = 0, sum = 0;
  const int64_t* p2 = NULL;
  const float* p3 = NULL;
  const char* str = NULL;
  int n2 = 0, n3 = 0;
  if (ember_op_attr_int(ctx, "0", &p0) != EMBER_OK || ember_op_attr_float(ctx, "1", &p1) != EMBER_OK ||
      ember_op_attr_ints(ctx, "2", &p2, &n2) != EMBER_OK || ember_op_attr_floats(ctx, "3", &p3, &n3) != EMBER_OK)
    return EMBER_INTERNAL;
  *(int*)user_data = ember_op_attr_string(ctx, "mode", &str) == EMBER_NOT_FOUND && p2[2] == 9;
  for (int i = 0; i < n3; ++i) sum += p3[i];
  ember_tensor_view in, out;
  if (ember_op_input(ctx, 0, &in) != EMBER_OK || ember_op_output(ctx, 0, &out) != EMBER_OK) return EMBER_INTERNAL;
  for (int64_t i = 0; i < in.dims[in.rank - 1]; ++i) out.data[i] = in.data[i] * p1 + sum + (float)p0 + (float)n2;
  return EMBER_OK;
}

static ember_status refuse(ember_op_context* ctx, void* user_data) {
  (void)user_data;
  ember_op_set_error(ctx, "the shape is wrong");
  return EMBER_INVALID_ARGUMENT;
}

/* Runs a one-input model; copies up to `cap` values of output 0. */
static ember_status run(ember_model* m, const float* x, const int64_t* dims, int rank, float* y, int cap) {
  ember_predictor* p = NULL;
  ember_status s = ember_predictor_create(m, 1, &p);
  if (s == EMBER_OK) s = ember_predictor_set_input(p, ember_model_input_name(m, 0), x, dims, rank);
  if (s == EMBER_OK) s = ember_predictor_run(p);
  const float* out = NULL;
  const int64_t* out_dims = NULL;
  int out_rank = 0;
  if (s == EMBER_OK) s = ember_predictor_get_output(p, ember_model_output_name(m, 0), &out, &out_dims, &out_rank);
  for (int i = 0; s == EMBER_OK && i < cap; ++i) y[i] = out[i];
  ember_predictor_free(p);
  return s;
}

static void onnx_mnist(const char* models) {
  char path[1200];
  size_t size = 0, in_size = 0;
  snprintf(path, sizeof path, "%s/onnx/mnist/mnist.onnx", models);
  char* bytes = read_file(path, &size);
  snprintf(path, sizeof path, "%s/onnx/mnist/test_data_set_0/input_0.pb", models);
  char* input_pb = read_file(path, &in_size);
  EXPECT(bytes && input_pb && in_size > 784 * 4);
  if (!bytes || !input_pb || in_size <= 784 * 4) return;
  float x[784], want[10], got[10];
  memcpy(x, input_pb + in_size - sizeof x, sizeof x); /* the TensorProto's raw_data ends the file */
  int64_t dims[4] = {1, 1, 28, 28};
  ember_model* builtin = NULL;
  EXPECT(ember_model_load_from_memory(bytes, size, NULL, 0, &builtin) == EMBER_OK);
  EXPECT(run(builtin, x, dims, 4, want, 10) == EMBER_OK);
  ember_model_free(builtin);

  /* Node op_type "Relu" (field 4, length 4) becomes the custom op "Rect". */
  int renamed = 0;
  for (size_t i = 0; i + 6 <= size; ++i)
    if (memcmp(bytes + i, "\"\x04Relu", 6) == 0) memcpy(bytes + i + 2, "Rect", 4), ++renamed;
  EXPECT(renamed == 4);
  ember_model* custom = NULL;
  EXPECT(ember_model_load_from_memory(bytes, size, NULL, 0, &custom) == EMBER_OK);
  float worst = 0;
  EXPECT(custom && run(custom, x, dims, 4, got, 10) == EMBER_OK);
  for (int i = 0; i < 10; ++i)
    if (fabsf(got[i] - want[i]) > worst) worst = fabsf(got[i] - want[i]);
  EXPECT(worst < 1e-5f);
  ember_model_free(custom);
  free(bytes);
  free(input_pb);
}

int main(int argc, char** argv) {
  const char* env = getenv("EMBER_MODELS_DIR");
  const char* models = env && *env ? env : argc > 1 ? argv[1] : "../shared/models";
  static int relu_calls = 0, affine_ok = 0;

  /* Registration errors. */
  EXPECT(ember_register_op(NULL, same_shape, relu, &relu_calls) == EMBER_INVALID_ARGUMENT);
  EXPECT(ember_register_op("", same_shape, relu, &relu_calls) == EMBER_INVALID_ARGUMENT);
  EXPECT(ember_register_op("Rect", NULL, relu, &relu_calls) == EMBER_INVALID_ARGUMENT);
  EXPECT(strstr(ember_last_error(), "InferShape callback is null") != NULL);
  EXPECT(ember_register_op("Rect", same_shape, NULL, &relu_calls) == EMBER_INVALID_ARGUMENT);
  EXPECT(ember_register_op("relu", same_shape, relu, &relu_calls) == EMBER_INVALID_ARGUMENT);
  EXPECT(strstr(ember_last_error(), "built-in op") != NULL);
  EXPECT(ember_register_op("Rect", same_shape, relu, &relu_calls) == EMBER_OK);
  EXPECT(ember_register_op("Rect", same_shape, relu, &relu_calls) == EMBER_INVALID_ARGUMENT);
  EXPECT(strstr(ember_last_error(), "already registered") != NULL);
  EXPECT(ember_register_op("CAffine", same_shape, affine, &affine_ok) == EMBER_OK);
  EXPECT(ember_register_op("CRefuse", refuse, relu, &relu_calls) == EMBER_OK);

  onnx_mnist(models);
  EXPECT(relu_calls == 4); /* the MNIST CNN's four Relu nodes, one run */

  /* An ncnn layer of the custom type, its params by id. */
  const char* param =
      "7767517\n2 2\nInput in 0 1 data 0=4\nCAffine aff 1 1 data out 0=3 1=0.5 -23302=3,7,8,9 -23303=2,1.5,2.25\n";
  ember_model* m = NULL;
  EXPECT(ember_model_load_from_memory(param, strlen(param), "", 0, &m) == EMBER_OK);
  float x[4] = {1, -2, 0, 4}, y[4] = {0, 0, 0, 0};
  int64_t dims[2] = {1, 4};
  EXPECT(m && run(m, x, dims, 2, y, 4) == EMBER_OK);
  for (int i = 0; i < 4; ++i) EXPECT(fabsf(y[i] - (x[i] * 0.5f + 3.75f + 3 + 3)) < 1e-6f);
  EXPECT(affine_ok == 1);
  ember_model_free(m);

  /* A failing infer_shape: the run's error names the op and carries the callback's message. */
  const char* refusing = "7767517\n2 2\nInput in 0 1 data 0=4\nCRefuse r 1 1 data out\n";
  m = NULL;
  EXPECT(ember_model_load_from_memory(refusing, strlen(refusing), "", 0, &m) == EMBER_OK);
  EXPECT(m && run(m, x, dims, 2, y, 4) == EMBER_INVALID_ARGUMENT);
  EXPECT(strstr(ember_last_error(), "CRefuse") != NULL);
  EXPECT(strstr(ember_last_error(), "the shape is wrong") != NULL);
  ember_model_free(m);

  /* A layer type nobody registered. */
  const char* unknown = "7767517\n2 2\nInput in 0 1 data 0=4\nCNobody r 1 1 data out\n";
  m = NULL;
  EXPECT(ember_model_load_from_memory(unknown, strlen(unknown), "", 0, &m) == EMBER_UNIMPLEMENTED);
  EXPECT(strstr(ember_last_error(), "CNobody") != NULL);
  EXPECT(m == NULL);

  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
