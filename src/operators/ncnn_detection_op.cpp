#include "operators/ncnn_detection_op.h"

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/ncnn_detection_func.h"

namespace ember {

Status NcnnDetectionParam::Bind(ParamBinder* b) {
  const std::string& t = b->op().type;
  AttrReader& a = b->attrs();
  out = b->Output("Out");
  if (t == "ncnn_prior_box") {
    type = NcnnDetectionType::kPriorBox;
    input = b->Input("Input");
    image = b->Input("Image");
    min_sizes = a.Floats("min_sizes", {});
    max_sizes = a.Floats("max_sizes", {});
    aspect_ratios = a.Floats("aspect_ratios", {});
    variances = a.Floats("variances", {0.1f, 0.1f, 0.2f, 0.2f});
    flip = a.Bool("flip", true);
    clip = a.Bool("clip", false);
    image_width = static_cast<int>(a.Int("image_width", -233));
    image_height = static_cast<int>(a.Int("image_height", -233));
    step_width = a.Float("step_width", -233.f);
    step_height = a.Float("step_height", -233.f);
    offset = a.Float("offset", 0.f);
    EMBER_RETURN_IF_ERROR(a.status());
    EMBER_CHECK(!min_sizes.empty(), "attribute min_sizes must not be empty");
    for (float s : min_sizes) EMBER_CHECK(s > 0.f, "attribute min_sizes must be positive, got ", s);
    EMBER_CHECK(max_sizes.empty() || max_sizes.size() == min_sizes.size(), "attribute max_sizes has ",
                max_sizes.size(), " values, min_sizes ", min_sizes.size());
    for (float r : aspect_ratios) EMBER_CHECK(r > 0.f, "attribute aspect_ratios must be positive, got ", r);
    EMBER_CHECK(variances.size() == 4, "attribute variances must have 4 values, got ", variances.size());
    EMBER_CHECK(image_width == -233 || image_width > 0, "attribute image_width must be positive or -233, got ",
                image_width);
    EMBER_CHECK(image_height == -233 || image_height > 0, "attribute image_height must be positive or -233, got ",
                image_height);
    EMBER_CHECK(step_width == -233.f || step_width > 0.f, "attribute step_width must be positive or -233");
    EMBER_CHECK(step_height == -233.f || step_height > 0.f, "attribute step_height must be positive or -233");
  } else if (t == "ncnn_detection_output") {
    type = NcnnDetectionType::kDetectionOutput;
    loc = b->Input("Loc");
    conf = b->Input("Conf");
    prior = b->Input("PriorBox");
    num_class = static_cast<int>(a.Int("num_class", 0));
    nms_threshold = a.Float("nms_threshold", 0.05f);
    nms_top_k = static_cast<int>(a.Int("nms_top_k", 300));
    keep_top_k = static_cast<int>(a.Int("keep_top_k", 100));
    confidence_threshold = a.Float("confidence_threshold", 0.5f);
    EMBER_RETURN_IF_ERROR(a.status());
    if (num_class == -233) return Unimplemented("attribute num_class = -233 (mxnet-ssd layout) is not supported");
    EMBER_CHECK(num_class >= 1, "attribute num_class must be positive, got ", num_class);
  } else if (t == "ncnn_yolo_detection_output") {
    type = NcnnDetectionType::kYolo;
    xs = b->Inputs("X");
    version = static_cast<int>(a.Int("version", 3));
    num_class = static_cast<int>(a.Int("num_class", 20));
    num_box = static_cast<int>(a.Int("num_box", 5));
    confidence_threshold = a.Float("confidence_threshold", 0.01f);
    nms_threshold = a.Float("nms_threshold", 0.45f);
    biases = a.Floats("biases", {});
    mask = a.Floats("mask", {});
    anchors_scale = a.Floats("anchors_scale", {});
    EMBER_RETURN_IF_ERROR(a.status());
    EMBER_CHECK(version == 2 || version == 3, "attribute version must be 2 or 3, got ", version);
    EMBER_CHECK(num_class >= 1 && num_box >= 1, "attributes num_class and num_box must be positive, got ", num_class,
                " and ", num_box);
    if (version == 3) {
      EMBER_CHECK(mask.size() >= xs.size() * static_cast<size_t>(num_box), "attribute mask has ", mask.size(),
                  " values, need num_box * inputs = ", xs.size() * static_cast<size_t>(num_box));
      EMBER_CHECK(anchors_scale.size() >= xs.size(), "attribute anchors_scale has ", anchors_scale.size(),
                  " values for ", xs.size(), " inputs");
      for (float m : mask)
        EMBER_CHECK(m >= 0.f && static_cast<size_t>(m) * 2 + 1 < biases.size(), "attribute mask value ", m,
                    " indexes past the ", biases.size() / 2, " anchors of attribute biases");
      for (float s : anchors_scale) EMBER_CHECK(s > 0.f, "attribute anchors_scale must be positive, got ", s);
    } else {
      EMBER_CHECK(biases.size() >= static_cast<size_t>(num_box) * 2, "attribute biases needs ", num_box * 2,
                  " values, got ", biases.size());
    }
  } else {
    return Unimplemented("unknown op ", t);
  }
  return Status::OK();
}

Status NcnnDetectionOp::InferShape() {
  NcnnDetectionParam& p = param_;
  switch (p.type) {
    case NcnnDetectionType::kPriorBox: {
      EMBER_CHECK(p.input->dims().size() == 4, "input Input must be [1, C, H, W], got ", p.input->dims().ToString());
      EMBER_CHECK(p.image->dims().size() == 4, "input Image must be [1, C, H, W], got ", p.image->dims().ToString());
      const DDim& d = p.input->dims();
      p.out->Resize(DDim({1, 2, 4 * d[2] * d[3] * NcnnNumPriors(p)}));
      break;
    }
    case NcnnDetectionType::kDetectionOutput: {
      const DDim& pd = p.prior->dims();
      EMBER_CHECK(pd.size() == 3 && pd[0] == 1 && pd[1] == 2 && pd[2] % 4 == 0,
                  "input PriorBox must be [1, 2, 4 * N], got ", pd.ToString());
      const int64_t n = pd[2] / 4;
      EMBER_CHECK_DTYPE(p.loc, DataType::kFloat32, "input Loc");
      EMBER_CHECK_DTYPE(p.conf, DataType::kFloat32, "input Conf");
      EMBER_CHECK_DTYPE(p.prior, DataType::kFloat32, "input PriorBox");
      EMBER_CHECK(p.loc->numel() == 4 * n, "input Loc has ", p.loc->numel(), " values, need 4 * ", n, " priors");
      EMBER_CHECK(p.conf->numel() == n * p.num_class, "input Conf has ", p.conf->numel(), " values, need ", n,
                  " priors * ", p.num_class, " classes");
      p.out->Resize(DDim({1, 0, 6}));
      break;
    }
    case NcnnDetectionType::kYolo: {
      for (size_t i = 0; i < p.xs.size(); ++i) {
        const DDim& d = p.xs[i]->dims();
        EMBER_CHECK_DTYPE(p.xs[i], DataType::kFloat32, StrCat("input X[", i, "]"));
        EMBER_CHECK(d.size() == 4 && d[0] == 1 && d[1] == static_cast<int64_t>(p.num_box) * (5 + p.num_class),
                    "input X[", i, "] must be [1, num_box * (5 + num_class) = ", p.num_box * (5 + p.num_class),
                    ", H, W], got ", d.ToString());
      }
      p.out->Resize(DDim({1, 0, 6}));
      break;
    }
  }
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(ncnn_prior_box, NcnnDetectionOp)
REGISTER_OPERATOR_CPU(ncnn_detection_output, NcnnDetectionOp)
REGISTER_OPERATOR_CPU(ncnn_yolo_detection_output, NcnnDetectionOp)

}  // namespace ember
