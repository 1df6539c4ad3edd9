/* The C API of an installed Ember from C99: classify_c MODEL INPUT.bin EXPECTED.bin as main.cpp does. */
#include <math.h>
#include <stdio.h>

#include "io/ember_c.h"

static int read_floats(const char* path, float* out, size_t n) {
  FILE* f = fopen(path, "rb");
  if (!f) return 0;
  size_t got = fread(out, sizeof(float), n, f);
  fclose(f);
  return got == n;
}

int main(int argc, char** argv) {
  float input[784], want[10];
  if (argc != 4 || !read_floats(argv[2], input, 784) || !read_floats(argv[3], want, 10)) {
    fprintf(stderr, "usage: classify_c MODEL INPUT.bin EXPECTED.bin\n");
    return 2;
  }
  ember_model* model = NULL;
  ember_predictor* pred = NULL;
  const int64_t dims[4] = {1, 1, 28, 28};
  const float* out = NULL;
  const int64_t* out_dims = NULL;
  int rank = 0;
  if (ember_model_load(argv[1], NULL, &model) != EMBER_OK || ember_predictor_create(model, 2, &pred) != EMBER_OK ||
      ember_predictor_set_input(pred, ember_model_input_name(model, 0), input, dims, 4) != EMBER_OK ||
      ember_predictor_run(pred) != EMBER_OK ||
      ember_predictor_get_output(pred, ember_model_output_name(model, 0), &out, &out_dims, &rank) != EMBER_OK) {
    fprintf(stderr, "%s\n", ember_last_error());
    return 1;
  }
  int ok = rank == 2 && out_dims[1] == 10, digit = 0;
  for (int i = 1; ok && i < 10; ++i)
    if (out[i] > out[digit]) digit = i;
  for (int i = 0; ok && i < 10; ++i) {
    if (fabsf(out[i] - want[i]) > 1e-4f) {
      fprintf(stderr, "output %d: %g, expected %g\n", i, out[i], want[i]);
      ok = 0;
    }
  }
  printf("digit %d\n", digit);
  if (ok) printf("output matches\n");
  ember_predictor_free(pred);
  ember_model_free(model);
  return ok ? 0 : 1;
}
