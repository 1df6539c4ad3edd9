// fold_quantized_conv: a conv2d / depthwise_conv2d reading dequantize_linear(quantize_linear(x)) (one scale, zero
// point 0) and a filter dequantize_linear(W) (W a weight of 8-bit integers, one scale per output channel on axis
// 0) -> quantized_conv2d(x, W as int8): the int8 conv the quantized model describes, instead of the float conv of
// dequantized values. Paddle's quantized inference programs (and `ember quantize`'s) have this shape; so, in the
// frozen form of Paddle's older quantization passes, does a conv between fake_quantize_{moving_average,range}_abs_max
// and fake_channel_wise_dequantize_max_abs. The quantize / dequantize ops no other op reads go.
#include <algorithm>
#include <cmath>

#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// Paddle's form (Scale the abs max of the range, float values) with 8 bits and no observer-only op.
bool PaddleEightBit(const OpDesc& op) {
  const Attribute* step = op.Attr("step_scale");
  const Attribute* bits = op.Attr("bit_length");
  const Attribute* qmax = op.Attr("qmax");
  const Attribute* observer = op.Attr("only_observer");
  const Attribute* dtype = op.Attr("out_dtype");
  return !(step && step->i) && (!bits || bits->i == 8) && (!qmax || qmax->i == -1 || qmax->i == 127) &&
         !(observer && observer->i) && (!dtype || dtype->i == -1 || dtype->i == 5) && !op.Attr("block_size");
}

template <typename T>
bool IsZero(T v) {
  return v == T(0);
}

// A zero point that is absent or all zeros.
bool ZeroPointIsZero(const OpDesc& op, const Scope& w) {
  if (!op.HasInput("ZeroPoint")) return true;
  const Variable* v = w.FindVar(op.Input("ZeroPoint")[0]);
  if (!v || !v->Get().initialized()) return false;
  const Tensor& t = v->Get();
  switch (t.dtype()) {
    case DataType::kFloat32: return std::all_of(t.data<float>(), t.data<float>() + t.numel(), IsZero<float>);
    case DataType::kInt32: return std::all_of(t.data<int32_t>(), t.data<int32_t>() + t.numel(), IsZero<int32_t>);
    case DataType::kInt64: return std::all_of(t.data<int64_t>(), t.data<int64_t>() + t.numel(), IsZero<int64_t>);
    case DataType::kInt8: return std::all_of(t.data<int8_t>(), t.data<int8_t>() + t.numel(), IsZero<int8_t>);
    default: return false;
  }
}

// quantized_conv2d is NCHW without a relu before the conv: a conv asking for another layout or that relu (which
// conv2d refuses) is left for conv2d to refuse.
bool PlainNchwConv(const OpDesc& conv) {
  const Attribute* format = conv.Attr("data_format");
  const Attribute* relu = conv.Attr("fuse_relu_before_depthwise_conv");
  return (!format || format->s == "NCHW" || format->s == "AnyLayout") && !(relu && relu->i);
}

class QuantizedConvMatcher {
 public:
  QuantizedConvMatcher(BlockDesc* b, Scope* w) : b_(*b), w_(*w) {
    for (size_t i = 0; i < b_.ops.size(); ++i)
      for (const auto& n : b_.ops[i].AllOutputNames()) producer_[n] = i;
  }

  // The quantized_conv2d for conv op i, or false.
  bool Fold(size_t i, OpDesc* out) {
    const OpDesc& conv = b_.ops[i];
    if (!IsConv(conv) || conv.Input("Input").size() != 1 || conv.Input("Filter").size() != 1) return false;
    if (!PlainNchwConv(conv)) return false;
    const OpDesc* dx = Producer(conv.Input("Input")[0], "dequantize_linear");
    const OpDesc* dw = Producer(conv.Input("Filter")[0], "dequantize_linear");
    const OpDesc* qx = dx ? Producer(dx->Input("X")[0], "quantize_linear") : nullptr;
    if (!qx || !dw || !PaddleEightBit(*qx) || !PaddleEightBit(*dx) || !PaddleEightBit(*dw)) return false;
    float sx = 0;
    if (!OneScale(*qx, &sx) || !OneScale(*dx, &sx) || !ZeroPointIsZero(*qx, w_) || !ZeroPointIsZero(*dx, w_))
      return false;
    const Attribute* axis = dw->Attr("quant_axis");
    if ((axis && axis->i != 0) || !ZeroPointIsZero(*dw, w_)) return false;
    const Tensor* scale = dw->Input("Scale").size() == 1 ? Weight(w_, dw->Input("Scale")[0]) : nullptr;
    std::string filter, filter_scale;
    if (!IntFilter(dw->Input("X")[0], scale, &filter, &filter_scale)) return false;
    const Attribute* rt = qx->Attr("round_type");
    QuantizedConv(conv, qx->Input("X")[0], filter, filter_scale, sx, rt ? rt->i : 0, out);
    return true;
  }

