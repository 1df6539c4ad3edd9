#include "operators/prior_box_op.h"

#include <cmath>

#include "framework/op_registry.h"

namespace ember {

std::vector<float> ExpandAspectRatios(const std::vector<float>& ratios, bool flip) {
  std::vector<float> out = {1.f};
  for (float ar : ratios) {
    bool present = false;
    for (float e : out) present = present || std::fabs(ar - e) < 1e-6f;
    if (present) continue;
    out.push_back(ar);
    if (flip) out.push_back(1.f / ar);
  }
  return out;
}

Status PriorBoxParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  image = b->Input("Image");
  boxes = b->Output("Boxes");
  variances = b->Output("Variances");
  AttrReader& a = b->attrs();
  min_sizes = a.Floats("min_sizes", {});
  max_sizes = a.Floats("max_sizes", {});
  std::vector<float> ratios = a.Floats("aspect_ratios", {1.f});
  variance = a.Floats("variances", {0.1f, 0.1f, 0.2f, 0.2f});
  bool flip = a.Bool("flip", false);
  clip = a.Bool("clip", false);
  step_w = a.Float("step_w", 0.f);
  step_h = a.Float("step_h", 0.f);
  offset = a.Float("offset", 0.5f);
  min_max_aspect_ratios_order = a.Bool("min_max_aspect_ratios_order", false);
  EMBER_RETURN_IF_ERROR(a.status());

  EMBER_CHECK(!min_sizes.empty(), "attribute min_sizes must not be empty");
  for (float s : min_sizes) EMBER_CHECK(s > 0.f, "attribute min_sizes must be positive, got ", s);
  if (!max_sizes.empty()) {
    EMBER_CHECK(max_sizes.size() == min_sizes.size(), "attribute max_sizes has ", max_sizes.size(),
                " values, attribute min_sizes has ", min_sizes.size(), ": they must match");
    for (size_t i = 0; i < max_sizes.size(); ++i)
      EMBER_CHECK(max_sizes[i] > min_sizes[i], "attribute max_sizes[", i, "] (", max_sizes[i],
                  ") must exceed min_sizes[", i, "] (", min_sizes[i], ")");
  }
  for (float r : ratios) EMBER_CHECK(r > 0.f, "attribute aspect_ratios must be positive, got ", r);
  EMBER_CHECK(variance.size() == 4, "attribute variances must have 4 values, got ", variance.size());
  for (float v : variance) EMBER_CHECK(v > 0.f, "attribute variances must be positive, got ", v);
  EMBER_CHECK(step_w >= 0.f && step_h >= 0.f, "attributes step_w and step_h must not be negative, got ",
              step_w, " and ", step_h);
  aspect_ratios = ExpandAspectRatios(ratios, flip);
  return Status::OK();
}

Status PriorBoxOp::InferShape() {
  const PriorBoxParam& p = param_;
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  EMBER_CHECK_DTYPE(p.image, DataType::kFloat32, "input Image");
  EMBER_CHECK(p.input->dims().size() == 4, "input Input must be 4-D (NCHW), got ", p.input->dims().ToString());
  EMBER_CHECK(p.image->dims().size() == 4, "input Image must be 4-D (NCHW), got ", p.image->dims().ToString());
  DDim out({p.input->dims()[2], p.input->dims()[3], p.NumPriors(), 4});
  p.boxes->Resize(out);
  p.boxes->set_dtype(DataType::kFloat32);
  p.variances->Resize(out);
  p.variances->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(prior_box, PriorBoxOp)

}  // namespace ember
