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

/* ----- Custom ops (the C side of ember::RegisterCustomOp, src/framework/custom_op.h) -----
 * An op type Ember lacks, implemented by the application: a Paddle op, an ONNX node (any domain) or an ncnn
 * layer of that type runs these callbacks. Register before loading the models that use it; registration is
 * process-wide and permanent (user_data must stay valid) and callbacks may run on several threads at once.
 * Inputs and outputs are float32. A callback returns EMBER_OK or an error code, with a message set through
 * ember_op_set_error; Ember reports it from load or run naming the op. */
typedef struct ember_op_context ember_op_context;

/* A tensor seen by a callback. An input's data is read-only; an output's data is NULL in infer_shape. Valid during
 * the callback only. */
typedef struct {
  float* data;
  const int64_t* dims;
  int rank;
} ember_tensor_view;

/* Sets every output's shape (ember_op_set_output_shape) from the inputs and attributes. */
typedef ember_status (*ember_infer_shape_fn)(ember_op_context* ctx, void* user_data);
/* Writes the outputs, which have storage for the shapes infer_shape set. */
typedef ember_status (*ember_compute_fn)(ember_op_context* ctx, void* user_data);

/* EMBER_INVALID_ARGUMENT for a NULL or empty type, a NULL callback, a type this build has as an op or one already
 * registered; EMBER_UNIMPLEMENTED in a build without the custom op registry (a net profile whose models run no
 * custom op: EMBER_CUSTOM_OPS). */
ember_status ember_register_op(const char* type, ember_infer_shape_fn infer_shape, ember_compute_fn compute,
                               void* user_data);

const char* ember_op_type(const ember_op_context* ctx);
int ember_op_num_inputs(const ember_op_context* ctx);
int ember_op_num_outputs(const ember_op_context* ctx);
ember_status ember_op_input(const ember_op_context* ctx, int i, ember_tensor_view* out);
ember_status ember_op_output(ember_op_context* ctx, int i, ember_tensor_view* out);
ember_status ember_op_set_output_shape(ember_op_context* ctx, int i, const int64_t* dims, int rank);
/* Attributes by name: EMBER_NOT_FOUND when absent, EMBER_INVALID_ARGUMENT for another type (an int reads as
 * float too). Strings and lists point into the context, valid during the callback. */
ember_status ember_op_attr_int(const ember_op_context* ctx, const char* name, int64_t* out);
ember_status ember_op_attr_float(const ember_op_context* ctx, const char* name, float* out);
ember_status ember_op_attr_string(const ember_op_context* ctx, const char* name, const char** out);
ember_status ember_op_attr_ints(const ember_op_context* ctx, const char* name, const int64_t** values, int* count);
ember_status ember_op_attr_floats(const ember_op_context* ctx, const char* name, const float** values, int* count);
/* The message Ember reports when the callback returns an error (copied). */
void ember_op_set_error(ember_op_context* ctx, const char* message);

/* ----- Plugins: custom ops for a program that loads them at run time (`ember run --plugin LIB.so ...`) -----
 * A plugin is a shared library defining ember_plugin_init, which registers its ops (ember_register_op, or
 * ember::RegisterCustomOp from C++) and returns 0, non-zero for failure. The host dlopen()s the library and calls
 * it once, before loading models. Build the plugin from the public headers without linking Ember (e.g.
 * `cc -shared -fPIC -I include my_ops.c -o my_ops.so`): it calls the host's Ember, whose registry the models use;
 * the ember tool exports the custom op API, C and C++, and the classes its callbacks see (cmake/ember_plugin.list).
 * A C++ plugin must be built with the host's compiler and standard library (std::function, std::string cross). */
#define EMBER_PLUGIN_INIT_NAME "ember_plugin_init"
typedef int (*ember_plugin_init_fn)(void);
int ember_plugin_init(void); /* defined by the plugin, not by Ember */

#ifdef __cplusplus
}
#endif

#endif /* EMBER_C_H_ */
