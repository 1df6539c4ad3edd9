#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds (Release, full profile) and runs every test with CTest,
# then builds the slim mnist profile and runs its network test.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
tools/build.sh linux full
(cd build-linux-full && ctest --output-on-failure -j2 --timeout 600)
tools/build.sh linux mnist
(cd build-linux-mnist && ctest --output-on-failure --timeout 600)
