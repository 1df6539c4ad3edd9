#include "operators/rotary_embedding_op.h"

#include "framework/op_registry.h"

namespace ember {

Status RotaryEmbeddingParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  cos = b->Input("CosCache");
  sin = b->Input("SinCache");
  position_ids = b->OptionalInput("PositionIds");
  out = b->Output("Out");
  interleaved = b->attrs().Bool("interleaved", false);
  num_heads = b->attrs().Int("num_heads", 0);
  rotary_dim = b->attrs().Int("rotary_embedding_dim", 0);
  return Status::OK();
}

namespace {

// X's dims as [B, S, heads, D] with strides (3-D X splits its last dim into num_heads heads).
Status HeadLayout(RotaryEmbeddingParam* p) {
  const DDim& d = p->x->dims();
  if (d.size() == 4) {
    EMBER_CHECK(p->num_heads == 0 || p->num_heads == d[1], "attribute num_heads = ", p->num_heads,
                " differs from X's heads ", d.ToString());
    p->batch = d[0], p->heads = d[1], p->seq = d[2], p->head_size = d[3];
    p->stride_h = d[2] * d[3], p->stride_s = d[3], p->stride_b = d[1] * d[2] * d[3];
    return Status::OK();
  }
  EMBER_CHECK(d.size() == 3, "input X must be 3-D [B, S, hidden] or 4-D [B, heads, S, D], got ", d.ToString());
  EMBER_CHECK(p->num_heads > 0 && d[2] % p->num_heads == 0, "a 3-D X ", d.ToString(),
              " needs attribute num_heads dividing its last dim, got ", p->num_heads);
  p->batch = d[0], p->seq = d[1], p->heads = p->num_heads, p->head_size = d[2] / p->num_heads;
  p->stride_h = p->head_size, p->stride_s = d[2], p->stride_b = d[1] * d[2];
  return Status::OK();
}

}  // namespace

Status RotaryEmbeddingOp::InferShape() {
  RotaryEmbeddingParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK_DTYPE(p.cos, DataType::kFloat32, "input CosCache");
  EMBER_CHECK_DTYPE(p.sin, DataType::kFloat32, "input SinCache");
  EMBER_RETURN_IF_ERROR(HeadLayout(&p));
  p.rot = p.rotary_dim > 0 ? p.rotary_dim : p.head_size;
  EMBER_CHECK(p.rot % 2 == 0 && p.rot <= p.head_size, "rotary_embedding_dim ", p.rot,
              " must be even and at most the head size ", p.head_size);
  const DDim& c = p.cos->dims();
  EMBER_CHECK(p.sin->dims() == c, "SinCache ", p.sin->dims().ToString(), " differs from CosCache ", c.ToString());
  EMBER_CHECK(c.size() >= 2 && c[c.size() - 1] == p.rot / 2, "the caches' last dim must be rotary_dim / 2 = ",
              p.rot / 2, ", got ", c.ToString());
  if (p.position_ids) {
    EMBER_CHECK_DTYPE(p.position_ids, DataType::kInt64, "input PositionIds");
    EMBER_CHECK(p.position_ids->numel() == p.batch * p.seq || p.position_ids->numel() == p.seq,
                "PositionIds ", p.position_ids->dims().ToString(), " must be [B, S] = [", p.batch, ", ", p.seq, "]");
    EMBER_CHECK(c.size() == 2, "with PositionIds the caches must be [max_position, rotary_dim / 2], got ",
                c.ToString());
    const int64_t* ids = p.position_ids->data<int64_t>();
    for (int64_t i = 0; i < p.position_ids->numel(); ++i)
      EMBER_CHECK(ids[i] >= 0 && ids[i] < c[0], "PositionIds[", i, "] = ", ids[i], " is outside the caches' ", c[0],
                  " positions");
  } else {
    EMBER_CHECK(c.size() == 3 && c[0] == p.batch && c[1] == p.seq, "without PositionIds the caches must be [B, S, ",
                p.rot / 2, "] = [", p.batch, ", ", p.seq, ", ", p.rot / 2, "], got ", c.ToString());
  }
  p.out->Resize(p.x->dims());
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(rotary_embedding, RotaryEmbeddingOp)

}  // namespace ember
