# lit configuration of the mapcost suite: `lit build/test` (or ctest).
#
# Substitutions:
#   %clang %opt FileCheck not split-file   the tools of the LLVM we built against
#   %plugin                                build/libmapcost.so
#   %load_plugin                           clang flags that load the plugin so
#                                          that -mllvm -mapcost-* is accepted
#                                          (19 also needs -fplugin=)
#   %cuda_device                           clang -x cuda for the device only,
#                                          sm_80, with the project's prelude
#                                          (and runtime/include, its SDK
#                                          header names)
#   %cuda_sdk                              the flags that make the CUDA SDK's
#                                          headers work with this clang
#   %sdk_device                            %cuda_device's compile with the SDK
#   %cuda_path %nvcc                       the CUDA toolkit (cuda-sdk), nvcc
#   %prelude %runtime                      runtime/mapcost_prelude.h, runtime/
#   %mapcost                               scripts/mapcost using this plugin
#   %opt_viewer                            the LLVM's opt-viewer folder (optrecord.py)
#   %clang++ %src_root                     clang++ of that LLVM, the source tree
#   %asan_runtime                          the sanitizer runtime a sanitized
#                                          plugin needs first in LD_PRELOAD
#                                          (empty otherwise)
# Features: llvm19 or llvm22, cuda-sdk (its headers work with this clang), nvcc,
# cuda-gpu (a GPU to run on).
import os
import subprocess
import lit.formats
import lit.util

config.name = "mapcost"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "lit.site.cfg.py.in"]
config.test_source_root = os.path.join(config.mapcost_src_root, "test")
config.test_exec_root = os.path.join(config.mapcost_obj_root, "test")

# The interpreter itself, not a launcher script in front of it (pyenv's
# shims start a shell and several processes per call: 0.4 s, and 2 s with
# the sanitizer runtime preloaded into each of them, below).
try:
    python = subprocess.run([config.python, "-c", "import sys; print(sys.executable)"],
                            capture_output=True, text=True, check=True).stdout.strip()
except (OSError, subprocess.CalledProcessError):
    python = ""
python = python or config.python

tools = config.llvm_tools_dir
plugin = os.path.join(config.mapcost_obj_root, "libmapcost.so")
runtime = os.path.join(config.mapcost_src_root, "runtime")
prelude = os.path.join(runtime, "mapcost_prelude.h")
major = int(config.llvm_version_major)

config.available_features.add("llvm%d" % major)
sdk_flags = ""
if config.cuda_path and major >= 20:
    # CUDA 13's headers need CCCL's include path; clang 19 cannot read them.
    config.available_features.add("cuda-sdk")
    sdk_flags = "--cuda-path=%s -I%s/include/cccl -Wno-unknown-cuda-version" % (
        config.cuda_path, config.cuda_path)
# NVIDIA's nvcc crashes with the sanitizer runtime preloaded (below): the
# sanitized suite does without it.
if config.nvcc and not config.asan_runtime:
    config.available_features.add("nvcc")
# A GPU to run what the tests build (checked only where there is one).
if config.cuda_path and lit.util.which("nvidia-smi") and \
        os.system("nvidia-smi -L >/dev/null 2>&1") == 0:
    config.available_features.add("cuda-gpu")

load = "-fpass-plugin=%s" % plugin
if major < 20:
    load = "-fplugin=%s %s" % (plugin, load)

# Keep the environment clean of the user's mapcost settings.
config.environment.pop("MAPCOST_OPTIONS", None)
config.environment["MAPCOST_PLUGIN"] = plugin
# The size of the property tests, and of the race property tests where it
# differs (CI sets them per LLVM version).
for var in ("MAPCOST_PROPERTY_KERNELS", "MAPCOST_DRF_KERNELS", "MAPCOST_NEST_KERNELS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# A sanitized plugin needs the sanitizer runtime in the host process. Leaks
# are checked where the whole process is ours (the C unit tests under
# ctest); clang and opt leak on purpose at exit.
if config.asan_runtime:
    config.available_features.add("asan")
    config.environment["LD_PRELOAD"] = config.asan_runtime
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

clang = os.path.join(tools, "clang")
config.substitutions += [
    ("%cuda_device", "%s -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 "
     "-nocudainc -nocudalib -Wno-unknown-cuda-version -include %s -isystem %s"
     % (clang, prelude, os.path.join(runtime, "include"))),
    ("%cuda_sdk", sdk_flags),
    ("%sdk_device", "%s -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %s" % (clang, sdk_flags)),
    ("%cuda_path", config.cuda_path or "/no-cuda-sdk"),
    ("%nvcc", config.nvcc or "nvcc"),
    ("%load_plugin", load),
    ("%plugin", plugin),
    ("%asan_runtime", config.asan_runtime or ""),
    ("%prelude", prelude),
    ("%runtime", runtime),
    ("%mapcost", "%s %s" % (python,
                            os.path.join(config.mapcost_src_root, "scripts", "mapcost"))),
    ("%opt_viewer", os.path.join(os.path.dirname(tools), "share", "opt-viewer")),
    ("%clang\+\+", clang + "++"),
    ("%src_root", config.mapcost_src_root),
    ("%clang", clang),
    ("%opt", os.path.join(tools, "opt")),
    ("%python", python),
]
config.substitutions.append(("FileCheck", config.filecheck))
for tool in ("not", "split-file", "llvm-remarkutil"):
    path = os.path.join(tools, tool)
    if os.path.exists(path):
        config.substitutions.append((r"(?<![\w/-])%s(?= )" % tool, path))
