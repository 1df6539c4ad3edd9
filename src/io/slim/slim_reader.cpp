// Reads the slim model format (slim_model.h). Every count, length and offset is checked against the bytes
// left before anything is allocated for it, so a truncated or crafted file is a ParseError naming the file
// and the part, never a crash or a huge allocation.
#include <cstring>

#include "io/file_util.h"
#include "io/slim/slim_model.h"

namespace ember {
namespace {

constexpr uint32_t kMaxRank = 64;

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size, const std::string& source) : p_(data), size_(size), source_(source) {}

  Status Fail(const std::string& what) const {
    return ParseError("slim model ", source_, ": ", what, " (at byte ", pos_, ")");
  }
  size_t left() const { return size_ - pos_; }
  Status Raw(void* dst, size_t n, const char* what) {
    if (left() < n) return Fail(StrCat("truncated reading ", what));
    std::memcpy(dst, p_ + pos_, n);
    pos_ += n;
    return Status::OK();
  }
  Status U8(uint8_t* v, const char* what) { return Raw(v, 1, what); }
  Status U32(uint32_t* v, const char* what) { return Raw(v, 4, what); }
  Status I32(int32_t* v, const char* what) { return Raw(v, 4, what); }
  Status I64(int64_t* v, const char* what) { return Raw(v, 8, what); }
  Status U64(uint64_t* v, const char* what) { return Raw(v, 8, what); }
  Status F64(double* v, const char* what) { return Raw(v, 8, what); }
  // A count of items of at least `min_bytes` each: more than the bytes left can hold is malformed.
  Status Count(uint32_t* n, size_t min_bytes, const char* what) {
    EMBER_RETURN_IF_ERROR(U32(n, what));
    if (*n > left() / min_bytes) return Fail(StrCat(what, " ", *n, " exceeds the file"));
    return Status::OK();
  }
  Status Str(std::string* s, const char* what) {
    uint32_t n = 0;
    EMBER_RETURN_IF_ERROR(U32(&n, what));
    if (n > left()) return Fail(StrCat(what, " of ", n, " bytes exceeds the file"));
    s->assign(reinterpret_cast<const char*>(p_ + pos_), n);
    pos_ += n;
    return Status::OK();
  }
  Status Dims(std::vector<int64_t>* dims, const char* what) {
    uint32_t n = 0;
    EMBER_RETURN_IF_ERROR(Count(&n, 8, what));
    if (n > kMaxRank) return Fail(StrCat(what, ": rank ", n, " (at most ", kMaxRank, ")"));
    dims->resize(n);
    for (auto& d : *dims) EMBER_RETURN_IF_ERROR(I64(&d, what));
    return Status::OK();
  }

 private:
  const uint8_t* p_;
  size_t size_;
  size_t pos_ = 0;
  const std::string& source_;
};

Status ReadSlots(ByteReader* r, OpDesc::Slots* slots) {
  uint32_t n = 0;
  EMBER_RETURN_IF_ERROR(r->Count(&n, 8, "slot count"));
  slots->resize(n);
  for (auto& kv : *slots) {
    EMBER_RETURN_IF_ERROR(r->Str(&kv.first, "slot name"));
    uint32_t names = 0;
    EMBER_RETURN_IF_ERROR(r->Count(&names, 4, "slot variable count"));
    kv.second.resize(names);
    for (auto& name : kv.second) EMBER_RETURN_IF_ERROR(r->Str(&name, "slot variable"));
  }
  return Status::OK();
}

Status ReadAttr(ByteReader* r, Attribute* a) {
  uint8_t type = 0;
  EMBER_RETURN_IF_ERROR(r->U8(&type, "attribute type"));
  if (type > static_cast<uint8_t>(AttrType::kFloat64)) return r->Fail(StrCat("unknown attribute type ", int{type}));
  a->type = static_cast<AttrType>(type);
  uint32_t n = 0;
  switch (a->type) {
    case AttrType::kInt: case AttrType::kLong: case AttrType::kBoolean: case AttrType::kBlock:
      return r->I64(&a->i, "attribute value");
    case AttrType::kFloat: case AttrType::kFloat64: return r->F64(&a->f, "attribute value");
    case AttrType::kString: case AttrType::kVar: return r->Str(&a->s, "attribute value");
    case AttrType::kInts: case AttrType::kLongs: case AttrType::kBooleans: case AttrType::kBlocks:
      EMBER_RETURN_IF_ERROR(r->Count(&n, 8, "attribute length"));
      a->ints.resize(n);
      for (auto& v : a->ints) EMBER_RETURN_IF_ERROR(r->I64(&v, "attribute value"));
      return Status::OK();
    case AttrType::kFloats: case AttrType::kFloat64s:
      EMBER_RETURN_IF_ERROR(r->Count(&n, 8, "attribute length"));
      a->floats.resize(n);
      for (auto& v : a->floats) EMBER_RETURN_IF_ERROR(r->F64(&v, "attribute value"));
      return Status::OK();
    case AttrType::kStrings: case AttrType::kVars:
      EMBER_RETURN_IF_ERROR(r->Count(&n, 4, "attribute length"));
      a->strings.resize(n);
      for (auto& v : a->strings) EMBER_RETURN_IF_ERROR(r->Str(&v, "attribute value"));
      return Status::OK();
  }
  return Status::OK();
}

