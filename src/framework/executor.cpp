#include "framework/executor.h"

#include <algorithm>
#include <chrono>
#include <new>

#include "framework/memory_planner.h"
#include "framework/op_registry.h"
#include "framework/parallel.h"

namespace ember {

namespace {
bool IsFeedFetch(const OpDesc& op) { return op.type == "feed" || op.type == "fetch"; }

Status WithOp(Status s, const OpDesc& op, const std::string& phase) {
  if (!s.ok()) s.Prepend(StrCat("op ", op.Describe(), " ", phase, ": "));
  return s;
}
}  // namespace

Executor::Executor(const ProgramDesc* program, const Scope* weights, ExecutorOptions options)
    : program_(program), options_(options), scope_(weights) {
  const BlockDesc& block = program_->block0();
  // Every non-weight variable of the block lives in this executor's scope.
  for (const auto& v : block.vars) {
    if (v.persistable && weights && weights->FindVar(v.name)) continue;
    if (v.type == static_cast<int>(VarDataType::kFeedMinibatch) ||
        v.type == static_cast<int>(VarDataType::kFetchList))
      continue;
    scope_.Var(v.name);
  }
  for (const auto& op : block.ops)
    for (const auto& n : op.AllOutputNames())
      if (!scope_.FindVar(n)) scope_.Var(n);
  ops_.resize(block.ops.size());
  inited_.assign(block.ops.size(), false);
  if (options_.backend) options_.backend->SetProfiling(options_.profile);

  for (const auto& op : block.ops)  // NCHW copies of packed (NCHW16c / NCHW4c) tensors (see SetInput)
    if (op.type == "layout_transform" && op.Output("Out").size() == 1) {
      const Attribute* a = op.Attr("dst_layout");
      if (a && a->s == "NCHW") packed_copies_.insert(op.Output("Out")[0]);
    }
  feed_names_ = program_->FeedNames();
  fetch_names_ = program_->FetchNames();
  if (feed_names_.empty()) {  // no feed ops: inputs are the non-weight tensors nothing produces
    std::set<std::string> produced;
    for (const auto& op : block.ops)
      for (const auto& n : op.AllOutputNames()) produced.insert(n);
    std::set<std::string> seen;
    for (const auto& op : block.ops)
      for (const auto& n : op.AllInputNames())
        if (!produced.count(n) && !(weights && weights->FindVar(n)) && seen.insert(n).second)
          feed_names_.push_back(n);
  }
}

Executor::~Executor() = default;

Status Executor::SetInput(const std::string& name, const Tensor& tensor) {
  const VarDesc* vd = program_->block0().FindVar(name);
  Variable* var = scope_.FindLocalVar(name);
  if (!var) return NotFound("the model has no variable named '", name, "' that can be fed");
  if (packed_copies_.count(name))
    return InvalidArgument("variable '", name, "' is computed inside a packed-channel region (its readers use its ",
                           "packed copy), so this program cannot take it fed (a Predictor derives one that can)");
  if (vd && vd->IsTensor() && !vd->dims.empty() && static_cast<int>(vd->dims.size()) != tensor.dims().size())
    return InvalidArgument("input '", name, "' has shape ", tensor.dims().ToString(), " but the model expects rank ",
                           vd->dims.size(), " (", DDim(vd->dims).ToString(), ")");
  if (tensor.dims().HasUnknown())
    return InvalidArgument("input '", name, "' has an unknown dim in shape ", tensor.dims().ToString());
  if (!tensor.initialized()) return InvalidArgument("input '", name, "' has no data");
  var->GetMutable()->Release();  // inputs get storage of their own, never a slot of an arena
  EMBER_RETURN_IF_ERROR(var->GetMutable()->CopyFrom(tensor));
  fed_.insert(name);
  return Status::OK();
}

void Executor::ClearInputs() { fed_.clear(); }

const Tensor* Executor::Input(const std::string& name) const {
  const Variable* v = fed_.count(name) ? scope_.FindLocalVar(name) : nullptr;
  return v ? &v->Get() : nullptr;
}

Status Executor::BuildPlan(const std::set<std::string>& fed, const std::vector<std::string>& targets, Plan* plan) {
  const BlockDesc& block = program_->block0();
  const Scope* weights = scope_.parent();
  auto available = [&](const std::string& n) { return fed.count(n) || (weights && weights->FindVar(n)); };
  std::set<std::string> needed;
  for (const auto& t : targets) {
    if (!scope_.FindVar(t)) return NotFound("the model has no variable named '", t, "' to fetch");
    if (!available(t)) needed.insert(t);
  }
  std::set<std::string> produced;
  std::vector<size_t> picked;
  for (size_t i = block.ops.size(); i-- > 0;) {
    const OpDesc& op = block.ops[i];
    if (IsFeedFetch(op)) continue;
    bool wanted = false;
    for (const auto& n : op.AllOutputNames())
      if (needed.count(n)) wanted = true;
    if (!wanted) continue;
    picked.push_back(i);
    for (const auto& n : op.AllOutputNames()) produced.insert(n);
    for (const auto& n : op.AllInputNames())
      if (!available(n)) needed.insert(n);
  }
  std::vector<std::string> unset;
  for (const auto& n : needed)
    if (!produced.count(n)) unset.push_back(n);
  if (!unset.empty()) {
    std::string list;
    for (const auto& n : unset) list += (list.empty() ? "" : ", ") + n;
    return InvalidArgument("inputs not set: ", list);
  }
  std::reverse(picked.begin(), picked.end());
  if (!options_.light_mode) {
    // Light mode off keeps every computed variable readable, including the NCHW names of NCHW16c tensors,
    // whose conversions back (layout_transform to NCHW) otherwise run only when something needs them.
    std::set<size_t> have(picked.begin(), picked.end());
    for (size_t i = 0; i < block.ops.size(); ++i) {
      const OpDesc& op = block.ops[i];
      if (op.type != "layout_transform" || have.count(i) || op.Input("X").size() != 1 ||
          !produced.count(op.Input("X")[0]))
        continue;
      picked.push_back(i);
      for (const auto& n : op.AllOutputNames()) produced.insert(n);
    }
    std::sort(picked.begin(), picked.end());
  }
  // Every op must read only what is fed, a weight, or written by an op before it (a cyclic or misordered
  // program would otherwise read a tensor nobody computed).
  std::set<std::string> defined;
  for (size_t i : picked) {
    const OpDesc& op = block.ops[i];
    for (const auto& n : op.AllInputNames())
      if (!available(n) && !defined.count(n))
        return InvalidArgument("op ", op.Describe(), " reads variable '", n, "' before any op writes it");
    for (const auto& n : op.AllOutputNames()) defined.insert(n);
  }
  plan->ops = std::move(picked);

  // Lifetimes of the intermediates, for light mode and the arena plan.
  std::set<std::string> kept(targets.begin(), targets.end());
  plan->kept.assign(kept.begin(), kept.end());
  std::map<std::string, size_t> index;
  for (size_t step = 0; step < plan->ops.size(); ++step) {
    const OpDesc& op = block.ops[plan->ops[step]];
    std::vector<std::string> touched = op.AllOutputNames();
    for (const auto& n : op.AllInputNames()) touched.push_back(n);
    for (const auto& n : touched) {
      if (available(n) || kept.count(n)) continue;
      auto it = index.find(n);
      if (it == index.end()) {
        index[n] = plan->temps.size();
        plan->temps.push_back(n);
        plan->first.push_back(static_cast<int>(step));
        plan->last.push_back(static_cast<int>(step));
      } else {
        plan->last[it->second] = static_cast<int>(step);
      }
    }
  }
  plan->writers.assign(plan->temps.size(), 0);
  for (size_t step = 0; step < plan->ops.size(); ++step)
    for (const auto& n : block.ops[plan->ops[step]].AllOutputNames()) {
      auto it = index.find(n);
      if (it != index.end()) ++plan->writers[it->second];
    }
  plan->free_after.assign(plan->ops.size(), {});
  for (size_t i = 0; i < plan->temps.size(); ++i) plan->free_after[static_cast<size_t>(plan->last[i])].push_back(i);
  return Status::OK();
}

Status Executor::EnsureOp(size_t index) {
  if (ops_[index]) return Status::OK();
  const OpDesc& desc = program_->block0().ops[index];
  EMBER_RETURN_IF_ERROR(CreateOperator(desc, &scope_, &ops_[index]));
  if (options_.backend) {
    Status s = options_.backend->Adopt(desc, scope_, &ops_[index]);
    if (!s.ok()) ops_[index].reset();
    return WithOp(s, desc, "device");
  }
  return Status::OK();
}

// Places the temps in one arena from the sizes of the run just done. Where an op offers a StorageView
// (a concat's input as a run of its output, a split's output as a run of its input), the part goes
// inside its whole's slot so that op copies nothing. Only when both were written by one op each (nothing
// else rewrites the shared bytes), a part joins one whole, and no chain of wholes loops back; the whole's
// slot then lives from the first write to the last read of any tensor in its group.
Status Executor::PlanArena(Plan* plan, const std::vector<size_t>& sizes,
                           const std::map<const Tensor*, size_t>& temp_index) {
  const size_t n = sizes.size();
  auto aligned = [](size_t b) { return (b + Tensor::kAlignment - 1) / Tensor::kAlignment * Tensor::kAlignment; };
  std::vector<long> parent(n, -1);
  std::vector<size_t> rel(n, 0);
  plan->view_offerer.assign(n, -1);
  for (size_t op : plan->ops) {
    const std::vector<std::string> outs = program_->block0().ops[op].AllOutputNames();
    for (const StorageView& v : ops_[op]->Views()) {
      auto pi = temp_index.find(v.part), wi = temp_index.find(v.whole);
      if (pi == temp_index.end() || wi == temp_index.end()) continue;
      const size_t p = pi->second, w = wi->second;
      if (p == w || parent[p] >= 0 || plan->writers[p] != 1 || plan->writers[w] != 1) continue;
      if (v.offset + sizes[p] > sizes[w] || v.part->nbytes() != sizes[p]) continue;
      bool loops = false;
      for (long r = static_cast<long>(w); r >= 0 && !loops; r = parent[static_cast<size_t>(r)])
        loops = r == static_cast<long>(p);
      if (loops) continue;
      parent[p] = static_cast<long>(w);
      rel[p] = v.offset;
      if (std::find(outs.begin(), outs.end(), plan->temps[p]) != outs.end()) plan->view_offerer[p] = static_cast<long>(op);
    }
  }
  plan->view_whole = parent;
  plan->view_offset = rel;
  // Each temp's group root and offset inside it; the root's lifetime covers the group.
  std::vector<size_t> root(n), within(n, 0);
  std::vector<int> first = plan->first, last = plan->last;
  plan->view_bytes.assign(n, 0);
  for (size_t t = 0; t < n; ++t) {
    size_t r = t;
    while (parent[r] >= 0) {
      within[t] += rel[r];
      r = static_cast<size_t>(parent[r]);
    }
    root[t] = r;
    if (r != t) {
      first[r] = std::min(first[r], plan->first[t]);
      last[r] = std::max(last[r], plan->last[t]);
      plan->view_bytes[t] = sizes[t];
      plan->view_bytes[r] = sizes[r];
    }
  }
  std::vector<BufferRequest> reqs;
  std::vector<size_t> req_of(n, 0);
  for (size_t t = 0; t < n; ++t)
    if (root[t] == t) {
      req_of[t] = reqs.size();
      reqs.push_back({sizes[t], first[t], last[t]});
    }
  MemoryPlan mp = PlanMemory(reqs, Tensor::kAlignment);
  plan->offsets.assign(n, 0);
  plan->sizes.assign(n, 0);
  for (size_t t = 0; t < n; ++t) {
    plan->offsets[t] = mp.offsets[req_of[root[t]]] + within[t];
    // A root may use its slot's alignment padding; a part exactly its bytes, so its neighbours stay intact.
    plan->sizes[t] = root[t] == t ? aligned(sizes[t]) : sizes[t];
  }
  plan->arena.reset();
  EMBER_RETURN_IF_ERROR(AllocateBlock(std::max<size_t>(mp.arena_bytes, 1), &plan->arena).Prepend("activation arena: "));
  size_t naive = 0, views = 0;
  for (size_t t = 0; t < n; ++t) {
    naive += aligned(sizes[t]);
    views += root[t] != t;
  }
  plan->stats = {mp.arena_bytes, mp.lower_bound, naive, n, views};
  return Status::OK();
}

Status Executor::RunPlan(Plan* plan) {
  const BlockDesc& block = program_->block0();
  for (size_t i : plan->ops) EMBER_RETURN_IF_ERROR(EnsureOp(i));
  std::vector<DDim> dims;
  for (const auto& n : fed_) dims.push_back(scope_.FindVar(n)->Get().dims());
  const bool light = options_.light_mode;
  // At shapes the plan was made for, every intermediate gets its slot of the arena; otherwise this run
  // allocates as it goes, frees after the last reader, and records sizes for a new plan.
  const bool use_arena = light && plan->arena && plan->planned_dims == dims;
  std::vector<Tensor*> temps(plan->temps.size());
  for (size_t i = 0; i < temps.size(); ++i) {
    temps[i] = scope_.FindLocalVar(plan->temps[i])->GetMutable();
    if (use_arena) temps[i]->UseBlock(plan->arena, plan->offsets[i], plan->sizes[i]);
    else if (light) temps[i]->Release();
  }
  std::vector<size_t> sizes(plan->temps.size(), 0);
  std::map<const Tensor*, size_t> temp_index;
  for (size_t i = 0; i < temps.size(); ++i) temp_index[temps[i]] = i;
  bool fits = true;
  last_profile_.clear();
  if (options_.backend) EMBER_RETURN_IF_ERROR(options_.backend->BeginRun());

  // Shapes are inferred op by op just before each runs, so ops whose output shape depends on an earlier
  // op's values (shape -> slice -> reshape2, interp with OutSize) see real data.
  for (size_t step = 0; step < plan->ops.size(); ++step) {
    size_t i = plan->ops[step];
    const OpDesc& desc = block.ops[i];
    EMBER_RETURN_IF_ERROR(WithOp(ops_[i]->InferShape(), desc, "InferShape"));
    std::vector<StorageView> offered;  // this run's views of the op, when the plan placed one of its outputs
    bool asked = false;
    for (const auto& n : desc.AllOutputNames()) {
      Variable* v = scope_.FindLocalVar(n);
      if (!v) continue;
      Tensor* t = v->GetMutable();
      if (use_arena && plan->stats.views > 0) {
        auto it = temp_index.find(t);
        if (it != temp_index.end() && plan->view_offerer[it->second] == static_cast<long>(i)) {
          // A view that depends on values (a slice's StartsTensor) may have moved or gone at the same shapes:
          // then the output gets storage of its own, the op copies, and the arena is planned again.
          if (!asked) offered = ops_[i]->Views(), asked = true;
          const Tensor* whole = temps[static_cast<size_t>(plan->view_whole[it->second])];
          const size_t offset = plan->view_offset[it->second];
          const bool still = std::any_of(offered.begin(), offered.end(), [&](const StorageView& sv) {
            return sv.part == t && sv.whole == whole && sv.offset == offset;
          });
          if (!still) {
            t->Release();
            fits = false;
          }
        }
      }
      if (use_arena && plan->stats.views > 0) {
        // A view group member whose size changed (a data-dependent shape) would no longer line up with
        // the others: it gets storage of its own, its op copies, and the arena is planned again.
        auto it = temp_index.find(t);
        if (it != temp_index.end() && plan->view_bytes[it->second] && t->nbytes() != plan->view_bytes[it->second]) {
          t->Release();
          fits = false;
        }
      }
      EMBER_RETURN_IF_ERROR(WithOp(t->Allocate(), desc, "output " + n));
    }
    if (!inited_[i]) {
      EMBER_RETURN_IF_ERROR(WithOp(ops_[i]->Init(), desc, "Init"));
      inited_[i] = true;
    }
    if (options_.profile) {
      auto t0 = std::chrono::steady_clock::now();
      EMBER_RETURN_IF_ERROR(WithOp(ops_[i]->Run(), desc, "Run"));
      OpTiming timing;
      timing.op_index = i;
      timing.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      timing.kernel = ops_[i]->KernelName();
      for (const auto* names : {&desc.inputs, &desc.outputs})
        for (const auto& kv : *names)
          for (const auto& n : kv.second)
            if (const Variable* v = scope_.FindVar(n)) timing.dims[n] = v->Get().dims();
      last_profile_.push_back(std::move(timing));
    } else {
      EMBER_RETURN_IF_ERROR(WithOp(ops_[i]->Run(), desc, "Run"));
    }
    for (const auto& n : desc.AllOutputNames()) {
      Variable* v = scope_.FindLocalVar(n);
      auto it = v ? temp_index.find(v->GetMutable()) : temp_index.end();
      if (it == temp_index.end()) continue;
      sizes[it->second] = std::max(sizes[it->second], v->Get().nbytes());
      if (use_arena && v->Get().block() != plan->arena.get()) fits = false;  // outgrew its slot
    }
    if (light && !use_arena)
      for (size_t t : plan->free_after[step]) temps[t]->Release();
    if (light && options_.backend)
      for (size_t t : plan->free_after[step]) options_.backend->Dead(temps[t]);
  }
  if (options_.backend) {  // the kept outputs onto the host
    std::vector<Tensor*> kept;
    for (const auto& n : plan->kept)
      if (Variable* v = scope_.FindLocalVar(n)) kept.push_back(v->GetMutable());
    EMBER_RETURN_IF_ERROR(options_.backend->EndRun(kept, !light));
    for (OpTiming& t : last_profile_) {
      double ms = 0;
      if (options_.backend->DeviceMs(ops_[t.op_index].get(), &ms)) t.device_ms = ms;
      t.why_on_host = options_.backend->WhyOnHost(ops_[t.op_index].get());
    }
  }
  if (light && (!use_arena || !fits)) {
    EMBER_RETURN_IF_ERROR(PlanArena(plan, sizes, temp_index));
    plan->planned_dims = dims;
  }
  last_stats_ = plan->stats;
  readable_.clear();
  readable_.insert(fed_.begin(), fed_.end());
  readable_.insert(plan->kept.begin(), plan->kept.end());
  last_run_ops_ = plan->ops.size();
  return Status::OK();
}

Status Executor::Run(const std::vector<std::string>& fetch) {
  try {
    const int threads = helper_watch_.NextThreads(options_.threads);
    SetMaxThreads(threads);
    const std::vector<std::string>& targets = fetch.empty() ? fetch_names_ : fetch;
    std::string key;
    for (const auto& n : fed_) key += n + '\n';
    key += '|';
    for (const auto& n : targets) key += n + '\n';
    auto it = plans_.find(key);
    if (it == plans_.end()) {
      Plan plan;
      EMBER_RETURN_IF_ERROR(BuildPlan(fed_, targets, &plan));
      it = plans_.emplace(key, std::move(plan)).first;
    }
    TakeParallelShare();  // from this run on
    const Status status = RunPlan(&it->second);
    helper_watch_.Observe(TakeParallelShare(), threads);
    return status;
  } catch (const std::bad_alloc&) {
    return OutOfMemory("out of memory while running the model");
  } catch (const std::exception& e) {
    return Internal("unexpected error while running the model: ", e.what());
  }
}

Status Executor::GetOutput(const std::string& name, const Tensor** out) const {
  const Variable* v = scope_.FindVar(name);
  if (!v) return NotFound("the model has no variable named '", name, "'");
  if (options_.light_mode && !readable_.count(name) && scope_.FindLocalVar(name))
    return NotFound("variable '", name, "' was not kept by the last Run (light mode keeps only the requested "
                    "outputs: pass it to Run, or turn light mode off)");
  if (!v->Get().initialized()) return NotFound("variable '", name, "' has not been computed");
  *out = &v->Get();
  return Status::OK();
}

Status Executor::TakeOutput(const std::string& name, Tensor* out) {
  const Tensor* t = nullptr;
  EMBER_RETURN_IF_ERROR(GetOutput(name, &t));
  Variable* local = scope_.FindLocalVar(name);
  if (!local || fed_.count(name) || !t->OwnsStorageAlone()) return out->CopyFrom(*t);
  *out = *t;                    // shares the block...
  local->GetMutable()->Release();  // ...which the variable then lets go (its dims and dtype stay)
  readable_.erase(name);
  return Status::OK();
}

}  // namespace ember
