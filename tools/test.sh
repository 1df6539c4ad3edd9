#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds (Release, full profile) and runs every test with CTest,
# then builds the slim mnist profile and runs its network test. Fails first on a function over 150 lines.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
python3 tools/function_lengths.py src  # every function in src/ short enough to read in one sitting
tools/build.sh linux full
(cd build-linux-full && ctest --output-on-failure -j2 --timeout 600)
tools/build.sh linux mnist
(cd build-linux-mnist && ctest --output-on-failure --timeout 600)
