// The C API over Model and Predictor. Errors are kept per thread for ember_last_error().
#include "io/ember_c.h"

#include <memory>
#include <string>
#include <vector>

#include "io/ember.h"

struct ember_model {
  std::shared_ptr<const ember::Model> model;
  std::vector<std::string> inputs, outputs;
};

struct ember_predictor {
  std::unique_ptr<ember::Predictor> predictor;
};

namespace {
thread_local std::string g_last_error;
}  // namespace

// Shared with the custom op part of the C API (ember_c_custom_op.cpp).
ember_status EmberCReport(const ember::Status& s) {
  g_last_error = s.ok() ? std::string() : s.message();
  switch (s.code()) {
    case ember::StatusCode::kOk: return EMBER_OK;
    case ember::StatusCode::kInvalidArgument: return EMBER_INVALID_ARGUMENT;
    case ember::StatusCode::kNotFound: return EMBER_NOT_FOUND;
    case ember::StatusCode::kParseError: return EMBER_PARSE_ERROR;
    case ember::StatusCode::kUnimplemented: return EMBER_UNIMPLEMENTED;
    case ember::StatusCode::kOutOfMemory: return EMBER_OUT_OF_MEMORY;
    case ember::StatusCode::kInternal: return EMBER_INTERNAL;
  }
  return EMBER_INTERNAL;
}

namespace {

ember_status Report(const ember::Status& s) { return EmberCReport(s); }

ember_status Null(const char* what) { return Report(ember::InvalidArgument(what, " is NULL")); }

template <typename Fn>
ember_status Guard(Fn&& fn) {
  try {
    return fn();
  } catch (const std::bad_alloc&) {
    return Report(ember::OutOfMemory("out of memory"));
  } catch (...) {
    return Report(ember::Internal("unexpected error"));
  }
}

ember_status Wrap(std::shared_ptr<const ember::Model> m, ember_model** out) {
  auto* h = new ember_model;
  h->inputs = m->FeedNames();
  h->outputs = m->FetchNames();
  h->model = std::move(m);
  *out = h;
  return Report(ember::Status::OK());
}

}  // namespace

extern "C" {

const char* ember_last_error(void) { return g_last_error.c_str(); }

ember_status ember_model_load(const char* path, const char* params_file, ember_model** out) {
  if (!path) return Null("path");
  if (!out) return Null("out");
  return Guard([&] {
    ember::ModelOptions mo;
    if (params_file) mo.params_file = params_file;
    std::shared_ptr<const ember::Model> m;
    ember::Status s = ember::Model::Load(path, mo, &m);
    return s.ok() ? Wrap(std::move(m), out) : Report(s);
  });
}

ember_status ember_model_load_from_memory(const void* model, size_t model_size, const void* params,
                                          size_t params_size, ember_model** out) {
  if (!model) return Null("model");
  if (!out) return Null("out");
  return Guard([&] {
    std::shared_ptr<const ember::Model> m;
    ember::Status s = ember::Model::LoadFromMemory(model, model_size, params, params_size, {}, &m);
    return s.ok() ? Wrap(std::move(m), out) : Report(s);
  });
}

void ember_model_free(ember_model* model) { delete model; }

int ember_model_num_inputs(const ember_model* model) { return model ? static_cast<int>(model->inputs.size()) : 0; }
int ember_model_num_outputs(const ember_model* model) { return model ? static_cast<int>(model->outputs.size()) : 0; }

const char* ember_model_input_name(const ember_model* model, int i) {
  if (!model || i < 0 || i >= static_cast<int>(model->inputs.size())) return nullptr;
  return model->inputs[static_cast<size_t>(i)].c_str();
}

const char* ember_model_output_name(const ember_model* model, int i) {
  if (!model || i < 0 || i >= static_cast<int>(model->outputs.size())) return nullptr;
  return model->outputs[static_cast<size_t>(i)].c_str();
}

ember_status ember_predictor_create(const ember_model* model, int threads, ember_predictor** out) {
  if (!model) return Null("model");
  if (!out) return Null("out");
  if (threads < 1) return Report(ember::InvalidArgument("threads must be at least 1, got ", threads));
  return Guard([&] {
    ember::PredictorOptions po;
    po.threads = threads;
    std::unique_ptr<ember::Predictor> p;
    ember::Status s = ember::Predictor::Create(model->model, po, &p);
    if (!s.ok()) return Report(s);
    *out = new ember_predictor{std::move(p)};
    return Report(s);
  });
}

void ember_predictor_free(ember_predictor* predictor) { delete predictor; }

ember_status ember_predictor_set_input(ember_predictor* predictor, const char* name, const float* data,
                                       const int64_t* dims, int rank) {
  if (!predictor) return Null("predictor");
  if (!name) return Null("name");
  if (!data) return Null("data");
  if (rank < 0 || rank > 8 || (rank > 0 && !dims)) return Report(ember::InvalidArgument("bad rank ", rank));
  return Guard([&] {
    ember::DDim d(std::vector<int64_t>(dims, dims + rank));
    if (d.numel() < 0) return Report(ember::InvalidArgument("input '", name, "': bad dims ", d.ToString()));
    // A view of the caller's data; SetInput copies it.
    ember::Tensor t = ember::Tensor::FromExternal(const_cast<float*>(data), ember::DataType::kFloat32, d);
    return Report(predictor->predictor->SetInput(name, t));
  });
}

ember_status ember_predictor_run(ember_predictor* predictor) {
  if (!predictor) return Null("predictor");
  return Guard([&] { return Report(predictor->predictor->Run()); });
}

ember_status ember_predictor_get_output(ember_predictor* predictor, const char* name, const float** data,
                                        const int64_t** dims, int* rank) {
  if (!predictor) return Null("predictor");
  if (!name) return Null("name");
  if (!data || !dims || !rank) return Null("an output pointer");
  return Guard([&] {
    const ember::Tensor* t = nullptr;
    ember::Status s = predictor->predictor->GetOutput(name, &t);
    if (!s.ok()) return Report(s);
    if (t->dtype() != ember::DataType::kFloat32)
      return Report(ember::InvalidArgument("output '", name, "' is ", ember::DataTypeName(t->dtype()),
                                           ", not float32"));
    *data = t->data<float>();
    *dims = t->dims().vec().data();
    *rank = t->dims().size();
    return Report(s);
  });
}

}  // extern "C"
