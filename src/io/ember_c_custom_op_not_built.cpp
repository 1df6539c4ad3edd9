// The C API's custom ops in a build without the custom op registry (EMBER_CUSTOM_OPS off, as
// framework/custom_op_not_built.cpp): ember_register_op fails saying how to build the registry in, and since no
// op of this build is a custom op, no callback ever gets an ember_op_context: the accessors only answer that.
#include "framework/op_registry.h"
#include "io/ember.h"
#include "io/ember_c.h"

ember_status EmberCReport(const ember::Status& s);  // ember_c.cpp

namespace {

ember_status NoContext() {
  return EmberCReport(ember::InvalidArgument("ember_op_*: no custom op runs in this build (net profile '",
                                             ember::kNetProfile, "' has no custom op registry)"));
}

}  // namespace

extern "C" {

ember_status ember_register_op(const char* type, ember_infer_shape_fn, ember_compute_fn, void*) {
  return EmberCReport(ember::RegisterCustomOp(type ? type : "", nullptr, nullptr));
}

const char* ember_op_type(const ember_op_context*) { return nullptr; }
int ember_op_num_inputs(const ember_op_context*) { return 0; }
int ember_op_num_outputs(const ember_op_context*) { return 0; }
ember_status ember_op_input(const ember_op_context*, int, ember_tensor_view*) { return NoContext(); }
ember_status ember_op_output(ember_op_context*, int, ember_tensor_view*) { return NoContext(); }
ember_status ember_op_set_output_shape(ember_op_context*, int, const int64_t*, int) { return NoContext(); }
ember_status ember_op_attr_int(const ember_op_context*, const char*, int64_t*) { return NoContext(); }
ember_status ember_op_attr_float(const ember_op_context*, const char*, float*) { return NoContext(); }
ember_status ember_op_attr_string(const ember_op_context*, const char*, const char**) { return NoContext(); }
ember_status ember_op_attr_ints(const ember_op_context*, const char*, const int64_t**, int*) { return NoContext(); }
ember_status ember_op_attr_floats(const ember_op_context*, const char*, const float**, int*) { return NoContext(); }
void ember_op_set_error(ember_op_context*, const char*) {}

}  // extern "C"
