// The fallback for layer types no converter handles: a layer whose type is a registered custom op
// (framework/custom_op.h) becomes that op, its bottoms in slot X and tops in slot Out, and its param dictionary
// its attributes by id: `1=0.5` is attribute "1", the array `-23303=2,4,5` attribute "3". A text literal with a
// decimal point or exponent is a float, other scalars ints (a binary .param does not say: its words read as ints).
// The layer reads nothing from the .bin: only its own loader would know how many bytes it owns.
#include <algorithm>

#include "framework/custom_op.h"
#include "io/ncnn/ncnn_context.h"

namespace ember {

namespace {

Attribute ScalarAttr(const NcnnValue& v, bool binary) {
  return v.is_float && !binary ? Attribute::Float(v.f) : Attribute::Int(v.i);
}

Attribute ArrayAttr(const std::vector<NcnnValue>& vs, bool binary) {
  const bool floats = !binary && std::any_of(vs.begin(), vs.end(), [](const NcnnValue& v) { return v.is_float; });
  std::vector<int64_t> ints;
  std::vector<double> fs;
  for (const auto& v : vs) {
    ints.push_back(v.i);
    fs.push_back(v.is_float ? v.f : static_cast<float>(v.i));
  }
  return floats ? Attribute::Floats(std::move(fs)) : Attribute::Ints(std::move(ints));
}

}  // namespace

bool IsCustomNcnnLayer(const std::string& layer_type) { return IsCustomOp(layer_type); }

Status ConvertCustomLayer(NcnnContext& ctx, const NcnnLayer& L) {
  if (L.tops.empty()) return InvalidArgument("a custom op layer needs at least one output");
  std::map<std::string, Attribute> attrs;
  for (const auto& kv : L.pd.scalars) attrs[std::to_string(kv.first)] = ScalarAttr(kv.second, L.pd.binary);
  for (const auto& kv : L.pd.arrays) {
    if (kv.first == 30) continue;  // the -23330 shape hint is the importer's, not the layer's
    attrs[std::to_string(kv.first)] = ArrayAttr(kv.second, L.pd.binary);
  }
  OpDesc::Slots ins;
  if (!L.bottoms.empty()) ins.push_back({"X", ctx.BottomVars(L)});
  ctx.AddOp(L.type, std::move(ins), {{"Out", L.tops}}, std::move(attrs));
  // The output ranks are unknown here: the first input's, the usual case (a -23330 hint overrides it).
  const int rank = L.bottoms.empty() ? 0 : ctx.Bottom(L, 0)->rank;
  for (size_t i = 0; i < L.tops.size(); ++i) ctx.SetTop(L, i, L.tops[i], rank);
  return Status::OK();
}

}  // namespace ember
