"""Builds marginlab._core with the source tree's native CMake build and puts it in the package.

The build folder is $MARGINLAB_BUILD_DIR, else <source tree>/build/native (configured with the native preset
when it has no CMakeCache.txt yet); only the target marginlab_python and the core it links are built, so an
existing native build (tools/test.sh) makes this a copy. The package also records the source tree's data/ folder
(marginlab/_paths.py), where marginlab.run and marginlab.datasets read shipped files.
"""

import glob
import os
import re
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class CMakeBuildExt(build_ext):
    """build_ext by `cmake --build BUILD --target marginlab_python`."""

    def run(self):
        build = os.environ.get("MARGINLAB_BUILD_DIR", os.path.join(ROOT, "build", "native"))
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            subprocess.check_call(["cmake", "--preset", "native", "-DML_BUILD_BENCH=OFF"], cwd=ROOT)
        jobs = os.environ.get("MARGINLAB_BUILD_JOBS", "2")
        subprocess.check_call(["cmake", "--build", build, "--target", "marginlab_python", "-j", jobs], cwd=ROOT)
        built = glob.glob(os.path.join(build, "python", "marginlab", "_core*.so"))
        if len(built) != 1:
            raise RuntimeError(f"expected one marginlab/_core*.so in {build}/python, found {built}")
        for ext in self.extensions:
            target = self.get_ext_fullpath(ext.name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(built[0], target)


class BuildPyWithPaths(build_py):
    """build_py that also writes marginlab/_paths.py (the source tree's data folder)."""

    def run(self):
        super().run()
        path = os.path.join(self.build_lib, "marginlab", "_paths.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write("# Written by python/setup.py: the data folder of the source tree the package was built from.\n")
            f.write(f"DATA_DIR = {os.path.join(ROOT, 'data')!r}\n")


def project_version():
    """The version in the top CMakeLists.txt's project() call: the one place it is written (the extension module
    reports the same, marginlab.__version__)."""
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        found = re.search(r"project\(marginlab VERSION ([0-9.]+)", f.read())
    if not found:
        raise RuntimeError("CMakeLists.txt: no 'project(marginlab VERSION x.y.z' to take the version from")
    return found.group(1)


setup(
    version=project_version(),
    ext_modules=[Extension("marginlab._core", sources=[])],
    cmdclass={"build_ext": CMakeBuildExt, "build_py": BuildPyWithPaths},
)
