#include "bench.h"

#include <iostream>

int BenchMain(int, char**) {
  std::cerr << "ember: error: bench is not implemented yet\n";
  return 1;
}
