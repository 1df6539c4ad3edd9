#include "io/paddle/paddle_loader.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <limits>
#include <sstream>

#include "framework/float16.h"
#include "operators/kernel/cpu_accel.h"
#include "paddle_framework.pb.h"

namespace ember {

namespace {

bool IsFile(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}
bool IsDir(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
std::string DirOf(const std::string& p) {
  size_t s = p.find_last_of('/');
  return s == std::string::npos ? "." : p.substr(0, s);
}
bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
std::vector<std::string> ListDir(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) names.emplace_back(e->d_name);
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Element size of a Paddle VarType data type, 0 when Ember cannot load it.
size_t VarDataTypeSize(int t) {
  switch (static_cast<VarDataType>(t)) {
    case VarDataType::kBool: return 1;
    case VarDataType::kInt32: return 4;
    case VarDataType::kInt64: return 8;
    case VarDataType::kFP16: return 2;
    case VarDataType::kFP32: return 4;
    case VarDataType::kFP64: return 8;
    case VarDataType::kUInt8: return 1;
    case VarDataType::kInt8: return 1;
    default: return 0;
  }
}

Status ConvertAttr(const paddle::OpDesc_Attr& pa, Attribute* a) {
  a->type = static_cast<AttrType>(pa.type());
  switch (a->type) {
    case AttrType::kInt: a->i = pa.i(); break;
    case AttrType::kLong: a->i = pa.l(); break;
    case AttrType::kBoolean: a->i = pa.b() ? 1 : 0; break;
    case AttrType::kBlock: a->i = pa.block_idx(); break;
    case AttrType::kFloat: a->f = pa.f(); break;
    case AttrType::kFloat64: a->f = pa.float64(); break;
    case AttrType::kString: a->s = pa.s(); break;
    case AttrType::kVar: a->s = pa.var_name(); break;
    case AttrType::kInts: a->ints.assign(pa.ints().begin(), pa.ints().end()); break;
    case AttrType::kLongs: a->ints.assign(pa.longs().begin(), pa.longs().end()); break;
    case AttrType::kBooleans: a->ints.assign(pa.bools().begin(), pa.bools().end()); break;
    case AttrType::kBlocks: a->ints.assign(pa.blocks_idx().begin(), pa.blocks_idx().end()); break;
    case AttrType::kFloats: a->floats.assign(pa.floats().begin(), pa.floats().end()); break;
    case AttrType::kFloat64s: a->floats.assign(pa.float64s().begin(), pa.float64s().end()); break;
    case AttrType::kStrings: a->strings.assign(pa.strings().begin(), pa.strings().end()); break;
    case AttrType::kVars: a->strings.assign(pa.vars_name().begin(), pa.vars_name().end()); break;
    default: return ParseError("attribute ", Quote(pa.name()), " has unknown type ", pa.type());
  }
  return Status::OK();
}

void ConvertSlots(const google::protobuf::RepeatedPtrField<paddle::OpDesc_Var>& in, OpDesc::Slots* out) {
  for (const auto& v : in) out->emplace_back(v.parameter(), std::vector<std::string>(v.arguments().begin(), v.arguments().end()));
}

}  // namespace

Status FindPaddleModelFiles(const std::string& path, const std::string& params_file, PaddleModelFiles* out) {
  *out = PaddleModelFiles();
  std::string dir;
  if (IsDir(path)) {
    dir = path;
    for (const char* name : {"__model__", "model"})
      if (IsFile(dir + "/" + name)) {
        out->model_file = dir + "/" + name;
        break;
      }
    if (out->model_file.empty()) {
      std::vector<std::string> pdmodels;
      for (const auto& n : ListDir(dir))
        if (EndsWith(n, ".pdmodel")) pdmodels.push_back(n);
      if (pdmodels.size() > 1) return InvalidArgument("folder ", dir, " holds several .pdmodel files; name one");
      if (pdmodels.empty())
        return NotFound("folder ", dir, " holds no Paddle model (__model__, model or *.pdmodel)");
      out->model_file = dir + "/" + pdmodels[0];
    }
  } else if (IsFile(path)) {
    out->model_file = path;
    dir = DirOf(path);
  } else {
    return NotFound("no such file or folder: ", path);
  }

  if (!params_file.empty()) {
    if (!IsFile(params_file)) return NotFound("params file not found: ", params_file);
    out->params_file = params_file;
    out->layout = ParamsLayout::kCombined;
    return Status::OK();
  }
  std::vector<std::string> candidates;
  if (EndsWith(out->model_file, ".pdmodel"))
    candidates.push_back(out->model_file.substr(0, out->model_file.size() - 8) + ".pdiparams");
  for (const char* name : {"params", "__params__", "weights"}) candidates.push_back(dir + "/" + name);
  for (const auto& c : candidates)
    if (IsFile(c)) {
      out->params_file = c;
      out->layout = ParamsLayout::kCombined;
      return Status::OK();
    }
  out->params_dir = dir;
  out->layout = ParamsLayout::kSeparate;
  return Status::OK();
}

Status ParseProgramDesc(const void* data, size_t size, const std::string& source, ProgramDesc* out) {
  if (size > static_cast<size_t>(std::numeric_limits<int>::max()))
    return ParseError("model ", source, ": too large (", size, " bytes)");
  paddle::ProgramDesc pb;
  if (!pb.ParseFromArray(data, static_cast<int>(size)))
    return ParseError("model ", source, ": not a Paddle ProgramDesc (protobuf parse failed)");
  if (pb.blocks_size() == 0) return ParseError("model ", source, ": the program has no blocks");
  *out = ProgramDesc();
  out->format = "paddle";
  out->version = pb.has_version() ? pb.version().version() : -1;
  for (const auto& pbb : pb.blocks()) {
    BlockDesc b;
    b.idx = pbb.idx();
    b.parent_idx = pbb.parent_idx();
    for (const auto& pv : pbb.vars()) {
      VarDesc v;
      v.name = pv.name();
      if (v.name.empty()) return ParseError("model ", source, ": a variable has no name");
      v.type = pv.type().type();
      v.persistable = pv.persistable();
      if (pv.type().has_lod_tensor()) {
        const auto& t = pv.type().lod_tensor().tensor();
        v.dtype = t.data_type();
        v.dims.assign(t.dims().begin(), t.dims().end());
        v.lod_level = pv.type().lod_tensor().lod_level();
      }
      b.vars.push_back(std::move(v));
    }
    for (const auto& po : pbb.ops()) {
      OpDesc op;
      op.type = po.type();
      if (op.type.empty()) return ParseError("model ", source, ": an op in block ", b.idx, " has no type");
      ConvertSlots(po.inputs(), &op.inputs);
      ConvertSlots(po.outputs(), &op.outputs);
      for (const auto& pa : po.attrs()) {
        Attribute a;
        Status s = ConvertAttr(pa, &a);
        if (!s.ok()) return s.Prepend(StrCat("model ", source, ": op ", op.Describe(), ": "));
        op.attrs[pa.name()] = std::move(a);
      }
      b.ops.push_back(std::move(op));
    }
    out->blocks.push_back(std::move(b));
  }
  return CheckBlock0Declared(*out, "model " + source);  // dangling names are malformed programs
}

std::vector<const VarDesc*> WeightVarsInFileOrder(const ProgramDesc& program) {
  std::vector<const VarDesc*> vars;
  for (const auto& v : program.block0().vars)
    if (v.IsWeight() && v.name != "feed" && v.name != "fetch") vars.push_back(&v);
  std::sort(vars.begin(), vars.end(), [](const VarDesc* a, const VarDesc* b) { return a->name < b->name; });
  return vars;
}

namespace {

// Reads one serialized tensor from data[pos]: bounds-checked reads, and errors that name the variable and
// the byte offset.
class TensorReader {
 public:
  TensorReader(const uint8_t* data, size_t size, size_t pos, const VarDesc& var, const std::string& source)
      : data_(data), size_(size), pos_(pos), var_(var), source_(source) {}

