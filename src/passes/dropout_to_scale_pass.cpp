// dropout_to_scale: an inference dropout is identity (upscale_in_train, or p = 0) or scale(1 - p)
// (downgrade_in_infer).
#include "passes/passes.h"

namespace ember {

Status DropoutToScalePass(ProgramDesc* program, Scope*) {
  for (auto& op : program->block0().ops) {
    if (op.type != "dropout") continue;
    AttrReader r(op);
    float p = r.Float("dropout_prob", 0.5f);
    std::string impl = r.String("dropout_implementation", "downgrade_in_infer");
    if (!r.status().ok()) continue;  // the op itself reports it
    if (impl != "downgrade_in_infer" && impl != "upscale_in_train") continue;
    if (!op.Output("Mask").empty()) continue;  // someone may read the mask: leave the op
    float factor = impl == "upscale_in_train" ? 1.f : 1.f - p;
    OpDesc scale;
    scale.type = "scale";
    scale.SetInput("X", op.Input("X"));
    scale.SetOutput("Out", op.Output("Out"));
    scale.attrs["scale"] = Attribute::Float(factor);
    scale.attrs["bias"] = Attribute::Float(0);
    scale.attrs["bias_after_scale"] = Attribute::Bool(true);
    op = std::move(scale);
  }
  return Status::OK();
}

}  // namespace ember
