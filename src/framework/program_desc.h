// ProgramDesc / BlockDesc / OpDesc / VarDesc as plain C++, independent of any file format's classes.
// The Paddle loader and the ONNX/ncnn importers fill these; passes rewrite them; the Executor runs them.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "framework/data_type.h"
#include "framework/ddim.h"
#include "framework/status.h"

namespace ember {

// Paddle's AttrType numbering (framework.proto), kept so the loader maps 1:1.
enum class AttrType : int {
  kInt = 0, kFloat = 1, kString = 2, kInts = 3, kFloats = 4, kStrings = 5, kBoolean = 6,
  kBooleans = 7, kBlock = 8, kLong = 9, kBlocks = 10, kLongs = 11, kFloat64s = 12, kVar = 13,
  kVars = 14, kFloat64 = 15,
};
const char* AttrTypeName(AttrType t);

struct Attribute {
  AttrType type = AttrType::kInt;
  int64_t i = 0;                      // INT, LONG, BOOLEAN, BLOCK
  double f = 0;                       // FLOAT, FLOAT64
  std::string s;                      // STRING, VAR
  std::vector<int64_t> ints;          // INTS, LONGS, BOOLEANS, BLOCKS
  std::vector<double> floats;         // FLOATS, FLOAT64S
  std::vector<std::string> strings;   // STRINGS, VARS

  static Attribute Int(int64_t v) { Attribute a; a.type = AttrType::kInt; a.i = v; return a; }
  static Attribute Long(int64_t v) { Attribute a; a.type = AttrType::kLong; a.i = v; return a; }
  static Attribute Float(double v) { Attribute a; a.type = AttrType::kFloat; a.f = v; return a; }
  static Attribute Bool(bool v) { Attribute a; a.type = AttrType::kBoolean; a.i = v; return a; }
  static Attribute String(std::string v) { Attribute a; a.type = AttrType::kString; a.s = std::move(v); return a; }
  static Attribute Ints(std::vector<int64_t> v) { Attribute a; a.type = AttrType::kInts; a.ints = std::move(v); return a; }
  static Attribute Floats(std::vector<double> v) { Attribute a; a.type = AttrType::kFloats; a.floats = std::move(v); return a; }
  static Attribute Strings(std::vector<std::string> v) { Attribute a; a.type = AttrType::kStrings; a.strings = std::move(v); return a; }
};

// Paddle's VarType.Type numbering.
enum class VarDataType : int {
  kBool = 0, kInt16 = 1, kInt32 = 2, kInt64 = 3, kFP16 = 4, kFP32 = 5, kFP64 = 6,
  kLoDTensor = 7, kSelectedRows = 8, kFeedMinibatch = 9, kFetchList = 10, kLoDTensorArray = 13,
  kRaw = 17, kUInt8 = 20, kInt8 = 21, kBF16 = 22,
};
const char* VarDataTypeName(int t);
// The VarType number of an Ember element type (what a VarDesc or a cast attribute holds).
int VarDataTypeOf(DataType t);

struct VarDesc {
  std::string name;
  int type = static_cast<int>(VarDataType::kLoDTensor);   // LOD_TENSOR, FEED_MINIBATCH, ...
  int dtype = static_cast<int>(VarDataType::kFP32);       // element type of a LOD_TENSOR
  std::vector<int64_t> dims;
  int lod_level = 0;
  bool persistable = false;

  bool IsTensor() const { return type == static_cast<int>(VarDataType::kLoDTensor); }
  // Persistable tensors that live in the params file (not feed/fetch lists or raw vars).
  bool IsWeight() const { return persistable && IsTensor(); }
};

struct OpDesc {
  using Slots = std::vector<std::pair<std::string, std::vector<std::string>>>;
  std::string type;
  Slots inputs;
  Slots outputs;
  std::map<std::string, Attribute> attrs;

  // Variable names bound to a slot; empty when the slot is absent.
  const std::vector<std::string>& Input(const std::string& slot) const;
  const std::vector<std::string>& Output(const std::string& slot) const;
  bool HasInput(const std::string& slot) const { return !Input(slot).empty(); }
  void SetInput(const std::string& slot, std::vector<std::string> names);
  void SetOutput(const std::string& slot, std::vector<std::string> names);
  const Attribute* Attr(const std::string& name) const;
  std::vector<std::string> AllInputNames() const;
  std::vector<std::string> AllOutputNames() const;
  // "conv2d (output conv2d_0.tmp_0)": how error messages name an op.
  std::string Describe() const;
};

struct BlockDesc {
  int idx = 0;
  int parent_idx = -1;
  std::vector<VarDesc> vars;
  std::vector<OpDesc> ops;

  const VarDesc* FindVar(const std::string& name) const;
  VarDesc* FindVar(const std::string& name);
  VarDesc* AddVar(VarDesc v);  // replaces a var of the same name
  void RemoveVar(const std::string& name);
  // Declares the `feed` and `fetch` list variables that feed and fetch ops name, unless present.
  void DeclareFeedFetchVars();
};

struct ProgramDesc {
  std::vector<BlockDesc> blocks;
  int64_t version = -1;   // Version.version when present
  std::string format;     // "paddle", "onnx", "ncnn"
  // The format's op types the importer converted (ncnn layer, ONNX op types; `ember profile` lists them so a
  // slim build keeps only their converters). Empty for Paddle, whose ops are Ember's own.
  std::set<std::string> source_op_types;

  const BlockDesc& block0() const { return blocks[0]; }
  BlockDesc& block0() { return blocks[0]; }
  // Feed/fetch targets in the order of the feed/fetch ops' `col` attribute.
  std::vector<std::string> FeedNames() const;
  std::vector<std::string> FetchNames() const;
  std::map<std::string, int> OpTypeCounts() const;
};

// ParseError "<what>: op ... slot S names undeclared variable 'n'" for the first name an op of block 0 uses that
// block 0 does not declare (a malformed program, from any loader); OK when every name is declared.
Status CheckBlock0Declared(const ProgramDesc& program, const std::string& what);

// A loaded program, as loaded and as optimized by the passes.
struct Program {
  ProgramDesc loaded;
  ProgramDesc optimized;
};

// Reads attributes with type checking; the first wrong type or missing required attribute is kept as the
// status (the message names the op and the attribute).
class AttrReader {
 public:
  explicit AttrReader(const OpDesc& op) : op_(op) {}
  int64_t Int(const std::string& name, int64_t def);
  int64_t RequiredInt(const std::string& name);
  float Float(const std::string& name, float def);
  bool Bool(const std::string& name, bool def);
  std::string String(const std::string& name, const std::string& def);
  std::vector<int64_t> Ints(const std::string& name, const std::vector<int64_t>& def);
  std::vector<float> Floats(const std::string& name, const std::vector<float>& def);
  std::vector<std::string> Strings(const std::string& name, const std::vector<std::string>& def);
  bool Has(const std::string& name) const { return op_.Attr(name) != nullptr; }
  const Status& status() const { return status_; }

 private:
  const Attribute* Get(const std::string& name, std::initializer_list<AttrType> allowed, const char* want);
  const OpDesc& op_;
  Status status_;
};

}  // namespace ember
