/* The C API from plain C99: load the trained MNIST model, run the reference input, check the answer (3)
 * and the reference output; then check that errors come back as codes with messages. Prints
 * "N passed, N failed". Usage: test_c_api MODELS_DIR */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/ember_c.h"

static int passed = 0, failed = 0;
#define EXPECT(cond)                                                        \
  do {                                                                      \
    if (cond) {                                                             \
      ++passed;                                                             \
    } else {                                                                \
      ++failed;                                                             \
      printf("FAILED line %d: %s (%s)\n", __LINE__, #cond, ember_last_error()); \
    }                                                                       \
  } while (0)

static ember_status noop_op(ember_op_context* ctx, void* user_data) {
  (void)ctx;
  (void)user_data;
  return EMBER_OK;
}

static int read_floats(const char* path, float* out, size_t n) {
  FILE* f = fopen(path, "rb");
  if (!f) return 0;
  size_t got = fread(out, sizeof(float), n, f);
  fclose(f);
  return got == n;
}

int main(int argc, char** argv) {
  const char* env = getenv("EMBER_MODELS_DIR");
  const char* models = env && *env ? env : argc > 1 ? argv[1] : "../shared/models";
  char dir[1024], path[1200];
  snprintf(dir, sizeof dir, "%s/paddle/mnist_mlp_handwriting", models);
  float input[784], want[10];
  snprintf(path, sizeof path, "%s/refdata_npref/input_image.bin", dir);
  if (!read_floats(path, input, 784)) {
    printf("shared models not found at %s (set EMBER_MODELS_DIR)\n0 passed, 1 failed\n", models);
    return 1;
  }
  snprintf(path, sizeof path, "%s/refdata_npref/output_save_infer_model_scale_0.tmp_4.bin", dir);
  EXPECT(read_floats(path, want, 10));

  ember_model* model = NULL;
  EXPECT(ember_model_load(dir, NULL, &model) == EMBER_OK);
  if (!model) return 1;
  EXPECT(ember_model_num_inputs(model) == 1);
  EXPECT(strcmp(ember_model_input_name(model, 0), "image") == 0);
  EXPECT(ember_model_input_name(model, 5) == NULL);
  EXPECT(ember_model_num_outputs(model) == 1);
  const char* out_name = ember_model_output_name(model, 0);

  ember_predictor* pred = NULL;
  EXPECT(ember_predictor_create(model, 2, &pred) == EMBER_OK);
  int64_t dims[4] = {1, 1, 28, 28};
  EXPECT(ember_predictor_set_input(pred, "image", input, dims, 4) == EMBER_OK);
  EXPECT(ember_predictor_run(pred) == EMBER_OK);
  const float* out = NULL;
  const int64_t* out_dims = NULL;
  int rank = 0;
  EXPECT(ember_predictor_get_output(pred, out_name, &out, &out_dims, &rank) == EMBER_OK);
  EXPECT(rank == 2 && out_dims[0] == 1 && out_dims[1] == 10);
  int best = 0;
  float worst = 0;
  for (int i = 0; i < 10; ++i) {
    if (out[i] > out[best]) best = i;
    if (fabsf(out[i] - want[i]) > worst) worst = fabsf(out[i] - want[i]);
  }
  EXPECT(best == 3);
  EXPECT(worst < 1e-4f);

  /* Errors: codes and messages, never crashes. */
  EXPECT(ember_predictor_set_input(pred, "nope", input, dims, 4) == EMBER_NOT_FOUND);
  EXPECT(strstr(ember_last_error(), "nope") != NULL);
  EXPECT(ember_predictor_set_input(pred, "image", NULL, dims, 4) == EMBER_INVALID_ARGUMENT);
  int64_t bad_rank[2] = {1, 784};
  EXPECT(ember_predictor_set_input(pred, "image", input, bad_rank, 2) == EMBER_INVALID_ARGUMENT);
  EXPECT(ember_predictor_get_output(pred, "missing_var", &out, &out_dims, &rank) == EMBER_NOT_FOUND);
  ember_model* bad = NULL;
  EXPECT(ember_model_load("/nonexistent/model", NULL, &bad) == EMBER_NOT_FOUND);
  EXPECT(bad == NULL);
  EXPECT(ember_model_load_from_memory("garbage!", 8, NULL, 0, &bad) == EMBER_PARSE_ERROR);
  EXPECT(strstr(ember_last_error(), "not a Paddle ProgramDesc") != NULL);
  ember_predictor* none = NULL;
  EXPECT(ember_predictor_create(model, 0, &none) == EMBER_INVALID_ARGUMENT);
  EXPECT(none == NULL);
  EXPECT(ember_predictor_run(NULL) == EMBER_INVALID_ARGUMENT);
  /* Custom ops: registered in a build with the registry (test_c_custom_op runs them), refused with a message
   * saying how to build it in otherwise (EMBER_TEST_CUSTOM_OPS is the build's EMBER_CUSTOM_OPS). */
#if EMBER_TEST_CUSTOM_OPS
  EXPECT(ember_register_op("c_api_noop", noop_op, noop_op, NULL) == EMBER_OK);
#else
  EXPECT(ember_register_op("c_api_noop", noop_op, noop_op, NULL) == EMBER_UNIMPLEMENTED);
  EXPECT(strstr(ember_last_error(), "custom ops are not in this build") != NULL);
  EXPECT(strstr(ember_last_error(), "EMBER_NET_CUSTOM_OPS") != NULL);
#endif

  ember_predictor_free(pred);
  ember_model_free(model);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
