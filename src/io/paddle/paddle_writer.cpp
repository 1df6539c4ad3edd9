#include "io/paddle/paddle_writer.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <set>

#include "framework/executor.h"
#include "io/paddle/paddle_loader.h"

namespace ember {

namespace {

bool FitsInt32(int64_t v) {
  return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
}

Status MakeDirs(const std::string& dir) {
  if (dir.empty()) return InvalidArgument("no output folder given");
  std::string path;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    path = dir.substr(0, pos);
    if (path.empty()) continue;
    struct stat st;
    if (stat(path.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode)) return InvalidArgument("cannot create folder ", dir, ": ", path, " is a file");
      continue;
    }
    if (mkdir(path.c_str(), 0777) != 0 && errno != EEXIST)
      return NotFound("cannot create folder ", path, ": ", std::strerror(errno));
  }
  return Status::OK();
}

Status WriteFile(const std::string& path, const std::string& contents) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) return NotFound("cannot open ", path, " for writing");
  f.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  f.close();
  if (!f) return Internal("cannot write ", path);
  return Status::OK();
}

// Dims compatible when the ranks agree and every known declared dim equals the inferred one.
bool Compatible(const std::vector<int64_t>& declared, const std::vector<int64_t>& inferred) {
  if (declared.size() != inferred.size()) return false;
  for (size_t i = 0; i < declared.size(); ++i)
    if (declared[i] >= 0 && declared[i] != inferred[i]) return false;
  return true;
}

// The loader picks `__model__` or `model` before model.pdmodel and refuses folders with several .pdmodel
// files: a folder holding one of those would not read back as what we write.
Status CheckNoOtherModel(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (!d) return Status::OK();
  std::string clash;
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    bool pdmodel = n.size() > 8 && n.compare(n.size() - 8, 8, ".pdmodel") == 0;
    if (n == "__model__" || n == "model" || (pdmodel && n != "model.pdmodel")) clash = n;
  }
  closedir(d);
  if (!clash.empty())
    return InvalidArgument("folder ", dir, " already holds another model (", clash,
                           "); the written model would not load from it: choose an empty folder");
  return Status::OK();
}

}  // namespace

Status InferVarDescs(ProgramDesc* program, const Scope& weights,
                     const std::map<std::string, std::vector<int64_t>>& feed_shapes, size_t* inferred) {
  if (inferred) *inferred = 0;
  if (program->blocks.empty()) return InvalidArgument("the program has no blocks");
  ProgramDesc run_copy = *program;  // the executor keeps a pointer; we rewrite *program afterwards
  ExecutorOptions eo;
  eo.light_mode = false;  // every computed variable stays readable
  Executor exec(&run_copy, &weights, eo);
  for (const auto& name : exec.FeedNames()) {
    const VarDesc* v = run_copy.block0().FindVar(name);
    std::vector<int64_t> dims = v ? v->dims : std::vector<int64_t>();
    auto it = feed_shapes.find(name);
    if (it != feed_shapes.end()) dims = it->second;
    if (dims.empty()) return InvalidArgument("input ", Quote(name), " declares no shape: give one (--shape ", Quote(name), "=...)");
    for (auto& d : dims)
      if (d < 0) d = 1;
    DataType dt = DataType::kFloat32;
    if (v) {
      switch (static_cast<VarDataType>(v->dtype)) {
        case VarDataType::kInt32: dt = DataType::kInt32; break;
        case VarDataType::kInt64: dt = DataType::kInt64; break;
        case VarDataType::kBool: dt = DataType::kBool; break;
        case VarDataType::kUInt8: dt = DataType::kUInt8; break;
        case VarDataType::kInt8: dt = DataType::kInt8; break;
        default: break;
      }
    }
    Tensor t(dt, DDim(dims));
    EMBER_RETURN_IF_ERROR(t.Allocate());
    std::memset(t.raw_data(), 0, t.nbytes());
    if (dt == DataType::kFloat32) {  // deterministic values in [0, 1): zeros would hide nothing but NaNs
      float* p = t.mutable_data<float>();
      uint32_t s = 12345;
      for (int64_t i = 0; i < t.numel(); ++i) {
        s = s * 1664525u + 1013904223u;
        p[i] = static_cast<float>(s >> 8) / 16777216.f;
      }
    }
    Status st = exec.SetInput(name, t);
    if (!st.ok()) return st.Prepend("inference run: ");
    // The feed's own VarDesc keeps its declared (possibly dynamic) dims.
  }
  Status st = exec.Run();
  if (!st.ok()) return st.Prepend("inference run: ");
  BlockDesc& b = program->block0();
  std::set<std::string> fed(exec.FeedNames().begin(), exec.FeedNames().end());
  for (auto& v : b.vars) {
    if (!v.IsTensor() || v.persistable) continue;
    const Tensor* t = nullptr;
    if (!exec.GetOutput(v.name, &t).ok() || !t || !t->initialized()) continue;
    bool changed = false;
    int dtype = VarDataTypeOf(t->dtype());
    if (v.dtype != dtype) v.dtype = dtype, changed = true;
    std::vector<int64_t> dims = t->dims().vec();
    if (!fed.count(v.name) && !Compatible(v.dims, dims)) v.dims = dims, changed = true;
    if (changed && inferred) ++*inferred;
  }
  return Status::OK();
}

