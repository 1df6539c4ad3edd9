// Writes the slim model format (slim_model.h): the program as given (callers pass it after the passes) and
// the weights its ops read, each at a 64-byte aligned offset of the data section.
#include <cstring>
#include <fstream>
#include <set>

#include "io/slim/slim_model.h"
#include "passes/passes.h"

namespace ember {
namespace {

class ByteWriter {
 public:
  explicit ByteWriter(std::string* out) : out_(out) {}
  void Raw(const void* p, size_t n) { out_->append(static_cast<const char*>(p), n); }
  void U8(uint8_t v) { Raw(&v, 1); }
  void U32(uint32_t v) { Raw(&v, 4); }
  void I32(int32_t v) { Raw(&v, 4); }
  void I64(int64_t v) { Raw(&v, 8); }
  void U64(uint64_t v) { Raw(&v, 8); }
  void F64(double v) { Raw(&v, 8); }
  void Str(const std::string& s) {
    U32(static_cast<uint32_t>(s.size()));
    Raw(s.data(), s.size());
  }
  void Dims(const std::vector<int64_t>& dims) {
    U32(static_cast<uint32_t>(dims.size()));
    for (int64_t d : dims) I64(d);
  }

 private:
  std::string* out_;
};

void WriteSlots(const OpDesc::Slots& slots, ByteWriter* w) {
  w->U32(static_cast<uint32_t>(slots.size()));
  for (const auto& kv : slots) {
    w->Str(kv.first);
    w->U32(static_cast<uint32_t>(kv.second.size()));
    for (const auto& n : kv.second) w->Str(n);
  }
}

void WriteAttr(const Attribute& a, ByteWriter* w) {
  w->U8(static_cast<uint8_t>(a.type));
  switch (a.type) {
    case AttrType::kInt: case AttrType::kLong: case AttrType::kBoolean: case AttrType::kBlock:
      w->I64(a.i);
      break;
    case AttrType::kFloat: case AttrType::kFloat64: w->F64(a.f); break;
    case AttrType::kString: case AttrType::kVar: w->Str(a.s); break;
    case AttrType::kInts: case AttrType::kLongs: case AttrType::kBooleans: case AttrType::kBlocks:
      w->Dims(a.ints);
      break;
    case AttrType::kFloats: case AttrType::kFloat64s:
      w->U32(static_cast<uint32_t>(a.floats.size()));
      for (double f : a.floats) w->F64(f);
      break;
    case AttrType::kStrings: case AttrType::kVars:
      w->U32(static_cast<uint32_t>(a.strings.size()));
      for (const auto& s : a.strings) w->Str(s);
      break;
  }
}

void WriteBlock(const BlockDesc& b, ByteWriter* w) {
  w->I32(b.idx);
  w->I32(b.parent_idx);
  w->U32(static_cast<uint32_t>(b.vars.size()));
  for (const auto& v : b.vars) {
    w->Str(v.name);
    w->I32(v.type);
    w->I32(v.dtype);
    w->Dims(v.dims);
    w->I32(v.lod_level);
    w->U8(v.persistable ? 1 : 0);
  }
  w->U32(static_cast<uint32_t>(b.ops.size()));
  for (const auto& op : b.ops) {
    w->Str(op.type);
    WriteSlots(op.inputs, w);
    WriteSlots(op.outputs, w);
    w->U32(static_cast<uint32_t>(op.attrs.size()));
    for (const auto& kv : op.attrs) {
      w->Str(kv.first);
      WriteAttr(kv.second, w);
    }
  }
}

// The weights the program's ops read, by name (sorted, so a model always writes the same bytes).
Status CollectWeights(const ProgramDesc& program, const Scope& weights, std::vector<std::string>* names) {
  std::set<std::string> read;
  for (const auto& b : program.blocks)
    for (const auto& op : b.ops)
      for (const auto& n : op.AllInputNames()) read.insert(n);
  for (const auto& n : read) {
    const Variable* v = weights.FindVar(n);
    if (!v) continue;
    if (!v->Get().initialized())
      return InvalidArgument("weight ", Quote(n), " holds no data (freed after packing?): load the model with "
                             "release_packed_weights off to write it");
    names->push_back(n);
  }
  return Status::OK();
}

size_t AlignUp(size_t n) { return (n + Tensor::kAlignment - 1) / Tensor::kAlignment * Tensor::kAlignment; }

}  // namespace

Status SerializeSlimModel(const ProgramDesc& program, const Scope& weights, std::string* out,
                          SlimWriteReport* report) {
  if (program.blocks.empty()) return InvalidArgument("the program has no blocks");
  std::vector<std::string> names;
  EMBER_RETURN_IF_ERROR(CollectWeights(program, weights, &names));
  ProgramDesc p = program;  // the weights' VarDescs say what the tensors hold
  for (const auto& n : names) {
    const Tensor& t = weights.FindVar(n)->Get();
    VarDesc* v = p.block0().FindVar(n);
    if (!v) {
      VarDesc declared;
      declared.name = n;
      v = p.block0().AddVar(declared);
    }
    v->persistable = true;
    v->dtype = VarDataTypeOf(t.dtype());
    v->dims = t.dims().vec();
  }
  std::string prog;
  ByteWriter w(&prog);
  w.Str(p.format);
  w.I64(p.version);
  w.U32(static_cast<uint32_t>(p.blocks.size()));
  for (const auto& b : p.blocks) WriteBlock(b, &w);
  w.U32(static_cast<uint32_t>(names.size()));
  size_t data_bytes = 0;
  for (const auto& n : names) {
    const Tensor& t = weights.FindVar(n)->Get();
    w.Str(n);
    w.U8(static_cast<uint8_t>(t.dtype()));
    w.Dims(t.dims().vec());
    w.U64(data_bytes);
    w.U64(t.nbytes());
    data_bytes = AlignUp(data_bytes + t.nbytes());
  }
  const size_t header = 40, data_offset = AlignUp(header + prog.size());
  out->clear();
  out->reserve(data_offset + data_bytes);
  ByteWriter h(out);
  h.Raw(kSlimMagic, sizeof(kSlimMagic));
  h.U32(kSlimVersion);
  h.U32(0);
  h.U64(prog.size());
  h.U64(data_offset);
  h.U64(data_bytes);
  out->append(prog);
  for (const auto& n : names) {
    out->resize(AlignUp(out->size()), '\0');
    const Tensor& t = weights.FindVar(n)->Get();
    if (t.nbytes()) h.Raw(t.raw_data(), t.nbytes());
  }
  out->resize(data_offset + data_bytes, '\0');
  if (report) *report = {names.size(), data_bytes, out->size()};
  return Status::OK();
}

Status WriteSlimModel(const ProgramDesc& program, const Scope& weights, const std::string& path,
                      SlimWriteReport* report) {
  std::string bytes;
  EMBER_RETURN_IF_ERROR(SerializeSlimModel(program, weights, &bytes, report));
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) return NotFound("cannot create file ", path);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!f.flush()) return NotFound("cannot write file ", path);
  return Status::OK();
}

Status WriteOptimizedSlimModel(const ProgramDesc& loaded, const Scope& weights,
                               const std::vector<std::string>& disabled_passes, const std::string& path,
                               SlimWriteReport* report, ProgramDesc* written) {
  ProgramDesc p = loaded;
  Scope folded(&weights);
  PassOptions options;
  options.disabled = disabled_passes;
  options.skip_target = true;
  EMBER_RETURN_IF_ERROR(OptimizeProgram(&p, &folded, options));
  EMBER_RETURN_IF_ERROR(WriteSlimModel(p, folded, path, report));
  if (written) *written = std::move(p);
  return Status::OK();
}

}  // namespace ember
