// ncnn's graph formats, parsed into layers: the text .param (magic 7767517) and the binary .param.bin.
// Each layer keeps its parameter dictionary as ncnn stores it; the converters read it by id.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "framework/status.h"

namespace ember {

constexpr int kNcnnMagic = 7767517;

// One value of the dictionary. ncnn keeps a 32-bit word and lets the layer read it as int or float; the
// text format also records whether the literal looked like a float.
struct NcnnValue {
  bool is_float = false;
  int32_t i = 0;
  float f = 0.f;
};

struct NcnnParamDict {
  std::map<int, NcnnValue> scalars;
  std::map<int, std::vector<NcnnValue>> arrays;   // key: array index (id = -23300 - index)
  bool binary = false;

  bool Has(int id) const { return scalars.count(id) != 0; }
  bool HasArray(int id) const { return arrays.count(id) != 0; }

  // A binary word read as int, or a text literal converted to int (saturated, see ParseTextValue).
  static int32_t AsInt(const NcnnValue& v) { return v.i; }
  static float AsFloat(const NcnnValue& v, bool binary);
  int Int(int id, int def) const {
    auto it = scalars.find(id);
    return it == scalars.end() ? def : AsInt(it->second);
  }
  float Float(int id, float def) const {
    auto it = scalars.find(id);
    return it == scalars.end() ? def : AsFloat(it->second, binary);
  }
  std::vector<int> Ints(int id) const;
  std::vector<float> Floats(int id) const;
};

struct NcnnLayer {
  std::string type;
  std::string name;
  std::vector<std::string> bottoms;
  std::vector<std::string> tops;
  NcnnParamDict pd;
  int line = 0;   // text line or binary layer index, for parse messages
  int index = 0;  // position in the graph (0 = first layer), for import messages
};

// `path` names the model in error messages. *blob_count receives the header's blob count.
Status ParseNcnnTextParam(const std::string& text, const std::string& path, std::vector<NcnnLayer>* layers,
                          int* blob_count);
Status ParseNcnnBinaryParam(const std::string& buf, const std::string& path, std::vector<NcnnLayer>* layers,
                            int* blob_count);

}  // namespace ember
