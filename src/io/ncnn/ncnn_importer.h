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
// The same from memory: `param` is .param text, or .param.bin bytes when binary_param; `bin` the .bin weights
// (null: generated when generate_weights, else an error). `source` names the model in error messages.
Status ImportNcnnBuffers(const std::string& param, bool binary_param, const std::string* bin, bool generate_weights,
                         const std::string& source, ProgramDesc* program, Scope* weights);

}  // namespace ember
