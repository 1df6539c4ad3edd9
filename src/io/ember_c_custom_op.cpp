// The C API's custom ops: ember_register_op wraps C callbacks into ember::RegisterCustomOp, and the
// ember_op_* accessors read the op's tensors and attributes through the context the callbacks are given.
#include <deque>
#include <string>
#include <vector>

#include "io/ember.h"
#include "io/ember_c.h"

ember_status EmberCReport(const ember::Status& s);  // ember_c.cpp

struct ember_op_context {
  ember::CustomOpContext* ctx;
  bool in_compute;
  std::string error;
  // Attribute values handed out as pointers, alive for the callback.
  std::deque<std::string> strings;
  std::deque<std::vector<int64_t>> ints;
  std::deque<std::vector<float>> floats;
};

namespace {

ember::StatusCode CodeOf(ember_status s) {
  switch (s) {
    case EMBER_OK: return ember::StatusCode::kOk;
    case EMBER_INVALID_ARGUMENT: return ember::StatusCode::kInvalidArgument;
    case EMBER_NOT_FOUND: return ember::StatusCode::kNotFound;
    case EMBER_PARSE_ERROR: return ember::StatusCode::kParseError;
    case EMBER_UNIMPLEMENTED: return ember::StatusCode::kUnimplemented;
    case EMBER_OUT_OF_MEMORY: return ember::StatusCode::kOutOfMemory;
    case EMBER_INTERNAL: return ember::StatusCode::kInternal;
  }
  return ember::StatusCode::kInternal;  // a code outside the enum
}

using CFn = ember_status (*)(ember_op_context*, void*);

ember::CustomInferShapeFn Wrap(CFn fn, void* user_data, bool in_compute) {
  if (!fn) return nullptr;  // RegisterCustomOp names the missing callback
  return [fn, user_data, in_compute](ember::CustomOpContext& c) {
    ember_op_context h{&c, in_compute, {}, {}, {}, {}};
    ember_status s = fn(&h, user_data);
    if (s == EMBER_OK) return ember::Status::OK();
    std::string msg = h.error.empty() ? ember::StrCat("callback returned error code ", static_cast<int>(s)) : h.error;
    return ember::Status(CodeOf(s), ember::StrCat(in_compute ? "compute: " : "infer_shape: ", msg));
  };
}

ember_status Fail(const ember::Status& s) { return EmberCReport(s); }

ember_status View(ember::Tensor& t, const ember_op_context* ctx, bool output, int i, ember_tensor_view* out) {
  if (t.dtype() != ember::DataType::kFloat32 && !(output && ctx->in_compute))
    return Fail(ember::InvalidArgument(output ? "output " : "input ", i, " of ", ctx->ctx->name(), " is ",
                                       ember::DataTypeName(t.dtype()), ", not float32"));
  out->data = output ? (ctx->in_compute ? t.mutable_data<float>() : nullptr) : t.data<float>();
  out->dims = t.dims().vec().data();
  out->rank = t.dims().size();
  return EMBER_OK;
}

template <typename Fn>
ember_status Guard(Fn&& fn) {
  try {
    return fn();
  } catch (const std::bad_alloc&) {
    return Fail(ember::OutOfMemory("out of memory"));
  } catch (...) {
    return Fail(ember::Internal("unexpected error"));
  }
}

template <typename T>
ember_status Attr(const ember_op_context* ctx, const char* name, T* value) {
  if (!ctx || !name) return Fail(ember::InvalidArgument("ember_op_attr: ctx or name is NULL"));
  return Guard([&] { return Fail(ctx->ctx->GetAttr(name, value)); });
}

}  // namespace

