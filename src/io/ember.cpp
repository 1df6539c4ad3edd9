#include "io/ember.h"

#include <new>
#include <set>

#include "framework/executor.h"
#include "framework/op_registry.h"
#include "io/paddle/paddle_loader.h"
#include "io/generated_weights.h"
#include "io/ncnn/ncnn_importer.h"
#include "io/onnx_importer.h"
#include "io/passes.h"

namespace ember {

namespace {
// Runs `fn`, turning any exception into a Status: nothing escapes the public API.
template <typename Fn>
Status Guard(Fn&& fn) {
  try {
    return fn();
  } catch (const TensorAllocError& e) {
    return OutOfMemory(e.what());
  } catch (const std::bad_alloc&) {
    return OutOfMemory("out of memory");
  } catch (const std::exception& e) {
    return Internal("unexpected error: ", e.what());
  } catch (...) {
    return Internal("unexpected error");
  }
}

Status CheckOps(const ProgramDesc& program) {
  std::vector<std::string> missing = MissingOps(program);
  if (missing.empty()) return Status::OK();
  std::string list;
  for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
  return Unimplemented("ops not in this build: ", list, " (net profile '", kNetProfile, "')");
}
}  // namespace

Status Model::Finish(std::unique_ptr<Model> m, const ModelOptions& options, std::shared_ptr<const Model>* out) {
  m->optimize_ = options.optimize;
  m->program_.optimized = m->program_.loaded;
  EMBER_RETURN_IF_ERROR(CheckOps(m->program_.loaded));
  if (options.optimize) {
    EMBER_RETURN_IF_ERROR(OptimizeProgram(&m->program_.optimized, &m->weights_));
    if (!options.keep_loaded_program) {  // free what only the unoptimized program reads
      std::set<std::string> used;
      for (const auto& op : m->program_.optimized.block0().ops)
        for (const auto& n : op.AllInputNames()) used.insert(n);
      for (const auto& n : m->weights_.LocalVarNames())
        if (!used.count(n)) m->weights_.EraseLocalVar(n);
      m->loaded_program_runnable_ = false;
    }
  }
  *out = std::shared_ptr<const Model>(std::move(m));
  return Status::OK();
}

namespace {
bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

Status Model::Load(const std::string& path, const ModelOptions& options, std::shared_ptr<const Model>* out) {
  return Guard([&]() -> Status {
    if (EndsWith(path, ".onnx")) {
      std::unique_ptr<Model> m(new Model());
      EMBER_RETURN_IF_ERROR(ImportOnnxFile(path, &m->program_.loaded, &m->weights_));
      m->source_ = path;
      return Finish(std::move(m), options, out);
    }
    if (EndsWith(path, ".param") || EndsWith(path, ".param.bin")) {
      std::unique_ptr<Model> m(new Model());
      EMBER_RETURN_IF_ERROR(ImportNcnnFiles(path, options.params_file, options.generate_weights, &m->program_.loaded,
                                            &m->weights_));
      m->source_ = path;
      return Finish(std::move(m), options, out);
    }
    PaddleModelFiles files;
    EMBER_RETURN_IF_ERROR(FindPaddleModelFiles(path, options.params_file, &files));
    std::unique_ptr<Model> m(new Model());
    std::string buf;
    EMBER_RETURN_IF_ERROR(ReadFileToString(files.model_file, &buf));
    EMBER_RETURN_IF_ERROR(ParseProgramDesc(buf.data(), buf.size(), files.model_file, &m->program_.loaded));
    m->source_ = files.model_file;
    if (options.generate_weights) {
      EMBER_RETURN_IF_ERROR(GenerateWeights(m->program_.loaded, 1234, &m->weights_));
      m->source_ += " + generated weights";
    } else if (files.layout == ParamsLayout::kCombined) {
      // Memory-mapped: float32 weights are used in place (zero-copy) and pages load on first touch.
      std::shared_ptr<Allocation> mapped;
      EMBER_RETURN_IF_ERROR(MapFile(files.params_file, &mapped));
      EMBER_RETURN_IF_ERROR(LoadCombinedParams(m->program_.loaded, mapped->ptr() ? mapped->ptr() : "", mapped->size(),
                                               files.params_file, &m->weights_, mapped));
      m->source_ += " + " + files.params_file;
    } else {
      EMBER_RETURN_IF_ERROR(LoadSeparateParams(m->program_.loaded, files.params_dir, &m->weights_));
      m->source_ += " + weights in " + files.params_dir;
    }
    return Finish(std::move(m), options, out);
  });
}

Status Model::LoadFromMemory(const void* model, size_t model_size, const void* params, size_t params_size,
                             const ModelOptions& options, std::shared_ptr<const Model>* out) {
  return Guard([&]() -> Status {
    if (!model) return InvalidArgument("model buffer is null");
    std::unique_ptr<Model> m(new Model());
    EMBER_RETURN_IF_ERROR(ParseProgramDesc(model, model_size, "<memory>", &m->program_.loaded));
    std::shared_ptr<Allocation> caller;
    if (options.use_caller_memory && params)
      caller = std::make_shared<Allocation>(const_cast<void*>(params), params_size, false);
    if (options.generate_weights)
      EMBER_RETURN_IF_ERROR(GenerateWeights(m->program_.loaded, 1234, &m->weights_));
    else
      EMBER_RETURN_IF_ERROR(LoadCombinedParams(m->program_.loaded, params ? params : "", params ? params_size : 0,
                                               "<memory>", &m->weights_, caller));
    m->source_ = "<memory>";
    return Finish(std::move(m), options, out);
  });
}

Status Model::LoadWithReader(const std::string& model_name, const std::string& params_name, const FileReader& read,
                             const ModelOptions& options, std::shared_ptr<const Model>* out) {
  return Guard([&]() -> Status {
    if (!read) return InvalidArgument("no reader given");
    std::unique_ptr<Model> m(new Model());
    std::string buf;
    EMBER_RETURN_IF_ERROR(read(model_name, &buf));
    EMBER_RETURN_IF_ERROR(ParseProgramDesc(buf.data(), buf.size(), model_name, &m->program_.loaded));
    m->source_ = model_name;
    if (options.generate_weights) {
      EMBER_RETURN_IF_ERROR(GenerateWeights(m->program_.loaded, 1234, &m->weights_));
    } else if (!params_name.empty()) {
      EMBER_RETURN_IF_ERROR(read(params_name, &buf));
      EMBER_RETURN_IF_ERROR(LoadCombinedParams(m->program_.loaded, buf.data(), buf.size(), params_name, &m->weights_));
    } else {
      for (const VarDesc* v : WeightVarsInFileOrder(m->program_.loaded)) {
        EMBER_RETURN_IF_ERROR(read(v->name, &buf));
        size_t offset = 0;
        Tensor t;
        EMBER_RETURN_IF_ERROR(ParseSerializedTensor(reinterpret_cast<const uint8_t*>(buf.data()), buf.size(), &offset,
                                                    *v, v->name, &t));
        if (offset != buf.size()) return ParseError("params ", v->name, ": unexpected bytes after the tensor");
        *m->weights_.Var(v->name)->GetMutable() = std::move(t);
      }
    }
    return Finish(std::move(m), options, out);
  });
}

Status Predictor::Create(std::shared_ptr<const Model> model, const PredictorOptions& options,
                         std::unique_ptr<Predictor>* out) {
  return Guard([&]() -> Status {
    if (!model) return InvalidArgument("model is null");
    std::unique_ptr<Predictor> p(new Predictor());
    p->model_ = std::move(model);
    if (options.use_loaded_program && !p->model_->loaded_program_runnable())
      return InvalidArgument("the program as loaded needs weights the passes replaced; load the model with "
                             "ModelOptions::keep_loaded_program to run it");
    const ProgramDesc* prog = options.use_loaded_program ? &p->model_->programs().loaded : &p->model_->program();
    ExecutorOptions eo;
    eo.threads = options.threads;
    eo.light_mode = options.light_mode;
    eo.profile = options.profile;
    p->program_ = prog;
    p->executor_.reset(new Executor(prog, &p->model_->weights(), eo));
    *out = std::move(p);
    return Status::OK();
  });
}

Predictor::~Predictor() = default;

std::vector<std::string> Predictor::FeedNames() const { return executor_->FeedNames(); }
std::vector<std::string> Predictor::FetchNames() const { return executor_->FetchNames(); }

Status Predictor::SetInput(const std::string& name, const Tensor& tensor) {
  return Guard([&] { return executor_->SetInput(name, tensor); });
}

Status Predictor::Run(const std::vector<std::string>& fetch) {
  return Guard([&] { return executor_->Run(fetch); });
}

std::vector<OpProfile> Predictor::LastProfile() const {
  std::vector<OpProfile> out;
  for (const auto& t : executor_->LastProfile()) out.push_back({&program_->block0().ops[t.op_index], t.ms, t.dims, t.kernel});
  return out;
}

PredictorMemory Predictor::Memory() const {
  const MemoryStats& m = executor_->LastMemoryStats();
  return {m.arena_bytes, m.lower_bound, m.naive_bytes};
}

Status Predictor::GetOutput(const std::string& name, const Tensor** out) const {
  return Guard([&] { return executor_->GetOutput(name, out); });
}

}  // namespace ember
