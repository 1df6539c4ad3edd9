// What an ncnn layer converter works with: the context every converter is given (the blobs seen so far,
// the weight loader and the op emitter), and the converter table's row type.
//
// Layout: an ncnn blob is one image without a batch dim: dims 1 = (w), 2 = (w, h), 3 = (w, h, c),
// 4 = (w, h, d, c). Ember gives each a batch dim of 1 and lists dims outermost first: [1, w], [1, h, w],
// [1, c, h, w], [1, c, d, h, w]. ncnn axes count from the outermost dim, so an ncnn axis a >= 0 is Ember
// axis a + 1 whatever the rank, and negative axes are the same in both.
//
// The importer tracks each blob's ncnn rank (from the layer rules, or from the -23330 shape hint when the
// file has one) because a few layers (BinaryOp broadcasting, global pooling's 1-D output, Reshape) depend
// on it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "io/ncnn/ncnn_model_bin.h"
#include "io/ncnn/ncnn_param.h"

namespace ember {

struct NcnnBlob {
  std::string var;        // the Ember variable holding it
  int rank = 0;           // ncnn dims (1..4), 0 unknown
  std::vector<int> hint;  // ncnn (w, h, [d,] c) from the -23330 hint, empty when absent
};

inline int64_t NcnnAxisToEmber(int ncnn_axis) { return ncnn_axis >= 0 ? ncnn_axis + 1 : ncnn_axis; }

// The graph being built. Methods in importer.cpp.
class NcnnContext {
 public:
  // bin is null when weights are generated after the import.
  NcnnContext(ProgramDesc* program, Scope* weights, NcnnModelBin* bin)
      : program_(program), weights_(weights), bin_(bin) {}

  // ----- blobs -----
  const NcnnBlob* FindBlob(const std::string& blob) const;
  // Bottom i of L; the driver has checked that every bottom exists.
  const NcnnBlob* Bottom(const NcnnLayer& L, size_t i) const { return FindBlob(L.bottoms[i]); }
  std::vector<std::string> BottomVars(const NcnnLayer& L) const;
  // Registers top i of L as Ember var `var` with ncnn rank `rank` (the hint's rank wins when present).
  void SetTop(const NcnnLayer& L, size_t i, const std::string& var, int rank);
  void SetHint(const std::string& blob, std::vector<int> shape) { hints_[blob] = std::move(shape); }
  const std::vector<int>* Hint(const std::string& blob) const;

  // ----- weights -----
  bool has_bin() const { return bin_ != nullptr; }
  // Reads n values from the .bin (nothing when weights are generated).
  Status LoadBin(int64_t n, int type, std::vector<float>* out, bool* int8 = nullptr);
  // Declares a weight of `dims`; its values come from the .bin (`values`, empty when generated), stored as
  // `dtype` (float32, or int8 for integer values read from int8 storage).
  Status AddWeight(const std::string& name, std::vector<int64_t> dims, std::vector<float> values,
                   DataType dtype = DataType::kFloat32);

  // ----- ops -----
  BlockDesc& block() { return program_->block0(); }
  void DeclareVar(const std::string& name, std::vector<int64_t> dims = {});
  // Appends `op`, declaring the variables it names.
  OpDesc& Emit(OpDesc op);
  OpDesc& AddOp(const std::string& type, OpDesc::Slots inputs, OpDesc::Slots outputs,
                std::map<std::string, Attribute> attrs = {});
  // An op with slots X -> Out.
  void AddActivation(const std::string& type, const std::string& in, const std::string& out,
                     std::map<std::string, Attribute> attrs = {}) {
    AddOp(type, {{"X", {in}}}, {{"Out", {out}}}, std::move(attrs));
  }
  // A one-input, one-output layer that maps to one X -> Out op and keeps its input's rank.
  Status AddActivationLayer(const NcnnLayer& L, const std::string& type, std::map<std::string, Attribute> attrs = {});
  std::string Temp(const std::string& base) { return StrCat(base, "@ncnn", temp_counter_++); }
  // [1, c] (an ncnn 1-D blob) -> [1, c, 1, 1], for layers that need an image.
  std::string ToImage(const std::string& var);
  int NextFeedColumn() { return feeds_++; }

 private:
  ProgramDesc* program_;
  Scope* weights_;
  NcnnModelBin* bin_;
  std::map<std::string, NcnnBlob> blobs_;
  std::map<std::string, std::vector<int>> hints_;
  int temp_counter_ = 0;
  int feeds_ = 0;
};

// Checks the layer has exactly one bottom and one top.
Status NcnnOneInOut(const NcnnLayer& L);
// ncnn activation_type / activation_params (ids 9, 10) of Convolution, InnerProduct, Deconvolution ->
// the op's fuse_* attrs.
Status NcnnFusedActivation(const NcnnLayer& L, OpDesc* op);

// A layer type no converter takes that a registered custom op does, and its import (ncnn_custom.cpp).
bool IsCustomNcnnLayer(const std::string& layer_type);
Status ConvertCustomLayer(NcnnContext& ctx, const NcnnLayer& layer);

// One row of the converter table: `convert` imports layers of type `layer_type`.
struct NcnnConverter {
  const char* layer_type;
  Status (*convert)(NcnnContext& ctx, const NcnnLayer& layer);
};

// The rows of each family file; the importer joins them into one lookup.
const std::vector<NcnnConverter>& NcnnNnConverters();         // ncnn_nn.cpp
const std::vector<NcnnConverter>& NcnnMathConverters();       // ncnn_math.cpp
const std::vector<NcnnConverter>& NcnnShapeConverters();      // ncnn_shape.cpp
const std::vector<NcnnConverter>& NcnnDetectionConverters();  // ncnn_detection.cpp

}  // namespace ember
