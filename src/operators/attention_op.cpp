#include "operators/attention_op.h"

#include <cmath>

#include "framework/op_registry.h"

namespace ember {

Status AttentionParam::Bind(ParamBinder* b) {
  q = b->Input("Q");
  k = b->Input("K");
  v = b->Input("V");
  mask = b->OptionalInput("AttnMask");
  past_key = b->OptionalInput("PastKey");
  past_value = b->OptionalInput("PastValue");
  nonpad = b->OptionalInput("NonpadKvSeqlen");
  out = b->Output("Out");
  present_key = b->OptionalOutput("PresentKey");
  present_value = b->OptionalOutput("PresentValue");
  qk_out = b->OptionalOutput("QkOutput");
  AttrReader& a = b->attrs();
  is_causal = a.Bool("is_causal", false);
  q_num_heads = a.Int("q_num_heads", 0);
  kv_num_heads = a.Int("kv_num_heads", 0);
  qk_mode = a.Int("qk_matmul_output_mode", 0);
  scale = a.Float("scale", 0.f);
  softcap = a.Float("softcap", 0.f);
  return Status::OK();
}

namespace {

// A 4-D [B, H, N, D] or 3-D [B, N, H * D] tensor's heads: *heads (given for 3-D), *n, *size and the layout.
Status ReadHeads(const Tensor& t, const char* what, int64_t heads_attr, int64_t* heads, int64_t* n, int64_t* size,
                 HeadLayout* at) {
  const DDim& d = t.dims();
  EMBER_CHECK_DTYPE(&t, DataType::kFloat32, StrCat("input ", what));
  if (d.size() == 4) {
    *heads = d[1], *n = d[2], *size = d[3];
    *at = {d[1] * d[2] * d[3], d[2] * d[3], d[3]};
    return Status::OK();
  }
  EMBER_CHECK(d.size() == 3, "input ", what, " must be 3-D or 4-D, got ", d.ToString());
  EMBER_CHECK(heads_attr > 0 && d[2] % heads_attr == 0, "a 3-D ", what, " ", d.ToString(),
              " needs its heads attribute (q_num_heads / kv_num_heads) dividing its last dim, got ", heads_attr);
  *heads = heads_attr, *n = d[1], *size = d[2] / heads_attr;
  *at = {d[1] * d[2], *size, d[2]};
  return Status::OK();
}

// PastKey / PastValue: [B, Hkv, P, size], both present or both absent, with equal P.
Status CheckPast(const AttentionParam& p, int64_t* past) {
  *past = 0;
  EMBER_CHECK(!p.past_key == !p.past_value, "PastKey and PastValue must be given together");
  if (!p.past_key) return Status::OK();
  const DDim& pk = p.past_key->dims();
  const DDim& pv = p.past_value->dims();
  EMBER_CHECK_DTYPE(p.past_key, DataType::kFloat32, "input PastKey");
  EMBER_CHECK_DTYPE(p.past_value, DataType::kFloat32, "input PastValue");
  EMBER_CHECK(pk == DDim({p.batch, p.hkv, pk.size() == 4 ? pk[2] : -1, p.d}) &&
                  pv == DDim({p.batch, p.hkv, pk[2], p.dv}),
              "PastKey ", pk.ToString(), " / PastValue ", pv.ToString(), " must be [B, Hkv, P, D] = [", p.batch, ", ",
              p.hkv, ", P, ", p.d, "] / [..., ", p.dv, "]");
  *past = pk[2];
  return Status::OK();
}

// The mask's strides over [B, Hq, L, keys], right-aligned numpy broadcasting; its last dim may be shorter.
Status PlanMask(AttentionParam* p) {
  if (!p->mask) return Status::OK();
  const DDim& m = p->mask->dims();
  EMBER_CHECK(p->mask->dtype() == DataType::kFloat32 || p->mask->dtype() == DataType::kBool,
              "input AttnMask must be float32 or bool, got ", DataTypeName(p->mask->dtype()));
  EMBER_CHECK(m.size() >= 2 && m.size() <= 4, "input AttnMask must be 2-D to 4-D, got ", m.ToString());
  const int64_t full[4] = {p->batch, p->hq, p->len_q, p->total};
  p->mask_keys = m[m.size() - 1];
  EMBER_CHECK(p->mask_keys <= p->total, "AttnMask ", m.ToString(), " has more keys than the ", p->total, " attended");
  int64_t stride = 1;
  for (int i = 3, j = m.size() - 1; i >= 0; --i, --j) {
    const int64_t n = j >= 0 ? m[j] : 1;
    EMBER_CHECK(i == 3 || n == full[i] || n == 1, "AttnMask ", m.ToString(), " does not broadcast to [", full[0],
                ", ", full[1], ", ", full[2], ", ", full[3], "]");
    p->mask_strides[i] = (n == 1 && i != 3) ? 0 : stride;
    stride *= n;
  }
  return Status::OK();
}

Status ResizeOutputs(AttentionParam* p, bool q3d) {
  const DDim& qd = p->q->dims();
  p->out->Resize(q3d ? DDim({p->batch, p->len_q, p->hq * p->dv}) : DDim({p->batch, p->hq, p->len_q, p->dv}));
  p->out->set_dtype(DataType::kFloat32);
  p->out_at = q3d ? HeadLayout{qd[1] * p->hq * p->dv, p->dv, p->hq * p->dv}
                  : HeadLayout{p->hq * p->len_q * p->dv, p->len_q * p->dv, p->dv};
  for (auto t : {std::make_pair(p->present_key, p->d), std::make_pair(p->present_value, p->dv)}) {
    if (!t.first) continue;
    t.first->Resize(DDim({p->batch, p->hkv, p->total, t.second}));
    t.first->set_dtype(DataType::kFloat32);
  }
  if (p->qk_out) {
    EMBER_CHECK(p->qk_mode >= 0 && p->qk_mode <= 3, "attribute qk_matmul_output_mode must be 0 to 3, got ",
                p->qk_mode);
    p->qk_out->Resize(DDim({p->batch, p->hq, p->len_q, p->total}));
    p->qk_out->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

}  // namespace

Status AttentionOp::InferShape() {
  AttentionParam& p = param_;
  int64_t hk = 0, hv = 0, dk = 0, sv = 0;
  EMBER_RETURN_IF_ERROR(ReadHeads(*p.q, "Q", p.q_num_heads, &p.hq, &p.len_q, &p.d, &p.q_at));
  EMBER_RETURN_IF_ERROR(ReadHeads(*p.k, "K", p.kv_num_heads, &hk, &p.len_kv, &dk, &p.k_at));
  EMBER_RETURN_IF_ERROR(ReadHeads(*p.v, "V", p.kv_num_heads, &hv, &sv, &p.dv, &p.v_at));
  p.batch = p.q->dims()[0];
  p.hkv = hk;
  EMBER_CHECK(p.k->dims()[0] == p.batch && p.v->dims()[0] == p.batch && hv == hk && sv == p.len_kv && dk == p.d,
              "K ", p.k->dims().ToString(), " and V ", p.v->dims().ToString(), " do not match Q ",
              p.q->dims().ToString(), " (batch, kv heads, key length, head size)");
  EMBER_CHECK(p.hq % p.hkv == 0, "Q's ", p.hq, " heads are not a multiple of K's ", p.hkv);
  EMBER_RETURN_IF_ERROR(CheckPast(p, &p.past));
  p.total = p.past + p.len_kv;
  if (p.nonpad) {
    EMBER_CHECK_DTYPE(p.nonpad, DataType::kInt64, "input NonpadKvSeqlen");
    EMBER_CHECK(p.nonpad->numel() == p.batch, "NonpadKvSeqlen must hold one length per batch (", p.batch, ")");
  }
  EMBER_RETURN_IF_ERROR(PlanMask(&p));
  p.used_scale = p.scale != 0.f ? p.scale : static_cast<float>(1.0 / std::sqrt(static_cast<double>(p.d)));
  return ResizeOutputs(&p, p.q->dims().size() == 3);
}

REGISTER_OPERATOR_CPU(attention, AttentionOp)

}  // namespace ember
