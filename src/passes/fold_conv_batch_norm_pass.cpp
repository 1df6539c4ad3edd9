// fold_conv_batch_norm: conv [+ Bias] + batch_norm -> the conv with a scaled filter and a new bias.
#include <cmath>

#include "passes/pass_util.h"
#include "passes/passes.h"

namespace ember {
namespace {

using namespace passes;

// MeanOut etc. (often the Mean / Variance weights themselves, updated in place in training) must not be read
// by any other op (the one at `self` is the batch_norm) or fetched.
bool SideOutputsUnused(const BlockDesc& b, const OpDesc& bn, size_t self, const Uses& uses) {
  for (const auto& kv : bn.outputs) {
    if (kv.first == "Y") continue;
    for (const auto& n : kv.second) {
      auto it = uses.readers.find(n);
      if (it != uses.readers.end())
        for (size_t r : it->second)
          if (r != self) return false;
      const VarDesc* v = b.FindVar(n);
      if (uses.pinned.count(n) && !(v && v->persistable)) return false;
    }
  }
  return true;
}

// The four [Cout] statistics Scale, Bias, Mean, Variance of an NCHW batch_norm and its epsilon; false when
// any is missing, of another size, or the layout is not NCHW.
bool BatchNormStats(const OpDesc& bn, const Scope& weights, int64_t cout, const float* stats[4], float* eps) {
  const char* slots[4] = {"Scale", "Bias", "Mean", "Variance"};
  for (int k = 0; k < 4; ++k) {
    const auto& n = bn.Input(slots[k]);
    const Tensor* t = n.size() == 1 ? Weight(weights, n[0]) : nullptr;
    if (!t || t->numel() != cout) return false;
    stats[k] = t->data<float>();
  }
  AttrReader r(bn);
  *eps = r.Float("epsilon", 1e-5f);
  const std::string layout = r.String("data_layout", "NCHW");
  return r.status().ok() && (layout == "NCHW" || layout == "AnyLayout");
}

// alpha_c = gamma_c / sqrt(var_c + eps); W'[c] = alpha_c W[c]; b'_c = beta_c + alpha_c (b_c - mean_c).
bool Fold(const Tensor& filter, const float* conv_bias, const float* const stats[4], float eps, Tensor* new_filter,
          Tensor* new_bias) {
  const int64_t cout = filter.dims()[0], per_out = filter.numel() / cout;
  if (!new_filter->CopyFrom(filter).ok()) return false;
  new_bias->Resize({cout});
  float* wf = new_filter->data<float>();
  float* bf = new_bias->mutable_data<float>();
  const float *gamma = stats[0], *beta = stats[1], *mean = stats[2], *var = stats[3];
  for (int64_t c = 0; c < cout; ++c) {
    const float alpha = gamma[c] / std::sqrt(var[c] + eps);
    for (int64_t k = 0; k < per_out; ++k) wf[c * per_out + k] *= alpha;
    const float bc = conv_bias ? conv_bias[c] : 0.f;
    bf[c] = beta[c] + alpha * (bc - mean[c]);
  }
  return true;
}

}  // namespace

Status FoldConvBatchNormPass(ProgramDesc* program, Scope* weights) {
  BlockDesc& b = program->block0();
  FuseSoleReaders(
      program,
      [&](const OpDesc& op) { return ConvFilter(op, *weights) && !HasFusedActivation(op) ? "Output" : nullptr; },
      [&](OpDesc& conv, const OpDesc& bn, size_t j, const Uses& uses, std::set<std::string>* gone) {
        if (bn.type != "batch_norm" || bn.Output("Y").size() != 1 || !SideOutputsUnused(b, bn, j, uses))
          return false;
        const Tensor* filter = ConvFilter(conv, *weights);
        const int64_t cout = filter->dims()[0];
        const float* stats[4];
        float eps;
        if (!BatchNormStats(bn, *weights, cout, stats, &eps)) return false;
        const Tensor* conv_bias = nullptr;
        if (conv.HasInput("Bias")) {
          conv_bias = Weight(*weights, conv.Input("Bias")[0]);
          if (!conv_bias || conv_bias->numel() != cout) return false;
        }
        Tensor new_filter, new_bias(DataType::kFloat32, {cout});
        if (!Fold(*filter, conv_bias ? conv_bias->data<float>() : nullptr, stats, eps, &new_filter, &new_bias))
          return false;
        conv.SetInput("Filter", {AddWeight(&b, weights, conv.Input("Filter")[0], std::move(new_filter))});
        conv.SetInput("Bias", {AddWeight(&b, weights, bn.Output("Y")[0] + ".bias", std::move(new_bias))});
        conv.SetOutput("Output", bn.Output("Y"));
        for (const auto& kv : bn.outputs)
          if (kv.first != "Y") gone->insert(kv.second.begin(), kv.second.end());
        return true;
      });
  return Status::OK();
}

}  // namespace ember