Status ReadVar(ByteReader* r, VarDesc* v) {
  EMBER_RETURN_IF_ERROR(r->Str(&v->name, "variable name"));
  if (v->name.empty()) return r->Fail("a variable has no name");
  EMBER_RETURN_IF_ERROR(r->I32(&v->type, "variable type"));
  EMBER_RETURN_IF_ERROR(r->I32(&v->dtype, "variable dtype"));
  EMBER_RETURN_IF_ERROR(r->Dims(&v->dims, "variable dims"));
  EMBER_RETURN_IF_ERROR(r->I32(&v->lod_level, "variable LoD level"));
  uint8_t persistable = 0;
  EMBER_RETURN_IF_ERROR(r->U8(&persistable, "variable persistable flag"));
  v->persistable = persistable != 0;
  return Status::OK();
}

Status ReadOp(ByteReader* r, OpDesc* op) {
  EMBER_RETURN_IF_ERROR(r->Str(&op->type, "op type"));
  if (op->type.empty()) return r->Fail("an op has no type");
  EMBER_RETURN_IF_ERROR(ReadSlots(r, &op->inputs));
  EMBER_RETURN_IF_ERROR(ReadSlots(r, &op->outputs));
  uint32_t n = 0;
  EMBER_RETURN_IF_ERROR(r->Count(&n, 5, "attribute count"));
  for (uint32_t i = 0; i < n; ++i) {
    std::string name;
    EMBER_RETURN_IF_ERROR(r->Str(&name, "attribute name"));
    Status s = ReadAttr(r, &op->attrs[name]);
    if (!s.ok()) return s.Prepend(StrCat("op ", op->Describe(), " attribute ", Quote(name), ": "));
  }
  return Status::OK();
}

Status ReadBlock(ByteReader* r, BlockDesc* b) {
  EMBER_RETURN_IF_ERROR(r->I32(&b->idx, "block index"));
  EMBER_RETURN_IF_ERROR(r->I32(&b->parent_idx, "block parent"));
  uint32_t n = 0;
  EMBER_RETURN_IF_ERROR(r->Count(&n, 25, "variable count"));
  b->vars.resize(n);
  for (auto& v : b->vars) EMBER_RETURN_IF_ERROR(ReadVar(r, &v));
  EMBER_RETURN_IF_ERROR(r->Count(&n, 16, "op count"));
  b->ops.resize(n);
  for (auto& op : b->ops) EMBER_RETURN_IF_ERROR(ReadOp(r, &op));
  return Status::OK();
}

struct WeightRecord {
  std::string name;
  uint8_t dtype = 0;
  std::vector<int64_t> dims;
  uint64_t offset = 0, bytes = 0;
};

Status ReadWeightRecord(ByteReader* r, WeightRecord* w) {
  EMBER_RETURN_IF_ERROR(r->Str(&w->name, "weight name"));
  EMBER_RETURN_IF_ERROR(r->U8(&w->dtype, "weight dtype"));
  EMBER_RETURN_IF_ERROR(r->Dims(&w->dims, "weight dims"));
  EMBER_RETURN_IF_ERROR(r->U64(&w->offset, "weight offset"));
  return r->U64(&w->bytes, "weight size");
}

// One weight's tensor: a view of the backing block where the bytes lie inside it, else a copy. Bools are
// copied as 0 / 1 whatever the file holds (any other byte is not a bool).
Status MakeWeight(const WeightRecord& w, const uint8_t* data, uint64_t data_bytes, const std::string& source,
                  const std::shared_ptr<Allocation>& backing, Tensor* t) {
  auto fail = [&](const std::string& what) {
    return ParseError("slim model ", source, ": weight ", Quote(w.name), ": ", what);
  };
  if (w.dtype > static_cast<uint8_t>(DataType::kBool) || w.dtype == static_cast<uint8_t>(DataType::kFloat16))
    return fail(StrCat("unknown element type ", int{w.dtype}));
  const DataType dtype = static_cast<DataType>(w.dtype);
  const DDim dims(w.dims);
  const int64_t n = dims.numel();
  if (n < 0) return fail(StrCat("invalid dims ", dims.ToString()));
  if (static_cast<uint64_t>(n) > data_bytes / SizeOf(dtype) || w.bytes != static_cast<uint64_t>(n) * SizeOf(dtype))
    return fail(StrCat(w.bytes, " bytes for ", DataTypeName(dtype), " ", dims.ToString()));
  if (w.offset > data_bytes || w.bytes > data_bytes - w.offset || w.offset % Tensor::kAlignment)
    return fail(StrCat("bytes [", w.offset, ", +", w.bytes, ") outside the data section or unaligned"));
  const uint8_t* src = data + w.offset;
  const uint8_t* base = backing ? static_cast<const uint8_t*>(backing->ptr()) : nullptr;
  *t = Tensor(dtype, dims);
  if (base && dtype != DataType::kBool && src >= base && src + w.bytes <= base + backing->size() &&
      reinterpret_cast<uintptr_t>(src) % SizeOf(dtype) == 0) {  // as the Paddle loader's views (a caller's buffer)
    t->UseBlock(backing, static_cast<size_t>(src - base), static_cast<size_t>(w.bytes));
    return Status::OK();
  }
  uint8_t* dst = static_cast<uint8_t*>(t->mutable_data(dtype));
  if (dtype == DataType::kBool) {
    for (int64_t i = 0; i < n; ++i) dst[i] = src[i] != 0;
  } else if (w.bytes) {
    std::memcpy(dst, src, static_cast<size_t>(w.bytes));
  }
  return Status::OK();
}

