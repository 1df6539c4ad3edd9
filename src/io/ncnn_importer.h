// ncnn importer: a .param (text, magic 7767517) or .param.bin graph plus its .bin weights into Ember's
// ProgramDesc (with feed/fetch ops) and a weight scope. Without a .bin, weights are generated.
#pragma once

#include <string>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace ember {

// bin_path may be empty: then `<param without .param>.bin` is used when it exists, else weights are
// generated (deterministic, right shapes) when generate_weights is true, else it is an error.
Status ImportNcnnFiles(const std::string& param_path, const std::string& bin_path, bool generate_weights,
                       ProgramDesc* program, Scope* weights);

}  // namespace ember