  // Paddle's frozen form (its QuantizationFreezePass): a conv of fake_quantize_moving_average_abs_max or
  // fake_quantize_range_abs_max(x) with a filter of integers, whose output only
  // fake_channel_wise_dequantize_max_abs reads, with Scales = [the filter's, the same input scale] at 8 bits:
  // the quantized_conv2d writes that op's output, and *absorbed is the op.
  bool FoldFrozen(size_t i, const Uses& uses, OpDesc* out, long* absorbed) {
    const OpDesc& conv = b_.ops[i];
    if (!IsConv(conv) || conv.Input("Input").size() != 1 || conv.Input("Filter").size() != 1 ||
        conv.Output("Output").size() != 1 || conv.HasInput("Bias") || HasFusedActivation(conv))
      return false;
    const auto p = producer_.find(conv.Input("Input")[0]);
    const long j = uses.SoleReader(conv.Output("Output")[0]);
    if (p == producer_.end() || j < 0) return false;
    const OpDesc& qx = b_.ops[p->second];
    const OpDesc& dq = b_.ops[static_cast<size_t>(j)];
    if (qx.Input("X").size() != 1 || !PlainNchwConv(conv)) return false;
    const Attribute* bits = qx.Attr("bit_length");
    const Attribute* qbits = dq.Attr("quant_bits");
    const Attribute* cols = dq.Attr("x_num_col_dims");
    if ((qx.type != "fake_quantize_moving_average_abs_max" && qx.type != "fake_quantize_range_abs_max") ||
        (bits && bits->i != 8) || dq.type != "fake_channel_wise_dequantize_max_abs" ||
        dq.Input("Scales").size() != 2 || !qbits || qbits->ints != std::vector<int64_t>{8, 8} ||
        (cols && cols->i != 1) || qx.Input("InScale").size() != 1 || dq.Output("Out").size() != 1)
      return false;
    const Tensor* in_scale = Weight(w_, qx.Input("InScale")[0]);
    const Tensor* out_in_scale = Weight(w_, dq.Input("Scales")[1]);
    if (!in_scale || !out_in_scale || in_scale->numel() != 1 || out_in_scale->numel() != 1 ||
        !(in_scale->data<float>()[0] > 0) || in_scale->data<float>()[0] != out_in_scale->data<float>()[0])
      return false;
    std::string filter, filter_scale;
    if (!IntFilter(conv.Input("Filter")[0], Weight(w_, dq.Input("Scales")[0]), &filter, &filter_scale)) return false;
    const Attribute* rt = qx.Attr("round_type");
    QuantizedConv(conv, qx.Input("X")[0], filter, filter_scale, in_scale->data<float>()[0], rt ? rt->i : 1, out);
    out->SetOutput("Output", dq.Output("Out"));
    *absorbed = j;
    return true;
  }

 private:
  // `conv` as quantized_conv2d of x (quantized at abs max sx as quantize_linear's multiplier does) and the int8
  // filter with its steps.
  static void QuantizedConv(const OpDesc& conv, const std::string& x, const std::string& filter,
                            const std::string& filter_scale, float sx, int64_t round_type, OpDesc* out) {
    *out = conv;
    out->type = "quantized_conv2d";
    out->SetInput("Input", {x});
    out->SetInput("Filter", {filter});
    out->SetInput("FilterScale", {filter_scale});
    out->attrs["input_mul"] = Attribute::Float(127.f * (1.0f / sx));
    out->attrs["input_step"] = Attribute::Float(sx / 127.f);
    out->attrs["quant_min"] = Attribute::Int(round_type == 0 ? -128 : -127);
    out->attrs["quant_max"] = Attribute::Int(127);
    out->attrs["round_type"] = Attribute::Int(round_type == 0 ? 0 : 1);
  }

  const OpDesc* Producer(const std::string& var, const char* type) const {
    auto it = producer_.find(var);
    if (it == producer_.end() || b_.ops[it->second].type != type || b_.ops[it->second].Input("X").size() != 1)
      return nullptr;
    return &b_.ops[it->second];
  }

