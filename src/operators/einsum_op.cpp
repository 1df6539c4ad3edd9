#include "operators/einsum_op.h"

#include <algorithm>
#include <map>

#include "framework/op_registry.h"

namespace ember {

Status EinsumParam::Bind(ParamBinder* b) {
  operands = b->Inputs("Operands");
  out = b->Output("Out");
  equation = b->attrs().String("equation", "");
  return Status::OK();
}

namespace {

// The equation without spaces, split into the input terms and the output term (made up when implicit).
Status SplitEquation(const std::string& eq, size_t n_inputs, std::vector<std::string>* terms, std::string* out) {
  std::string s;
  for (char ch : eq)
    if (ch != ' ') s += ch;
  const size_t arrow = s.find("->");
  std::string lhs = s.substr(0, arrow);
  terms->clear();
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms->push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  EMBER_CHECK(terms->size() == n_inputs, "equation '", eq, "' has ", terms->size(), " terms for ", n_inputs,
              " operands");
  if (arrow != std::string::npos) {
    *out = s.substr(arrow + 2);
    return Status::OK();
  }
  std::map<char, int> uses;  // implicit output: "..." then the letters used once, sorted
  for (const auto& t : *terms)
    for (char ch : t)
      if (ch != '.') ++uses[ch];
  *out = lhs.find("...") != std::string::npos ? "..." : "";
  for (const auto& kv : uses)
    if (kv.second == 1) *out += kv.first;
  return Status::OK();
}

// A term's letters, its "..." replaced by one letter code per broadcast dim (codes 256 + k, right-aligned).
Status TermLetters(const std::string& term, int rank, int ellipsis_rank, std::vector<int>* letters) {
  letters->clear();
  const size_t dots = term.find("...");
  const int named = static_cast<int>(term.size()) - (dots == std::string::npos ? 0 : 3);
  const int broadcast = dots == std::string::npos ? 0 : rank - named;
  EMBER_CHECK(broadcast >= 0 && (dots != std::string::npos || named == rank) && broadcast <= ellipsis_rank,
              "equation term '", term, "' does not fit an operand of rank ", rank);
  for (size_t i = 0; i < term.size(); ++i) {
    if (i == dots) {
      for (int k = 0; k < broadcast; ++k) letters->push_back(256 + ellipsis_rank - broadcast + k);
      i += 2;
    } else {
      EMBER_CHECK(std::isalpha(static_cast<unsigned char>(term[i])), "equation term '", term, "' has '", term[i], "'");
      letters->push_back(static_cast<unsigned char>(term[i]));
    }
  }
  return Status::OK();
}

}  // namespace

Status EinsumOp::InferShape() {
  EinsumParam& p = param_;
  std::vector<std::string> terms;
  std::string out_term;
  EMBER_RETURN_IF_ERROR(SplitEquation(p.equation, p.operands.size(), &terms, &out_term));
  int ellipsis_rank = 0;  // the most dims "..." covers in any operand
  for (size_t i = 0; i < terms.size(); ++i) {
    EMBER_CHECK_DTYPE(p.operands[i], DataType::kFloat32, StrCat("operand ", i));
    const size_t dots = terms[i].find("...");
    if (dots != std::string::npos)
      ellipsis_rank = std::max(ellipsis_rank, p.operands[i]->dims().size() - static_cast<int>(terms[i].size() - 3));
  }
  std::vector<int> out_letters;
  const bool out_dots = out_term.find("...") != std::string::npos;
  const int out_rank = static_cast<int>(out_term.size()) + (out_dots ? ellipsis_rank - 3 : 0);
  EMBER_RETURN_IF_ERROR(TermLetters(out_term, out_rank, ellipsis_rank, &out_letters));
  std::map<int, int64_t> size_of;
  p.dims_letter.assign(terms.size(), {});
  for (size_t i = 0; i < terms.size(); ++i) {
    const DDim& d = p.operands[i]->dims();
    EMBER_RETURN_IF_ERROR(TermLetters(terms[i], d.size(), ellipsis_rank, &p.dims_letter[i]));
    for (int k = 0; k < d.size(); ++k) {
      int64_t& n = size_of.emplace(p.dims_letter[i][k], d[k]).first->second;
      EMBER_CHECK(n == d[k] || n == 1 || d[k] == 1, "letter dims differ: ", n, " and ", d[k]);
      n = std::max(n, d[k]);
    }
  }
  // Letters numbered: the output's first, then the summed ones.
  std::map<int, int> index;
  p.sizes.clear();
  std::vector<int64_t> out_dims;
  for (int l : out_letters) {
    EMBER_CHECK(size_of.count(l), "output letter '", static_cast<char>(l), "' is in no input term");
    index[l] = static_cast<int>(p.sizes.size());
    p.sizes.push_back(size_of[l]);
    out_dims.push_back(size_of[l]);
  }
  p.out_letters = static_cast<int>(p.sizes.size());
  for (const auto& kv : size_of)
    if (!index.count(kv.first)) {
      index[kv.first] = static_cast<int>(p.sizes.size());
      p.sizes.push_back(kv.second);
    }
  for (auto& dl : p.dims_letter)
    for (int& l : dl) l = index[l];
  p.out->Resize(DDim(out_dims));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(einsum, EinsumOp)

}  // namespace ember
