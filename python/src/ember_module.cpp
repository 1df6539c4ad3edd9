// The Python module `ember._ember` (pybind11) over the C++ API (src/io/ember.h): Model, Predictor, and
// ember.Error carrying the native message and status code. python/ember/__init__.py re-exports it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "framework/op_registry.h"
#include "io/ember.h"

namespace py = pybind11;

namespace ember {
namespace {

// What a failed Status becomes in C++ before pybind11 turns it into ember.Error (see the translator below).
struct StatusError {
  Status status;
};

void Check(const Status& s) {
  if (!s.ok()) throw StatusError{s};
}

// numpy's dtype for each element type Ember holds (float16 tensors hold their values as float32).
py::dtype NumpyDtype(DataType t) {
  switch (t) {
    case DataType::kFloat32: return py::dtype::of<float>();
    case DataType::kFloat16: return py::dtype("float16");
    case DataType::kInt8: return py::dtype::of<int8_t>();
    case DataType::kUInt8: return py::dtype::of<uint8_t>();
    case DataType::kInt32: return py::dtype::of<int32_t>();
    case DataType::kInt64: return py::dtype::of<int64_t>();
    case DataType::kBool: return py::dtype::of<bool>();
  }
  return py::dtype::of<float>();
}

// The Ember element type of a numpy array; false for types Ember does not take as input.
bool EmberDtype(const py::array& a, DataType* out) {
  const std::pair<py::dtype, DataType> known[] = {
      {py::dtype::of<float>(), DataType::kFloat32},  {py::dtype::of<int64_t>(), DataType::kInt64},
      {py::dtype::of<int32_t>(), DataType::kInt32},  {py::dtype::of<bool>(), DataType::kBool},
      {py::dtype::of<uint8_t>(), DataType::kUInt8},  {py::dtype::of<int8_t>(), DataType::kInt8}};
  for (const auto& k : known)
    if (a.dtype().is(k.first) || a.dtype().equal(k.first)) return *out = k.second, true;
  return false;
}

// A Tensor over the array's memory (no copy when it is C-contiguous; SetInput copies it once into the predictor).
// *held keeps a contiguous copy alive when one had to be made.
Tensor InputTensor(const std::string& name, const py::handle& value, py::array* held) {
  if (!py::isinstance<py::array>(value))
    throw py::type_error("input '" + name + "': expected a numpy array, got " +
                         std::string(py::str(py::type::of(value).attr("__name__"))));
  py::array a = py::reinterpret_borrow<py::array>(value);
  DataType t;
  if (!EmberDtype(a, &t))
    throw py::type_error("input '" + name + "': numpy dtype " + std::string(py::str(a.dtype())) +
                         " is not taken; use float32, int64, int32, bool, uint8 or int8 (e.g. .astype(np.float32))");
  if (!(a.flags() & py::array::c_style)) a = py::array::ensure(a, py::array::c_style);
  *held = a;
  std::vector<int64_t> dims(a.shape(), a.shape() + a.ndim());
  return Tensor::FromExternal(const_cast<void*>(a.data()), t, DDim(dims));
}

// A numpy array over the tensor's storage, which the array then owns (Predictor::TakeOutput gave it up).
py::array OutputArray(Tensor t) {
  std::vector<py::ssize_t> shape(t.dims().size());
  for (int i = 0; i < t.dims().size(); ++i) shape[i] = t.dims()[i];
  if (t.dtype() == DataType::kFloat16) {  // held as float32 values rounded to half: numpy float16 is exact
    py::array_t<float> f(shape);
    if (t.numel() > 0) std::memcpy(f.mutable_data(), t.raw_data(), static_cast<size_t>(t.numel()) * sizeof(float));
    return f.attr("astype")("float16");
  }
  if (t.numel() == 0) return py::array(NumpyDtype(t.dtype()), shape);
  auto* held = new Tensor(std::move(t));
  py::capsule owner(held, [](void* p) { delete static_cast<Tensor*>(p); });
  return py::array(NumpyDtype(held->dtype()), shape, held->raw_data(), owner);
}

py::dict VarInfo(const BlockDesc& block, const std::string& name) {
  py::dict d;
  const VarDesc* v = block.FindVar(name);
  d["name"] = name;
  d["shape"] = v ? py::cast(v->dims) : py::none();  // -1 for a dim the model leaves open
  d["dtype"] = v ? std::string(VarDataTypeName(v->dtype)) : std::string("?");
  return d;
}

py::dict OpCounts(const ProgramDesc& p) {
  py::dict d;
  for (const auto& kv : p.OpTypeCounts()) d[py::str(kv.first)] = kv.second;
  return d;
}

// A Predictor behind a mutex: Python threads that share one wait for each other instead of corrupting it.
class PyPredictor {
 public:
  explicit PyPredictor(std::unique_ptr<Predictor> p) : p_(std::move(p)) {}

