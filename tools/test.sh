#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds (Release, full profile) and runs every test with CTest,
# and the slim mnist profile's tests (its network, the C API, its outputs). Fails first on a function over 150 lines.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
python3 tools/function_lengths.py src  # every function in src/ short enough to read in one sitting
tools/build.sh linux full
# Without link-time optimization, which only the size budget needs (tools/size_report.sh): half the compile.
# Built before the full suite runs, so that its pip install test finds these objects in ccache.
EMBER_CMAKE_ARGS=-DEMBER_LTO=OFF tools/build.sh linux mnist
(cd build-linux-full && ctest --output-on-failure -j2 --timeout 600)
(cd build-linux-mnist && ctest --output-on-failure --timeout 600)
