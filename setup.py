"""Builds ember._ember with CMake (target ember_python, python/CMakeLists.txt) for `pip install .`.

Environment: EMBER_NET picks the net profile (default full: every op), EMBER_BUILD_DIR the CMake build folder
(default build-python-<net>; a second install reuses it), EMBER_JOBS the parallel jobs (default 2),
EMBER_CMAKE_ARGS extra CMake options (e.g. -DEMBER_LTO=OFF).
"""
import os
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        net = os.environ.get("EMBER_NET", "full")
        build_dir = os.path.abspath(os.environ.get("EMBER_BUILD_DIR") or os.path.join(ROOT, "build-python-" + net))
        configure = ["cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release", "-DEMBER_NET=" + net,
                     "-DEMBER_BUILD_TESTS=OFF", "-DEMBER_BUILD_JAVA=OFF", "-DPYTHON_EXECUTABLE=" + sys.executable]
        configure += shlex.split(os.environ.get("EMBER_CMAKE_ARGS", ""))
        print("ember: configuring %s (net profile %s)" % (build_dir, net), flush=True)
        subprocess.run(configure, check=True, stdout=subprocess.DEVNULL)
        jobs = os.environ.get("EMBER_JOBS", "2")
        print("ember: building the module (%s jobs)" % jobs, flush=True)
        subprocess.run(["cmake", "--build", build_dir, "--target", "ember_python", "-j", jobs], check=True)
        built = os.path.join(build_dir, "python", "ember")
        module = [f for f in os.listdir(built) if f.startswith("_ember") and f.endswith(".so")][0]
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(built, module), target)


setup(ext_modules=[Extension("ember._ember", sources=[])], cmdclass={"build_ext": CMakeBuild})