  py::dict Run(const py::dict& inputs, const std::vector<std::string>& outputs) {
    std::unique_lock<std::mutex> lock = Lock();
    for (const auto& kv : inputs) {
      std::string name = py::str(kv.first);
      py::array held;
      Tensor t = InputTensor(name, kv.second, &held);
      Check(p_->SetInput(name, t));
    }
    Status s;
    {
      py::gil_scoped_release release;
      s = p_->Run(outputs);
    }
    Check(s);
    py::dict out;
    for (const auto& name : outputs.empty() ? p_->FetchNames() : outputs) {
      Tensor t;
      Check(p_->TakeOutput(name, &t));
      out[py::str(name)] = OutputArray(std::move(t));
    }
    return out;
  }

  py::list Profile() {
    std::unique_lock<std::mutex> lock = Lock();
    py::list rows;
    for (const OpProfile& op : p_->LastProfile()) {
      py::dict r;
      r["op"] = op.op ? op.op->type : std::string();
      r["ms"] = op.ms;
      r["kernel"] = op.kernel;
      rows.append(r);
    }
    return rows;
  }

  py::dict Memory() {
    std::unique_lock<std::mutex> lock = Lock();
    PredictorMemory m = p_->Memory();
    py::dict d;
    d["arena_bytes"] = m.arena_bytes;
    d["lower_bound"] = m.lower_bound;
    d["naive_bytes"] = m.naive_bytes;
    return d;
  }

 private:
  // Waits for the mutex without the GIL: the thread holding it needs the GIL back when its Run ends.
  std::unique_lock<std::mutex> Lock() {
    py::gil_scoped_release release;
    return std::unique_lock<std::mutex>(mu_);
  }