  // The op's Scale as one positive value, equal to *s when *s is already set.
  bool OneScale(const OpDesc& op, float* s) const {
    const Tensor* t = op.Input("Scale").size() == 1 ? Weight(w_, op.Input("Scale")[0]) : nullptr;
    if (!t || t->numel() != 1 || !(t->data<float>()[0] > 0)) return false;
    if (*s != 0 && *s != t->data<float>()[0]) return false;
    *s = t->data<float>()[0];
    return true;
  }

  // Weight `name` (integers, [Cout, ...]) as int8 (a new weight unless it is int8 already) and its steps per
  // output channel (`scale`, the abs max of each, / 127) as a new weight.
  bool IntFilter(const std::string& name, const Tensor* scale, std::string* filter, std::string* filter_scale) {
    const Variable* v = w_.FindVar(name);
    if (!v || !v->Get().initialized()) return false;
    const Tensor& wt = v->Get();
    if (wt.dims().size() != 4 || !scale || scale->numel() != wt.dims()[0]) return false;
    if (wt.dtype() == DataType::kInt8) {
      *filter = name;
    } else {
      if (wt.dtype() != DataType::kFloat32) return false;
      Tensor q(DataType::kInt8, wt.dims());
      int8_t* d = q.mutable_data<int8_t>();
      for (int64_t k = 0; k < wt.numel(); ++k) {
        const float f = wt.data<float>()[k];
        if (!(f >= -128.f && f <= 127.f) || f != std::floor(f)) return false;
        d[k] = static_cast<int8_t>(f);
      }
      *filter = AddWeight(&b_, &w_, name + ".int8", std::move(q));
    }
    Tensor steps(DataType::kFloat32, {scale->numel()});
    for (int64_t o = 0; o < scale->numel(); ++o) {
      if (!(scale->data<float>()[o] > 0)) return false;
      steps.mutable_data<float>()[o] = scale->data<float>()[o] / 127.f;
    }
    *filter_scale = AddWeight(&b_, &w_, name + ".step", std::move(steps));
    return true;
  }

  BlockDesc& b_;
  Scope& w_;
  std::map<std::string, size_t> producer_;
};

// The ops a fold can leave without readers.
const std::set<std::string> kQuantOps = {"quantize_linear", "dequantize_linear", "fake_quantize_moving_average_abs_max",
                                         "fake_quantize_range_abs_max"};

// Marks the quantize / dequantize ops whose outputs nothing live reads (and no one observes).
void MarkDeadQuantOps(const ProgramDesc& program, std::vector<bool>* dead, std::set<std::string>* gone) {
  const BlockDesc& b = program.block0();
  const Uses uses(program);
  for (size_t k = b.ops.size(); k-- > 0;) {
    const OpDesc& op = b.ops[k];
    if ((*dead)[k] || !kQuantOps.count(op.type)) continue;
    bool read = false;
    const std::vector<std::string> ins = op.AllInputNames();
    const std::vector<std::string>& scale_out = op.Output("OutScale");
    for (const auto& out : op.AllOutputNames()) {
      // OutScale aliasing InScale (as Paddle's passes write it) is no reason to keep the op.
      const bool aliased_scale = std::find(scale_out.begin(), scale_out.end(), out) != scale_out.end() &&
                                 std::find(ins.begin(), ins.end(), out) != ins.end();
      if (aliased_scale) continue;
      read = read || uses.pinned.count(out) > 0;
      auto it = uses.readers.find(out);
      if (it == uses.readers.end()) continue;
      for (size_t r : it->second) read = read || !(*dead)[r];
    }
    if (read) continue;
    (*dead)[k] = true;
    for (const auto& out : op.AllOutputNames()) gone->insert(out);
  }
}

}  // namespace

Status FoldQuantizedConvPass(ProgramDesc* program, Scope* weights) {
  BlockDesc& b = program->block0();
  bool folded = false;
  std::vector<bool> dead(b.ops.size(), false);
  std::set<std::string> gone;
  {
    QuantizedConvMatcher m(&b, weights);
    const Uses uses(*program);
    for (size_t i = 0; i < b.ops.size(); ++i) {
      OpDesc q;
      long absorbed = -1;
      if (!m.Fold(i, &q) && !m.FoldFrozen(i, uses, &q, &absorbed)) continue;
      if (absorbed >= 0) {  // the conv's output goes with the dequantize op that read it
        gone.insert(b.ops[i].Output("Output")[0]);
        dead[static_cast<size_t>(absorbed)] = true;
      }
      b.ops[i] = std::move(q);
      folded = true;
    }
  }
  if (!folded) return Status::OK();
  MarkDeadQuantOps(*program, &dead, &gone);
  Compact(&b, dead, gone);
  return Status::OK();
}

}  // namespace ember
