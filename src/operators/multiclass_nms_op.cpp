#include "operators/multiclass_nms_op.h"

#include "framework/op_registry.h"

namespace ember {

Status MultiClassNmsParam::Bind(ParamBinder* b) {
  bboxes = b->Input("BBoxes");
  scores = b->Input("Scores");
  out = b->Output("Out");
  index = b->OptionalOutput("Index");
  nms_rois_num = b->OptionalOutput("NmsRoisNum");
  AttrReader& a = b->attrs();
  for (const char* required : {"score_threshold", "nms_top_k", "keep_top_k"})
    EMBER_CHECK(a.Has(required), "attribute ", required, " is required");
  background_label = static_cast<int>(a.Int("background_label", 0));
  score_threshold = a.Float("score_threshold", 0.f);
  nms_top_k = static_cast<int>(a.Int("nms_top_k", -1));
  nms_threshold = a.Float("nms_threshold", 0.3f);
  nms_eta = a.Float("nms_eta", 1.f);
  keep_top_k = static_cast<int>(a.Int("keep_top_k", -1));
  normalized = a.Bool("normalized", true);
  return a.status();
}

Status MultiClassNmsOp::InferShape() {
  const MultiClassNmsParam& p = param_;
  EMBER_CHECK_DTYPE(p.bboxes, DataType::kFloat32, "input BBoxes");
  EMBER_CHECK_DTYPE(p.scores, DataType::kFloat32, "input Scores");
  const DDim& bd = p.bboxes->dims();
  const DDim& sd = p.scores->dims();
  if (sd.size() == 2)
    return Unimplemented("2-D Scores (boxes of several images given by LoD or RoisNum) are not supported; "
                         "Scores must be [N, C, M]");
  EMBER_CHECK(sd.size() == 3, "input Scores must be [N, C, M], got ", sd.ToString());
  EMBER_CHECK(bd.size() == 3, "input BBoxes must be [N, M, 4], got ", bd.ToString());
  if (bd[2] == 8 || bd[2] == 16 || bd[2] == 24 || bd[2] == 32)
    return Unimplemented("polygon boxes (BBoxes ", bd.ToString(), ") are not supported; boxes must have 4 values");
  EMBER_CHECK(bd[2] == 4, "input BBoxes must be [N, M, 4], got ", bd.ToString());
  EMBER_CHECK(bd[0] == sd[0] && bd[1] == sd[2], "input BBoxes ", bd.ToString(), " does not match Scores ",
              sd.ToString(), " ([N, M, 4] and [N, C, M])");
  // The number of kept boxes is known only after Compute, which resizes Out and Index.
  p.out->Resize(DDim({0, 6}));
  p.out->set_dtype(DataType::kFloat32);
  if (p.index) {
    p.index->Resize(DDim({0, 1}));
    p.index->set_dtype(DataType::kInt32);
  }
  if (p.nms_rois_num) {
    p.nms_rois_num->Resize(DDim({sd[0]}));
    p.nms_rois_num->set_dtype(DataType::kInt32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(multiclass_nms, MultiClassNmsOp)
REGISTER_OPERATOR_CPU(multiclass_nms2, MultiClassNmsOp)
REGISTER_OPERATOR_CPU(multiclass_nms3, MultiClassNmsOp)

}  // namespace ember