  Status Fail(const std::string& what) const {
    return ParseError("params ", source_, ": variable ", Quote(var_.name), " at byte ", pos_, ": ", what);
  }
  Status Read(void* dst, size_t n, const char* what) {
    if (size_ - pos_ < n) return Fail(StrCat("truncated reading ", what, " (needs ", n, " bytes, ", left(), " left)"));
    std::memcpy(dst, data_ + pos_, n);
    pos_ += n;
    return Status::OK();
  }
  size_t pos() const { return pos_; }
  size_t left() const { return size_ - pos_; }
  const uint8_t* here() const { return data_ + pos_; }
  void Skip(size_t n) { pos_ += n; }

  // The LoD header and the TensorDesc, up to the tensor's data.
  Status ReadDesc(paddle::VarType_TensorDesc* desc) {
    if (pos_ > size_) return Fail("offset past the end");
    uint32_t version = 0;
    EMBER_RETURN_IF_ERROR(Read(&version, 4, "the LoD tensor version"));
    if (version != 0) return Fail(StrCat("unsupported LoD tensor version ", version));
    uint64_t lod_level = 0;
    EMBER_RETURN_IF_ERROR(Read(&lod_level, 8, "the LoD level"));
    if (lod_level > left() / 8) return Fail(StrCat("LoD level ", lod_level, " exceeds the file"));
    for (uint64_t l = 0; l < lod_level; ++l) {
      uint64_t nbytes = 0;
      EMBER_RETURN_IF_ERROR(Read(&nbytes, 8, "a LoD level size"));
      if (nbytes > left()) return Fail(StrCat("LoD level of ", nbytes, " bytes exceeds the file"));
      Skip(static_cast<size_t>(nbytes));
    }
    uint32_t tversion = 0;
    EMBER_RETURN_IF_ERROR(Read(&tversion, 4, "the tensor version"));
    if (tversion != 0) return Fail(StrCat("unsupported tensor version ", tversion));
    int32_t desc_size = 0;
    EMBER_RETURN_IF_ERROR(Read(&desc_size, 4, "the TensorDesc size"));
    if (desc_size < 0 || static_cast<size_t>(desc_size) > left())
      return Fail(StrCat("TensorDesc size ", desc_size, " exceeds the file"));
    if (!desc->ParseFromArray(here(), desc_size)) return Fail("malformed TensorDesc");
    Skip(static_cast<size_t>(desc_size));
    return Status::OK();
  }