  std::mutex mu_;
  std::unique_ptr<Predictor> p_;
};

ModelOptions Options(bool optimize, bool generate_weights, const std::vector<std::string>& disabled_passes) {
  ModelOptions o;
  o.optimize = optimize;
  o.generate_weights = generate_weights;
  o.disabled_passes = disabled_passes;
  return o;
}

std::shared_ptr<const Model> LoadModel(const std::string& path, const std::string& params, bool optimize,
                                       bool generate_weights, const std::vector<std::string>& disabled_passes) {
  ModelOptions o = Options(optimize, generate_weights, disabled_passes);
  o.params_file = params;
  std::shared_ptr<const Model> m;
  Status s;
  {
    py::gil_scoped_release release;
    s = Model::Load(path, o, &m);
  }
  Check(s);
  return m;
}

std::shared_ptr<const Model> ModelFromBytes(const py::bytes& model, const py::object& params, bool optimize,
                                            bool generate_weights, const std::vector<std::string>& disabled_passes) {
  std::string m = model;  // copies: Python may free the bytes once this returns
  std::string p = params.is_none() ? std::string() : std::string(py::bytes(params));
  std::shared_ptr<const Model> out;
  Status s;
  {
    py::gil_scoped_release release;
    s = Model::LoadFromMemory(m.data(), m.size(), p.empty() ? nullptr : p.data(), p.size(),
                              Options(optimize, generate_weights, disabled_passes), &out);
  }
  Check(s);
  return out;
}

py::dict Inspect(const Model& m) {
  const ProgramDesc& loaded = m.programs().loaded;
  const ProgramDesc& runs = m.program();
  py::dict d;
  d["format"] = loaded.format;
  d["version"] = loaded.version;
  d["source"] = m.source();
  py::list ins, outs;
  for (const auto& n : runs.FeedNames()) ins.append(VarInfo(runs.block0(), n));
  for (const auto& n : runs.FetchNames()) outs.append(VarInfo(runs.block0(), n));
  d["inputs"] = ins;
  d["outputs"] = outs;
  d["ops_loaded"] = OpCounts(loaded);
  d["ops"] = OpCounts(runs);
  int64_t values = 0, bytes = 0;
  for (const auto& n : m.weights().LocalVarNames()) {
    const Tensor& t = m.weights().FindVar(n)->Get();
    values += t.numel();
    bytes += static_cast<int64_t>(t.nbytes());
  }
  d["parameters"] = values;
  d["parameter_bytes"] = bytes;
  py::list passes;
  for (const PassReport& r : m.pass_reports()) passes.append(py::make_tuple(r.pass, r.Summary()));
  d["passes"] = passes;
  d["net_profile"] = std::string(kNetProfile);
  return d;
}

void DefineModel(py::module_& mod) {
  py::class_<Model, std::shared_ptr<Model>>(mod, "Model", "A loaded model: immutable, shared by any number of threads.")
      .def(py::init([](const std::string& path, const std::string& params, bool optimize, bool generate_weights,
                       const std::vector<std::string>& disabled) {
             return std::const_pointer_cast<Model>(LoadModel(path, params, optimize, generate_weights, disabled));
           }),
           py::arg("path"), py::arg("params") = "", py::kw_only(), py::arg("optimize") = true,
           py::arg("generate_weights") = false, py::arg("disabled_passes") = std::vector<std::string>{},
           "Loads a Paddle model folder or file, an ONNX model or an ncnn .param (with its .bin).")
      .def_static(
          "from_bytes",
          [](const py::bytes& model, const py::object& params, bool optimize, bool generate_weights,
             const std::vector<std::string>& disabled) {
            return std::const_pointer_cast<Model>(ModelFromBytes(model, params, optimize, generate_weights, disabled));
          },
          py::arg("model"), py::arg("params") = py::none(), py::kw_only(), py::arg("optimize") = true,
          py::arg("generate_weights") = false, py::arg("disabled_passes") = std::vector<std::string>{},
          "A model from bytes: Paddle program + combined params, ONNX (params None) or ncnn .param + .bin.")
      .def_property_readonly("input_names", &Model::FeedNames)
      .def_property_readonly("output_names", &Model::FetchNames)
      .def_property_readonly("source", &Model::source)
      .def("inspect", &Inspect, "Format, inputs and outputs with shapes and dtypes, op counts, parameters, passes.")
      .def(
          "predictor",
          [](const std::shared_ptr<Model>& m, int threads, bool light_mode, bool profile) {
            PredictorOptions o;
            o.threads = threads;
            o.light_mode = light_mode;
            o.profile = profile;
            std::unique_ptr<Predictor> p;
            Check(Predictor::Create(m, o, &p));
            return std::make_unique<PyPredictor>(std::move(p));
          },
          py::arg("threads") = 1, py::arg("light_mode") = true, py::arg("profile") = false,
          "A run context of its own (cheap): one per thread.");
}

void DefinePredictor(py::module_& mod) {
  py::class_<PyPredictor>(mod, "Predictor", "Runs a Model: set inputs by name, get outputs by name.")
      .def("run", &PyPredictor::Run, py::arg("inputs"), py::arg("outputs") = std::vector<std::string>{},
           "inputs: {name: numpy array}; returns {name: numpy array} for `outputs` (default: the model's).")
      .def("profile", &PyPredictor::Profile, "Per-op times of the last run (predictor(profile=True)).")
      .def("memory", &PyPredictor::Memory, "Activation memory of the last run, in bytes.");
}

}  // namespace
}  // namespace ember

PYBIND11_MODULE(_ember, mod) {
  mod.doc() = "Ember: on-device neural-network inference (Paddle, ONNX and ncnn models).";
  // The type lives as long as the process (a reference kept on purpose: no decref after the interpreter ends).
  static PyObject* error = py::exception<ember::StatusError>(mod, "Error", PyExc_RuntimeError).inc_ref().ptr();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ember::StatusError& e) {
      py::object inst = py::handle(error)(e.status.message());
      inst.attr("code") = ember::StatusCodeName(e.status.code());
      PyErr_SetObject(error, inst.ptr());
    }
  });
  ember::DefineModel(mod);
  ember::DefinePredictor(mod);
  mod.attr("net_profile") = ember::kNetProfile;
#ifdef EMBER_VERSION
  mod.attr("__version__") = EMBER_VERSION;
#endif
}
