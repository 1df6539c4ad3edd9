/* A --plugin library for test/cli/test_cli_plugin.sh, in C99 on the C API alone (built from include/, linking
 * nothing of Ember): registers the custom op my_relu, max(x, 0). Built with EMBER_TEST_PLUGIN_FAIL, its init
 * registers "relu" instead, a built-in op, which Ember refuses, and returns 1. */
#include "io/ember_c.h"

static ember_status same_shape(ember_op_context* ctx, void* user_data) {
  (void)user_data;
  ember_tensor_view in;
  ember_status s = ember_op_input(ctx, 0, &in);
  return s != EMBER_OK ? s : ember_op_set_output_shape(ctx, 0, in.dims, in.rank);
}

static ember_status relu(ember_op_context* ctx, void* user_data) {
  (void)user_data;
  ember_tensor_view in, out;
  ember_status s = ember_op_input(ctx, 0, &in);
  if (s == EMBER_OK) s = ember_op_output(ctx, 0, &out);
  if (s != EMBER_OK) return s;
  int64_t n = 1;
  for (int i = 0; i < in.rank; ++i) n *= in.dims[i];
  for (int64_t i = 0; i < n; ++i) out.data[i] = in.data[i] > 0 ? in.data[i] : 0;
  return EMBER_OK;
}

int ember_plugin_init(void) {
#ifdef EMBER_TEST_PLUGIN_FAIL
  const char* type = "relu";
#else
  const char* type = "my_relu";
#endif
  return ember_register_op(type, same_shape, relu, NULL) == EMBER_OK ? 0 : 1;
}