extern "C" {

ember_status ember_register_op(const char* type, ember_infer_shape_fn infer_shape, ember_compute_fn compute,
                               void* user_data) {
  if (!type) return Fail(ember::InvalidArgument("ember_register_op: type is NULL"));
  return Guard([&] {
    return Fail(ember::RegisterCustomOp(type, Wrap(infer_shape, user_data, false), Wrap(compute, user_data, true)));
  });
}

const char* ember_op_type(const ember_op_context* ctx) { return ctx ? ctx->ctx->type().c_str() : nullptr; }
int ember_op_num_inputs(const ember_op_context* ctx) { return ctx ? ctx->ctx->num_inputs() : 0; }
int ember_op_num_outputs(const ember_op_context* ctx) { return ctx ? ctx->ctx->num_outputs() : 0; }

ember_status ember_op_input(const ember_op_context* ctx, int i, ember_tensor_view* out) {
  if (!ctx || !out) return Fail(ember::InvalidArgument("ember_op_input: ctx or out is NULL"));
  if (i < 0 || i >= ctx->ctx->num_inputs())
    return Fail(ember::InvalidArgument("ember_op_input: ", ctx->ctx->name(), " has no input ", i));
  // The view's data pointer is non-const for symmetry with outputs; inputs are read-only by contract.
  return Guard([&] { return View(const_cast<ember::Tensor&>(ctx->ctx->input(i)), ctx, false, i, out); });
}

ember_status ember_op_output(ember_op_context* ctx, int i, ember_tensor_view* out) {
  if (!ctx || !out) return Fail(ember::InvalidArgument("ember_op_output: ctx or out is NULL"));
  if (i < 0 || i >= ctx->ctx->num_outputs())
    return Fail(ember::InvalidArgument("ember_op_output: ", ctx->ctx->name(), " has no output ", i));
  return Guard([&] { return View(ctx->ctx->output(i), ctx, true, i, out); });
}

ember_status ember_op_set_output_shape(ember_op_context* ctx, int i, const int64_t* dims, int rank) {
  if (!ctx) return Fail(ember::InvalidArgument("ember_op_set_output_shape: ctx is NULL"));
  if (ctx->in_compute)
    return Fail(ember::InvalidArgument("ember_op_set_output_shape: only in infer_shape (", ctx->ctx->name(), ")"));
  if (i < 0 || i >= ctx->ctx->num_outputs())
    return Fail(ember::InvalidArgument("ember_op_set_output_shape: ", ctx->ctx->name(), " has no output ", i));
  if (rank < 0 || rank > 8 || (rank > 0 && !dims))
    return Fail(ember::InvalidArgument("ember_op_set_output_shape: bad rank ", rank));
  return Guard([&] {
    ember::DDim d(std::vector<int64_t>(dims, dims + rank));
    if (d.numel() < 0)
      return Fail(ember::InvalidArgument("ember_op_set_output_shape: bad dims ", d.ToString(), " for output ", i,
                                         " of ", ctx->ctx->name()));
    ctx->ctx->output(i).Resize(d);
    ctx->ctx->output(i).set_dtype(ember::DataType::kFloat32);
    return Fail(ember::Status::OK());
  });
}

ember_status ember_op_attr_int(const ember_op_context* ctx, const char* name, int64_t* out) {
  if (!out) return Fail(ember::InvalidArgument("ember_op_attr_int: out is NULL"));
  return Attr(ctx, name, out);
}

ember_status ember_op_attr_float(const ember_op_context* ctx, const char* name, float* out) {
  if (!out) return Fail(ember::InvalidArgument("ember_op_attr_float: out is NULL"));
  return Attr(ctx, name, out);
}

ember_status ember_op_attr_string(const ember_op_context* ctx, const char* name, const char** out) {
  if (!out) return Fail(ember::InvalidArgument("ember_op_attr_string: out is NULL"));
  std::string v;
  ember_status s = Attr(ctx, name, &v);
  if (s != EMBER_OK) return s;
  return Guard([&] {
    auto* h = const_cast<ember_op_context*>(ctx);  // the cache only; the op is unchanged
    h->strings.push_back(std::move(v));
    *out = h->strings.back().c_str();
    return EMBER_OK;
  });
}

ember_status ember_op_attr_ints(const ember_op_context* ctx, const char* name, const int64_t** values, int* count) {
  if (!values || !count) return Fail(ember::InvalidArgument("ember_op_attr_ints: values or count is NULL"));
  std::vector<int64_t> v;
  ember_status s = Attr(ctx, name, &v);
  if (s != EMBER_OK) return s;
  return Guard([&] {
    auto* h = const_cast<ember_op_context*>(ctx);
    h->ints.push_back(std::move(v));
    *values = h->ints.back().data();
    *count = static_cast<int>(h->ints.back().size());
    return EMBER_OK;
  });
}

ember_status ember_op_attr_floats(const ember_op_context* ctx, const char* name, const float** values, int* count) {
  if (!values || !count) return Fail(ember::InvalidArgument("ember_op_attr_floats: values or count is NULL"));
  std::vector<float> v;
  ember_status s = Attr(ctx, name, &v);
  if (s != EMBER_OK) return s;
  return Guard([&] {
    auto* h = const_cast<ember_op_context*>(ctx);
    h->floats.push_back(std::move(v));
    *values = h->floats.back().data();
    *count = static_cast<int>(h->floats.back().size());
    return EMBER_OK;
  });
}

void ember_op_set_error(ember_op_context* ctx, const char* message) {
  if (!ctx) return;
  try {
    ctx->error = message ? message : "";
  } catch (...) {  // out of memory: the code alone is reported
  }
}

}  // extern "C"
