/* Ember's C API: opaque handles over the C++ Model and Predictor (src/io/ember.h), for JNI and other
 * languages. Every function returns an ember_status; on failure, ember_last_error() gives the message
 * (per thread, valid until the next Ember call on that thread). Nothing here throws or aborts.
 *
 * Contract (as in C++): a model is immutable and may be shared by threads; a predictor is used by one
 * thread at a time. Output pointers stay valid until the next set_input/run on that predictor. */
#ifndef EMBER_C_H_
#define EMBER_C_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  EMBER_OK = 0,
  EMBER_INVALID_ARGUMENT = 1,
  EMBER_NOT_FOUND = 2,
  EMBER_PARSE_ERROR = 3,
  EMBER_UNIMPLEMENTED = 4,
  EMBER_OUT_OF_MEMORY = 5,
  EMBER_INTERNAL = 6,
} ember_status;

typedef struct ember_model ember_model;
typedef struct ember_predictor ember_predictor;

const char* ember_last_error(void);

/* path: a model folder or file; params_file may be NULL. */
ember_status ember_model_load(const char* path, const char* params_file, ember_model** out);
/* The buffers are copied. Paddle (model + combined params), ONNX (params NULL) or ncnn (.param + .bin), told
 * apart by the model's first bytes; params may be NULL for a model without weights. */
ember_status ember_model_load_from_memory(const void* model, size_t model_size, const void* params,
                                          size_t params_size, ember_model** out);
void ember_model_free(ember_model* model);
int ember_model_num_inputs(const ember_model* model);
const char* ember_model_input_name(const ember_model* model, int i); /* NULL when out of range */
int ember_model_num_outputs(const ember_model* model);
const char* ember_model_output_name(const ember_model* model, int i);

ember_status ember_predictor_create(const ember_model* model, int threads, ember_predictor** out);
void ember_predictor_free(ember_predictor* predictor);
/* Copies rank dims and the float32 data. */
ember_status ember_predictor_set_input(ember_predictor* predictor, const char* name, const float* data,
                                       const int64_t* dims, int rank);
ember_status ember_predictor_run(ember_predictor* predictor);
/* A float32 output: data, dims and rank point into the predictor. */
ember_status ember_predictor_get_output(ember_predictor* predictor, const char* name, const float** data,
                                        const int64_t** dims, int* rank);

#ifdef __cplusplus
}
#endif

#endif /* EMBER_C_H_ */
