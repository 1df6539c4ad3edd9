// The slim model format (`.ember`): a program after the passes and the weights it reads, in one file that a
// build reads without protobuf, the importers or the target-independent passes (Paddle-Lite's `opt` split:
// `ember convert MODEL OUT.ember --slim` on a desktop, a slim runtime on the phone).
//
// Layout, little-endian, every count and size fixed-width:
//   magic "EMBRSLIM" | u32 version (1) | u32 0 | u64 program bytes | u64 data offset (64-aligned) | u64 data bytes
//   program (from byte 40): str source format | i64 version | u32 blocks, each:
//     i32 idx | i32 parent | u32 vars, each: str name | i32 type | i32 dtype | u32 rank | i64 dims | i32 lod | u8 persistable
//                          | u32 ops, each:  str type | slots in | slots out | u32 attrs, each: str name | u8 AttrType | value
//     slots: u32 n, each: str slot | u32 names | str...;  str: u32 length | bytes
//     value by AttrType: INT LONG BOOLEAN BLOCK i64; FLOAT FLOAT64 f64; STRING VAR str; INTS LONGS BOOLEANS BLOCKS
//     u32 n | i64...; FLOATS FLOAT64S u32 n | f64...; STRINGS VARS u32 n | str...
//   | u32 weights, each: str name | u8 DataType | u32 rank | i64 dims | u64 offset in data (64-aligned) | u64 bytes
//   data: the weights' bytes as the kernels read them, so a mapped file is used in place.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

constexpr char kSlimMagic[8] = {'E', 'M', 'B', 'R', 'S', 'L', 'I', 'M'};
constexpr uint32_t kSlimVersion = 1;

// True when the buffer starts with the slim format's magic.
inline bool IsSlimModel(const void* data, size_t size) {
  return data && size >= sizeof(kSlimMagic) && std::memcmp(data, kSlimMagic, sizeof(kSlimMagic)) == 0;
}

// Reads a slim model from `data` into `program` (format "slim") and `weights`. The weights are views of
// `backing` when the bytes lie inside it (a mapped file), else copies. Errors name `source` and the part.
Status ParseSlimModel(const void* data, size_t size, const std::string& source, const std::shared_ptr<Allocation>& backing,
                      ProgramDesc* program, Scope* weights);

// Maps `path` and reads it (weights used in place).
Status LoadSlimFile(const std::string& path, ProgramDesc* program, Scope* weights);

struct SlimWriteReport {
  size_t weights = 0;       // tensors written
  size_t data_bytes = 0;    // their bytes, with alignment
  size_t file_bytes = 0;
};

// The file's bytes for `program` (after the passes) and the weights its ops read (found in `weights`).
Status SerializeSlimModel(const ProgramDesc& program, const Scope& weights, std::string* out,
                          SlimWriteReport* report = nullptr);

// Serializes and writes `path`.
Status WriteSlimModel(const ProgramDesc& program, const Scope& weights, const std::string& path,
                      SlimWriteReport* report = nullptr);

// What `ember convert --slim` writes: a program as loaded, through every pass but the target ones (on a copy;
// the weights they fold live in a scope over `weights`), to `path`. `written` (optional) gets the program.
Status WriteOptimizedSlimModel(const ProgramDesc& loaded, const Scope& weights,
                               const std::vector<std::string>& disabled_passes, const std::string& path,
                               SlimWriteReport* report = nullptr, ProgramDesc* written = nullptr);

}  // namespace ember
