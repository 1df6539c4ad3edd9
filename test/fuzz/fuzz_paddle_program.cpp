// libFuzzer target: the Paddle ProgramDesc parser (protobuf + Ember's checks), then what the loader does
// with a parsed program before weights: the weight list in file order, and serializing it back.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_common.h"
#include "io/paddle/paddle_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ember_fuzz::InitLimits();
  ember::ProgramDesc program;
  if (!ember::ParseProgramDesc(data, size, "fuzz", &program).ok()) return 0;
  (void)ember::WeightVarsInFileOrder(program);
  (void)program.FeedNames();
  (void)program.FetchNames();
  std::string out;
  (void)ember::SerializeProgramDesc(program, &out);
  return 0;
}
