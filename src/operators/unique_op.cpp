#include "operators/unique_op.h"

#include <algorithm>
#include <numeric>

#include "framework/op_registry.h"

namespace ember {

Status UniqueParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  indices = b->OptionalOutput("Indices");
  inverse = b->OptionalOutput("Inverse");
  counts = b->OptionalOutput("Counts");
  has_axis = b->attrs().Bool("has_axis", false);
  axis = b->attrs().Int("axis", 0);
  sorted = b->attrs().Bool("sorted", true);
  return Status::OK();
}

namespace {

// Orders and groups the n slices of X (each `outer` runs of `inner` values, n apart) and fills first /
// inverse_of / count.
template <typename T>
void FindUnique(UniqueParam* p) {
  const T* x = p->x->data<T>();
  auto cmp = [&](int64_t a, int64_t b) {  // -1, 0, 1: slice a against slice b
    for (int64_t o = 0; o < p->outer; ++o)
      for (int64_t i = 0; i < p->inner; ++i) {
        const T va = x[(o * p->n + a) * p->inner + i], vb = x[(o * p->n + b) * p->inner + i];
        if (va != vb) return va < vb ? -1 : 1;
      }
    return 0;
  };
  std::vector<int64_t> order(static_cast<size_t>(p->n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return cmp(a, b) < 0; });
  std::vector<int64_t> group(static_cast<size_t>(p->n));  // each slice's group, groups in sorted order
  p->first.clear();
  p->count.clear();
  for (size_t k = 0; k < order.size(); ++k) {
    if (k == 0 || cmp(order[k - 1], order[k]) != 0) {
      p->first.push_back(order[k]);  // stable sort: the first position of the group
      p->count.push_back(0);
    }
    group[static_cast<size_t>(order[k])] = static_cast<int64_t>(p->first.size()) - 1;
    ++p->count.back();
  }
  std::vector<int64_t> rank(p->first.size());  // output position of each sorted group
  std::iota(rank.begin(), rank.end(), 0);
  if (!p->sorted) {  // by first appearance instead
    std::vector<int64_t> by_first(rank);
    std::sort(by_first.begin(), by_first.end(), [&](int64_t a, int64_t b) { return p->first[a] < p->first[b]; });
    std::vector<int64_t> first, count;
    for (size_t r = 0; r < by_first.size(); ++r) {
      rank[static_cast<size_t>(by_first[r])] = static_cast<int64_t>(r);
      first.push_back(p->first[static_cast<size_t>(by_first[r])]);
      count.push_back(p->count[static_cast<size_t>(by_first[r])]);
    }
    p->first = first, p->count = count;
  }
  p->inverse_of.resize(static_cast<size_t>(p->n));
  for (int64_t s = 0; s < p->n; ++s) p->inverse_of[static_cast<size_t>(s)] = rank[static_cast<size_t>(group[s])];
}

}  // namespace

Status UniqueOp::InferShape() {
  UniqueParam& p = param_;
  const DDim& d = p.x->dims();
  const DataType dt = p.x->dtype();
  EMBER_CHECK(dt == DataType::kFloat32 || dt == DataType::kInt32 || dt == DataType::kInt64,
              "input X must be float32, int32 or int64, got ", DataTypeName(dt));
  int a = 0;
  if (p.has_axis) {
    a = static_cast<int>(p.axis < 0 ? p.axis + d.size() : p.axis);
    EMBER_CHECK(a >= 0 && a < d.size(), "attribute axis = ", p.axis, " is out of range for X ", d.ToString());
    p.outer = d.Product(0, a), p.n = d[a], p.inner = d.Product(a + 1, d.size());
  } else {
    p.outer = 1, p.n = d.numel(), p.inner = 1;
  }
  if (dt == DataType::kFloat32) FindUnique<float>(&p);
  else if (dt == DataType::kInt32) FindUnique<int32_t>(&p);
  else FindUnique<int64_t>(&p);
  std::vector<int64_t> out = p.has_axis ? d.vec() : std::vector<int64_t>{0};
  out[static_cast<size_t>(a)] = static_cast<int64_t>(p.first.size());
  p.out->Resize(DDim(out));
  p.out->set_dtype(dt);
  const int64_t groups = static_cast<int64_t>(p.first.size());
  for (auto t : {std::make_pair(p.indices, groups), std::make_pair(p.inverse, p.n), std::make_pair(p.counts, groups)}) {
    if (!t.first) continue;
    t.first->Resize(DDim({t.second}));
    t.first->set_dtype(DataType::kInt64);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(unique, UniqueOp)

}  // namespace ember
