#include "framework/program_desc.h"

#include <algorithm>

namespace ember {

const char* AttrTypeName(AttrType t) {
  switch (t) {
    case AttrType::kInt: return "INT";
    case AttrType::kFloat: return "FLOAT";
    case AttrType::kString: return "STRING";
    case AttrType::kInts: return "INTS";
    case AttrType::kFloats: return "FLOATS";
    case AttrType::kStrings: return "STRINGS";
    case AttrType::kBoolean: return "BOOLEAN";
    case AttrType::kBooleans: return "BOOLEANS";
    case AttrType::kBlock: return "BLOCK";
    case AttrType::kLong: return "LONG";
    case AttrType::kBlocks: return "BLOCKS";
    case AttrType::kLongs: return "LONGS";
    case AttrType::kFloat64s: return "FLOAT64S";
    case AttrType::kVar: return "VAR";
    case AttrType::kVars: return "VARS";
    case AttrType::kFloat64: return "FLOAT64";
  }
  return "UNKNOWN";
}

const char* VarDataTypeName(int t) {
  switch (static_cast<VarDataType>(t)) {
    case VarDataType::kBool: return "BOOL";
    case VarDataType::kInt16: return "INT16";
    case VarDataType::kInt32: return "INT32";
    case VarDataType::kInt64: return "INT64";
    case VarDataType::kFP16: return "FP16";
    case VarDataType::kFP32: return "FP32";
    case VarDataType::kFP64: return "FP64";
    case VarDataType::kLoDTensor: return "LOD_TENSOR";
    case VarDataType::kSelectedRows: return "SELECTED_ROWS";
    case VarDataType::kFeedMinibatch: return "FEED_MINIBATCH";
    case VarDataType::kFetchList: return "FETCH_LIST";
    case VarDataType::kLoDTensorArray: return "LOD_TENSOR_ARRAY";
    case VarDataType::kRaw: return "RAW";
    case VarDataType::kUInt8: return "UINT8";
    case VarDataType::kInt8: return "INT8";
    case VarDataType::kBF16: return "BF16";
  }
  return "UNKNOWN";
}

int VarDataTypeOf(DataType t) {
  switch (t) {
    case DataType::kFloat32: return static_cast<int>(VarDataType::kFP32);
    case DataType::kFloat16: return static_cast<int>(VarDataType::kFP16);
    case DataType::kInt8: return static_cast<int>(VarDataType::kInt8);
    case DataType::kUInt8: return static_cast<int>(VarDataType::kUInt8);
    case DataType::kInt32: return static_cast<int>(VarDataType::kInt32);
    case DataType::kInt64: return static_cast<int>(VarDataType::kInt64);
    case DataType::kBool: return static_cast<int>(VarDataType::kBool);
  }
  return static_cast<int>(VarDataType::kFP32);
}

namespace {
const std::vector<std::string>& FindSlot(const OpDesc::Slots& slots, const std::string& slot) {
  static const std::vector<std::string> kEmpty;
  for (const auto& kv : slots)
    if (kv.first == slot) return kv.second;
  return kEmpty;
}
void SetSlot(OpDesc::Slots* slots, const std::string& slot, std::vector<std::string> names) {
  for (auto& kv : *slots)
    if (kv.first == slot) {
      kv.second = std::move(names);
      return;
    }
  slots->emplace_back(slot, std::move(names));
}
}  // namespace

const std::vector<std::string>& OpDesc::Input(const std::string& slot) const { return FindSlot(inputs, slot); }
const std::vector<std::string>& OpDesc::Output(const std::string& slot) const { return FindSlot(outputs, slot); }
void OpDesc::SetInput(const std::string& slot, std::vector<std::string> names) { SetSlot(&inputs, slot, std::move(names)); }
void OpDesc::SetOutput(const std::string& slot, std::vector<std::string> names) { SetSlot(&outputs, slot, std::move(names)); }

const Attribute* OpDesc::Attr(const std::string& name) const {
  auto it = attrs.find(name);
  return it == attrs.end() ? nullptr : &it->second;
}

std::vector<std::string> OpDesc::AllInputNames() const {
  std::vector<std::string> v;
  for (const auto& kv : inputs) v.insert(v.end(), kv.second.begin(), kv.second.end());
  return v;
}

std::vector<std::string> OpDesc::AllOutputNames() const {
  std::vector<std::string> v;
  for (const auto& kv : outputs) v.insert(v.end(), kv.second.begin(), kv.second.end());
  return v;
}

std::string OpDesc::Describe() const {
  std::vector<std::string> outs = AllOutputNames();
  if (outs.empty()) return type;
  return type + " (output " + outs[0] + ")";
}

const VarDesc* BlockDesc::FindVar(const std::string& name) const {
  for (const auto& v : vars)
    if (v.name == name) return &v;
  return nullptr;
}

VarDesc* BlockDesc::FindVar(const std::string& name) {
  for (auto& v : vars)
    if (v.name == name) return &v;
  return nullptr;
}

VarDesc* BlockDesc::AddVar(VarDesc v) {
  if (VarDesc* old = FindVar(v.name)) {
    *old = std::move(v);
    return old;
  }
  vars.push_back(std::move(v));
  return &vars.back();
}

void BlockDesc::RemoveVar(const std::string& name) {
  vars.erase(std::remove_if(vars.begin(), vars.end(), [&](const VarDesc& v) { return v.name == name; }),
             vars.end());
}

void BlockDesc::DeclareFeedFetchVars() {
  for (auto [name, type] : {std::make_pair("feed", VarDataType::kFeedMinibatch),
                            std::make_pair("fetch", VarDataType::kFetchList)}) {
    if (FindVar(name)) continue;
    VarDesc v;
    v.name = name;
    v.type = static_cast<int>(type);
    v.persistable = true;
    AddVar(v);
  }
}

namespace {
std::vector<std::string> TargetsOf(const ProgramDesc& p, const std::string& op_type, bool use_output) {
  std::vector<std::pair<int64_t, std::string>> cols;
  if (p.blocks.empty()) return {};
  for (const auto& op : p.block0().ops) {
    if (op.type != op_type) continue;
    const auto& names = use_output ? op.Output("Out") : op.Input("X");
    if (names.empty()) continue;
    const Attribute* col = op.Attr("col");
    cols.emplace_back(col ? col->i : static_cast<int64_t>(cols.size()), names[0]);
  }
  std::stable_sort(cols.begin(), cols.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (auto& c : cols) out.push_back(c.second);
  return out;
}
}  // namespace

std::vector<std::string> ProgramDesc::FeedNames() const { return TargetsOf(*this, "feed", true); }
std::vector<std::string> ProgramDesc::FetchNames() const { return TargetsOf(*this, "fetch", false); }

Status CheckBlock0Declared(const ProgramDesc& program, const std::string& what) {
  const BlockDesc& b0 = program.block0();
  for (const auto& op : b0.ops)
    for (const auto* slots : {&op.inputs, &op.outputs})
      for (const auto& kv : *slots)
        for (const auto& n : kv.second)
          if (!b0.FindVar(n))
            return ParseError(what, ": op ", op.Describe(), " slot ", kv.first, " names undeclared variable ", Quote(n));
  return Status::OK();
}

std::map<std::string, int> ProgramDesc::OpTypeCounts() const {
  std::map<std::string, int> counts;
  for (const auto& b : blocks)
    for (const auto& op : b.ops) counts[op.type]++;
  return counts;
}

// ---- AttrReader ----

const Attribute* AttrReader::Get(const std::string& name, std::initializer_list<AttrType> allowed,
                                 const char* want) {
  const Attribute* a = op_.Attr(name);
  if (!a) return nullptr;
  for (AttrType t : allowed)
    if (a->type == t) return a;
  if (status_.ok())
    status_ = InvalidArgument("op ", op_.Describe(), ": attribute '", name, "' must be ", want, ", got ",
                              AttrTypeName(a->type));
  return nullptr;
}

int64_t AttrReader::Int(const std::string& name, int64_t def) {
  const Attribute* a = Get(name, {AttrType::kInt, AttrType::kLong, AttrType::kBoolean}, "an integer");
  return a ? a->i : def;
}

int64_t AttrReader::RequiredInt(const std::string& name) {
  if (!Has(name) && status_.ok())
    status_ = InvalidArgument("op ", op_.Describe(), ": missing attribute '", name, "'");
  return Int(name, 0);
}

float AttrReader::Float(const std::string& name, float def) {
  const Attribute* a = Get(name, {AttrType::kFloat, AttrType::kFloat64, AttrType::kInt, AttrType::kLong},
                           "a number");
  if (!a) return def;
  if (a->type == AttrType::kInt || a->type == AttrType::kLong) return static_cast<float>(a->i);
  return static_cast<float>(a->f);
}

bool AttrReader::Bool(const std::string& name, bool def) {
  const Attribute* a = Get(name, {AttrType::kBoolean, AttrType::kInt, AttrType::kLong}, "a boolean");
  return a ? a->i != 0 : def;
}

std::string AttrReader::String(const std::string& name, const std::string& def) {
  const Attribute* a = Get(name, {AttrType::kString}, "a string");
  return a ? a->s : def;
}

std::vector<int64_t> AttrReader::Ints(const std::string& name, const std::vector<int64_t>& def) {
  const Attribute* a = Get(name, {AttrType::kInts, AttrType::kLongs, AttrType::kBooleans, AttrType::kInt,
                                  AttrType::kLong}, "a list of integers");
  if (!a) return def;
  if (a->type == AttrType::kInt || a->type == AttrType::kLong) return {a->i};
  return a->ints;
}

std::vector<float> AttrReader::Floats(const std::string& name, const std::vector<float>& def) {
  const Attribute* a = Get(name, {AttrType::kFloats, AttrType::kFloat64s, AttrType::kFloat, AttrType::kFloat64},
                           "a list of numbers");
  if (!a) return def;
  if (a->type == AttrType::kFloat || a->type == AttrType::kFloat64) return {static_cast<float>(a->f)};
  return std::vector<float>(a->floats.begin(), a->floats.end());
}

std::vector<std::string> AttrReader::Strings(const std::string& name, const std::vector<std::string>& def) {
  const Attribute* a = Get(name, {AttrType::kStrings, AttrType::kString}, "a list of strings");
  if (!a) return def;
  if (a->type == AttrType::kString) return {a->s};
  return a->strings;
}

}  // namespace ember