namespace {

// True when a finite value of the float32 tensor would saturate as a half (|x| >= 65520).
bool BeyondHalfRange(const Tensor& t) {
  const float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i)
    if (std::isfinite(p[i]) && std::fabs(p[i]) >= 65520.f) return true;
  return false;
}

}  // namespace

Status PreparePaddleProgram(ProgramDesc* program, const Scope& weights, PaddleWriteReport* report,
                            bool fp16_weights) {
  if (program->blocks.empty()) return InvalidArgument("the program has no blocks");
  std::set<std::string> read;
  for (const auto& b : program->blocks)
    for (const auto& op : b.ops)
      for (const auto& n : op.AllInputNames()) read.insert(n);
  BlockDesc& b0 = program->block0();
  std::vector<VarDesc> kept;
  size_t dropped = 0, fp16 = 0;
  std::vector<std::string> kept_float;
  for (auto& v : b0.vars) {
    if (v.IsWeight() && v.name != "feed" && v.name != "fetch") {
      if (!read.count(v.name)) {
        ++dropped;
        continue;
      }
      const Variable* var = weights.FindVar(v.name);
      if (!var || !var->Get().initialized())
        return NotFound("weight ", Quote(v.name), " is declared persistable but has no tensor in the weight scope");
      const Tensor& t = var->Get();
      v.dtype = VarDataTypeOf(t.dtype());
      v.dims = t.dims().vec();
      if (fp16_weights && t.dtype() == DataType::kFloat32 && t.numel() > 1) {
        if (BeyondHalfRange(t)) {
          kept_float.push_back(v.name);
        } else {
          v.dtype = static_cast<int>(VarDataType::kFP16);
          ++fp16;
        }
      }
    }
    kept.push_back(std::move(v));
  }
  b0.vars = std::move(kept);
  for (auto& b : program->blocks)
    for (auto& op : b.ops)
      for (auto& kv : op.attrs) {
        Attribute& a = kv.second;
        if (a.type == AttrType::kInt && !FitsInt32(a.i)) a.type = AttrType::kLong;
        if (a.type == AttrType::kInts)
          for (int64_t v : a.ints)
            if (!FitsInt32(v)) {
              a.type = AttrType::kLongs;
              break;
            }
      }
  if (program->format != "paddle") program->version = -1;  // e.g. an ONNX ir_version is no Paddle version
  if (report) {
    report->dropped_weights = dropped;
    report->fp16_weights = fp16;
    report->fp16_kept_float = std::move(kept_float);
  }
  return Status::OK();
}

Status SerializePaddleModel(const ProgramDesc& program, const Scope& weights, std::string* model,
                            std::string* params, PaddleWriteReport* report) {
  if (program.blocks.empty()) return InvalidArgument("the program has no blocks");
  EMBER_RETURN_IF_ERROR(SerializeProgramDesc(program, model));
  params->clear();
  size_t count = 0, saturated = 0;
  std::vector<std::string> saturated_weights;
  for (const VarDesc* v : WeightVarsInFileOrder(program)) {
    const Variable* var = weights.FindVar(v->name);
    if (!var || !var->Get().initialized()) return NotFound("weight ", Quote(v->name), " has no tensor in the weight scope");
    const Tensor& t = var->Get();
    const bool to_half = t.dtype() == DataType::kFloat32 && v->dtype == static_cast<int>(VarDataType::kFP16);
    if (VarDataTypeOf(t.dtype()) != v->dtype && !to_half)
      return InvalidArgument("weight ", Quote(v->name), ": tensor dtype ", VarDataTypeName(VarDataTypeOf(t.dtype())),
                             " disagrees with its VarDesc's ", VarDataTypeName(v->dtype),
                             " (call PreparePaddleProgram first)");
    if (t.dims().vec() != v->dims)
      return InvalidArgument("weight ", Quote(v->name), ": tensor dims ", t.dims().ToString(),
                             " disagree with its VarDesc's ", DDim(v->dims).ToString());
    const size_t before = saturated;
    AppendSerializedTensor(t, v->dtype, params, &saturated);
    if (saturated != before) saturated_weights.push_back(v->name);
    ++count;
  }
  if (report) {
    report->weights = count;
    report->fp16_saturated = saturated;
    report->fp16_saturated_weights = std::move(saturated_weights);
    report->params_bytes = params->size();
  }
  return Status::OK();
}

Status WritePaddleModel(const ProgramDesc& program, const Scope& weights, const std::string& dir,
                        const PaddleWriteOptions& options, PaddleWriteReport* report) {
  PaddleWriteReport local;
  PaddleWriteReport* r = report ? report : &local;
  *r = PaddleWriteReport();
  ProgramDesc prog = program;
  EMBER_RETURN_IF_ERROR(PreparePaddleProgram(&prog, weights, r, options.fp16_weights));
  if (options.infer_var_descs) {
    Status s = InferVarDescs(&prog, weights, options.feed_shapes, &r->vars_inferred);
    if (!s.ok()) r->infer_error = s.message();
  }
  std::string model, params;
  EMBER_RETURN_IF_ERROR(SerializePaddleModel(prog, weights, &model, &params, r));
  EMBER_RETURN_IF_ERROR(MakeDirs(dir));
  EMBER_RETURN_IF_ERROR(CheckNoOtherModel(dir));
  EMBER_RETURN_IF_ERROR(WriteFile(dir + "/model.pdmodel", model));
  EMBER_RETURN_IF_ERROR(WriteFile(dir + "/model.pdiparams", params));
  return Status::OK();
}

}  // namespace ember