Status ReadHeader(ByteReader* r, uint64_t size, uint64_t* program_bytes, uint64_t* data_offset, uint64_t* data_bytes) {
  char magic[8];
  EMBER_RETURN_IF_ERROR(r->Raw(magic, 8, "the magic"));
  if (std::memcmp(magic, kSlimMagic, 8) != 0) return r->Fail("not a slim model (no EMBRSLIM magic)");
  uint32_t version = 0, flags = 0;
  EMBER_RETURN_IF_ERROR(r->U32(&version, "the version"));
  if (version != kSlimVersion)
    return r->Fail(StrCat("format version ", version, ": this build reads version ", kSlimVersion,
                          " (write the model again with this build's `ember convert --slim`)"));
  EMBER_RETURN_IF_ERROR(r->U32(&flags, "the flags"));
  EMBER_RETURN_IF_ERROR(r->U64(program_bytes, "the program size"));
  EMBER_RETURN_IF_ERROR(r->U64(data_offset, "the data offset"));
  EMBER_RETURN_IF_ERROR(r->U64(data_bytes, "the data size"));
  if (*program_bytes > size - 40 || *data_offset < 40 + *program_bytes || *data_offset > size ||
      *data_bytes != size - *data_offset || *data_offset % Tensor::kAlignment)
    return r->Fail(StrCat("sections (program ", *program_bytes, " bytes, data ", *data_bytes, " at ", *data_offset,
                          ") disagree with the file's ", size, " bytes"));
  return Status::OK();
}

Status ReadWeights(ByteReader* r, const uint8_t* data, uint64_t data_bytes, const std::string& source,
                   const std::shared_ptr<Allocation>& backing, const ProgramDesc& program, Scope* weights) {
  uint32_t n = 0;
  EMBER_RETURN_IF_ERROR(r->Count(&n, 25, "weight count"));
  for (uint32_t i = 0; i < n; ++i) {
    WeightRecord w;
    EMBER_RETURN_IF_ERROR(ReadWeightRecord(r, &w));
    const VarDesc* v = program.block0().FindVar(w.name);
    if (!v || !v->IsWeight())
      return ParseError("slim model ", source, ": weight ", Quote(w.name), " is not a persistable variable of block 0");
    if (weights->FindLocalVar(w.name)) return ParseError("slim model ", source, ": weight ", Quote(w.name), " twice");
    EMBER_RETURN_IF_ERROR(MakeWeight(w, data, data_bytes, source, backing, weights->Var(w.name)->GetMutable()));
  }
  if (r->left()) return r->Fail("unexpected bytes after the weight table");
  return Status::OK();
}

}  // namespace

Status ParseSlimModel(const void* data, size_t size, const std::string& source, const std::shared_ptr<Allocation>& backing,
                      ProgramDesc* program, Scope* weights) {
  const uint8_t* bytes = static_cast<const uint8_t*>(data);
  if (size < 40 || !bytes) return ParseError("slim model ", source, ": ", size, " bytes, shorter than its header");
  ByteReader header(bytes, 40, source);
  uint64_t program_bytes = 0, data_offset = 0, data_bytes = 0;
  EMBER_RETURN_IF_ERROR(ReadHeader(&header, size, &program_bytes, &data_offset, &data_bytes));
  ByteReader r(bytes + 40, static_cast<size_t>(program_bytes), source);
  std::string source_format;
  EMBER_RETURN_IF_ERROR(r.Str(&source_format, "the source format"));
  EMBER_RETURN_IF_ERROR(r.I64(&program->version, "the program version"));
  uint32_t blocks = 0;
  EMBER_RETURN_IF_ERROR(r.Count(&blocks, 16, "block count"));
  if (blocks == 0) return r.Fail("the program has no blocks");
  program->blocks.resize(blocks);
  for (auto& b : program->blocks) EMBER_RETURN_IF_ERROR(ReadBlock(&r, &b));
  program->format = "slim";
  EMBER_RETURN_IF_ERROR(CheckBlock0Declared(*program, "slim model " + source));
  return ReadWeights(&r, bytes + data_offset, data_bytes, source, backing, *program, weights);
}

Status LoadSlimFile(const std::string& path, ProgramDesc* program, Scope* weights) {
  std::shared_ptr<Allocation> mapped;
  EMBER_RETURN_IF_ERROR(MapFile(path, &mapped));
  return ParseSlimModel(mapped->ptr(), mapped->size(), path, mapped, program, weights);
}

}  // namespace ember