  // Checks the TensorDesc against the program's VarDesc and the bytes left: its dims, element size and count.
  Status CheckDesc(const paddle::VarType_TensorDesc& desc, DDim* ddim, size_t* esize, uint64_t* n) const {
    std::vector<int64_t> dims(desc.dims().begin(), desc.dims().end());
    *ddim = DDim(dims);
    if (ddim->numel() < 0) return Fail(StrCat("invalid dims ", ddim->ToString()));
    if (desc.data_type() != var_.dtype)
      return Fail(StrCat("dtype ", VarDataTypeName(desc.data_type()), " disagrees with the program's ",
                         VarDataTypeName(var_.dtype)));
    bool dims_match = var_.dims.size() == dims.size();
    for (size_t i = 0; dims_match && i < dims.size(); ++i)
      if (var_.dims[i] >= 0 && var_.dims[i] != dims[i]) dims_match = false;
    if (!dims_match)
      return Fail(StrCat("dims ", ddim->ToString(), " disagree with the program's ", DDim(var_.dims).ToString()));
    *esize = VarDataTypeSize(desc.data_type());
    if (*esize == 0) return Fail(StrCat("unsupported dtype ", VarDataTypeName(desc.data_type())));
    *n = static_cast<uint64_t>(ddim->numel());
    if (*n > left() / *esize) return Fail(StrCat("truncated: data needs ", *n * *esize, " bytes, ", left(), " left"));
    if (*n * 4 > TensorMemoryLimit())
      return OutOfMemory("params ", source_, ": variable ", Quote(var_.name), " is too large");
    return Status::OK();
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_;
  const VarDesc& var_;
  const std::string& source_;
};

// Zero-copy: makes *t a view of the backing memory when the bytes at src are already what the kernels read
// (a dtype loaded as is, inside the backing block, aligned). False when it must be copied instead.
bool ViewBacking(int var_dtype, const uint8_t* src, uint64_t n, size_t esize,
                 const std::shared_ptr<Allocation>& backing, Tensor* t) {
  const uint8_t* base = backing ? static_cast<const uint8_t*>(backing->ptr()) : nullptr;
  DataType direct = DataType::kFloat32;
  switch (static_cast<VarDataType>(var_dtype)) {
    case VarDataType::kFP32: direct = DataType::kFloat32; break;
    case VarDataType::kInt32: direct = DataType::kInt32; break;
    case VarDataType::kInt64: direct = DataType::kInt64; break;
    case VarDataType::kInt8: direct = DataType::kInt8; break;
    case VarDataType::kUInt8: direct = DataType::kUInt8; break;
    default: return false;
  }
  if (!base || src < base || src + n * esize > base + backing->size() ||
      reinterpret_cast<uintptr_t>(src) % esize != 0)
    return false;
  t->set_dtype(direct);
  t->UseBlock(backing, static_cast<size_t>(src - base), static_cast<size_t>(n * esize));
  return true;
}

// Copies n elements of Paddle dtype var_dtype from src into *t (float16 and float64 become float32).
// False for a dtype Ember cannot load.
bool CopyTensorData(int var_dtype, const uint8_t* src, uint64_t n, Tensor* t) {
  switch (static_cast<VarDataType>(var_dtype)) {
    case VarDataType::kFP32: std::memcpy(t->mutable_data<float>(), src, n * 4); break;
    case VarDataType::kFP16:  // widened once, here: kernels compute in float32 (F16C / NEON where present)
      HalfToFloatArray(src, t->mutable_data<float>(), static_cast<int64_t>(n));
      break;
    case VarDataType::kFP64: {
      float* d = t->mutable_data<float>();
      for (uint64_t i = 0; i < n; ++i) {
        double v;
        std::memcpy(&v, src + 8 * i, 8);
        d[i] = static_cast<float>(v);
      }
      break;
    }
    case VarDataType::kInt32: std::memcpy(t->mutable_data<int32_t>(), src, n * 4); break;
    case VarDataType::kInt64: std::memcpy(t->mutable_data<int64_t>(), src, n * 8); break;
    case VarDataType::kInt8: std::memcpy(t->mutable_data<int8_t>(), src, n); break;
    case VarDataType::kUInt8: std::memcpy(t->mutable_data<uint8_t>(), src, n); break;
    case VarDataType::kBool: {
      bool* d = t->mutable_data<bool>();
      for (uint64_t i = 0; i < n; ++i) d[i] = src[i] != 0;
      break;
    }
    default: return false;
  }
  return true;
}

}  // namespace

Status ParseSerializedTensor(const uint8_t* data, size_t size, size_t* offset, const VarDesc& var,
                             const std::string& source, Tensor* out, const std::shared_ptr<Allocation>& backing) {
  TensorReader r(data, size, *offset, var, source);
  paddle::VarType_TensorDesc desc;
  EMBER_RETURN_IF_ERROR(r.ReadDesc(&desc));
  DDim ddim;
  size_t esize = 0;
  uint64_t n = 0;
  EMBER_RETURN_IF_ERROR(r.CheckDesc(desc, &ddim, &esize, &n));
  Tensor t;
  t.Resize(ddim);
  if (!ViewBacking(desc.data_type(), r.here(), n, esize, backing, &t) &&
      !CopyTensorData(desc.data_type(), r.here(), n, &t))
    return r.Fail("unsupported dtype");
  r.Skip(static_cast<size_t>(n * esize));
  *out = std::move(t);
  *offset = r.pos();
  return Status::OK();
}

Status LoadCombinedParams(const ProgramDesc& program, const void* data, size_t size, const std::string& source,
                          Scope* weights, const std::shared_ptr<Allocation>& backing) {
  const uint8_t* bytes = static_cast<const uint8_t*>(data);
  size_t offset = 0;
  for (const VarDesc* v : WeightVarsInFileOrder(program)) {
    if (offset == size)
      return ParseError("params ", source, ": ends before variable ", Quote(v->name), " (file has ", size, " bytes)");
    Tensor t;
    EMBER_RETURN_IF_ERROR(ParseSerializedTensor(bytes, size, &offset, *v, source, &t, backing));
    *weights->Var(v->name)->GetMutable() = std::move(t);
  }
  if (offset != size)
    return ParseError("params ", source, ": ", size - offset, " unexpected bytes after the last variable (at byte ",
                      offset, ")");
  return Status::OK();
}

Status LoadSeparateParams(const ProgramDesc& program, const std::string& dir, Scope* weights) {
  for (const VarDesc* v : WeightVarsInFileOrder(program)) {
    std::string path = dir + "/" + v->name;
    if (!IsFile(path)) return NotFound("weight file for variable ", Quote(v->name), " not found: ", path);
    std::string buf;
    EMBER_RETURN_IF_ERROR(ReadFileToString(path, &buf));
    size_t offset = 0;
    Tensor t;
    EMBER_RETURN_IF_ERROR(ParseSerializedTensor(reinterpret_cast<const uint8_t*>(buf.data()), buf.size(), &offset,
                                                *v, path, &t));
    if (offset != buf.size())
      return ParseError("params ", path, ": variable ", Quote(v->name), ": ", buf.size() - offset,
                        " unexpected bytes after the tensor");
    *weights->Var(v->name)->GetMutable() = std::move(t);
  }
  return Status::OK();
}

void AppendSerializedTensor(const Tensor& t, int var_dtype, std::string* out, size_t* saturated) {
  auto put = [&](const void* p, size_t n) { out->append(static_cast<const char*>(p), n); };
  uint32_t zero32 = 0;
  uint64_t zero64 = 0;
  put(&zero32, 4);  // version
  put(&zero64, 8);  // lod level
  put(&zero32, 4);  // tensor version
  paddle::VarType_TensorDesc desc;
  desc.set_data_type(var_dtype);
  for (int64_t d : t.dims().vec()) desc.add_dims(d);
  std::string d = desc.SerializeAsString();
  int32_t dsize = static_cast<int32_t>(d.size());
  put(&dsize, 4);
  out->append(d);
  if (var_dtype == static_cast<int>(VarDataType::kFP16) && t.dtype() == DataType::kFloat32) {
    const float* f = t.data<float>();
    const size_t at = out->size();
    out->resize(at + 2 * static_cast<size_t>(t.numel()));
    size_t sat = 0;
    for (int64_t i = 0; i < t.numel(); ++i) {
      bool s = false;
      uint16_t h = FloatToHalfSaturating(f[i], &s);
      sat += s;
      std::memcpy(&(*out)[at + 2 * static_cast<size_t>(i)], &h, 2);
    }
    if (saturated) *saturated += sat;
  } else {
    put(t.raw_data(), t.nbytes());
  }
}

Status SerializeProgramDesc(const ProgramDesc& program, std::string* out) {
  paddle::ProgramDesc pb;
  if (program.version >= 0) pb.mutable_version()->set_version(program.version);
  for (const auto& b : program.blocks) {
    auto* pbb = pb.add_blocks();
    pbb->set_idx(b.idx);
    pbb->set_parent_idx(b.parent_idx);
    for (const auto& v : b.vars) {
      auto* pv = pbb->add_vars();
      pv->set_name(v.name);
      pv->set_persistable(v.persistable);
      pv->mutable_type()->set_type(v.type);
      if (v.IsTensor()) {
        auto* lt = pv->mutable_type()->mutable_lod_tensor();
        lt->set_lod_level(v.lod_level);
        lt->mutable_tensor()->set_data_type(v.dtype);
        for (int64_t d : v.dims) lt->mutable_tensor()->add_dims(d);
      }
    }
    for (const auto& op : b.ops) {
      auto* po = pbb->add_ops();
      po->set_type(op.type);
      for (const auto* slots : {&op.inputs, &op.outputs})
        for (const auto& kv : *slots) {
          auto* pvar = slots == &op.inputs ? po->add_inputs() : po->add_outputs();
          pvar->set_parameter(kv.first);
          for (const auto& n : kv.second) pvar->add_arguments(n);
        }
      for (const auto& kv : op.attrs) {
        auto* pa = po->add_attrs();
        const Attribute& a = kv.second;
        pa->set_name(kv.first);
        pa->set_type(static_cast<int>(a.type));
        switch (a.type) {
          case AttrType::kInt: pa->set_i(static_cast<int32_t>(a.i)); break;
          case AttrType::kLong: pa->set_l(a.i); break;
          case AttrType::kBoolean: pa->set_b(a.i != 0); break;
          case AttrType::kBlock: pa->set_block_idx(static_cast<int32_t>(a.i)); break;
          case AttrType::kFloat: pa->set_f(static_cast<float>(a.f)); break;
          case AttrType::kFloat64: pa->set_float64(a.f); break;
          case AttrType::kString: pa->set_s(a.s); break;
          case AttrType::kVar: pa->set_var_name(a.s); break;
          case AttrType::kInts: for (auto v : a.ints) pa->add_ints(static_cast<int32_t>(v)); break;
          case AttrType::kLongs: for (auto v : a.ints) pa->add_longs(v); break;
          case AttrType::kBooleans: for (auto v : a.ints) pa->add_bools(v != 0); break;
          case AttrType::kBlocks: for (auto v : a.ints) pa->add_blocks_idx(static_cast<int32_t>(v)); break;
          case AttrType::kFloats: for (auto v : a.floats) pa->add_floats(static_cast<float>(v)); break;
          case AttrType::kFloat64s: for (auto v : a.floats) pa->add_float64s(v); break;
          case AttrType::kStrings: for (const auto& v : a.strings) pa->add_strings(v); break;
          case AttrType::kVars: for (const auto& v : a.strings) pa->add_vars_name(v); break;
        }
      }
    }
  }
  if (!pb.SerializeToString(out)) return Internal("cannot serialize the program");
  return Status::OK();
}

}  // namespace ember
