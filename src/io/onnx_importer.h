// ONNX importer: an ONNX ModelProto into Ember's ProgramDesc (with feed/fetch ops for the graph's inputs and
// outputs) and a weight scope (initializers, Constant nodes).
#pragma once

#include <string>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace ember {

// `path` names the .onnx file (external-data files are looked up beside it).
Status ImportOnnxFile(const std::string& path, ProgramDesc* program, Scope* weights);
Status ImportOnnxBuffer(const void* data, size_t size, const std::string& source, ProgramDesc* program,
                        Scope* weights);

}  // namespace ember
