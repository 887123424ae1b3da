# lit configuration for pykc's tests.
#
# Substitutions:
#   %pykc        the compiler under test
#   %unit        the build folder holding the unit-test programs
#   %ptxas-check FILE: assembles PTX for sm_80 and sm_90 with the toolkit's
#                ptxas; tests using it say "REQUIRES: ptxas"
#   FileCheck    LLVM 19's, from the build's configuration (llvm-as, count: its
#                neighbours)
#   %libdevice   the toolkit's nvvm/libdevice/libdevice.10.bc (tests using it
#                say "REQUIRES: libdevice")
#   %numpy-python a Python interpreter that has NumPy (tests using it say
#                "REQUIRES: numpy")
#   %binary-info FILE [--facts]: describes a cubin or fatbin (tests/tools/binary_info.py)
#   %nvcc        the toolkit's nvcc beside that ptxas (tests using it say
#                "REQUIRES: nvcc")
# Features: ptxas (toolkit found), fatbinary (its toolkit has fatbinary too),
# nvcc (beside ptxas), libdevice (the toolkit has libdevice; pykc
# is then run with CUDA_HOME pointing at that toolkit), cuda (a GPU and its
# driver are present), asan (the build is sanitized), numpy (NumPy 1.24 or
# later is importable: the reference for pykc's compile-time NumPy).
import os
import shutil
import subprocess

import lit.formats

config.name = "pykc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".pyk", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "tools", "lit.cfg.py"]

config.substitutions.append(("%pykc", config.pykc))
config.substitutions.append(("%unit", config.unit_dir))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("count", os.path.join(os.path.dirname(config.filecheck), "count")))
# llvm-as builds the stand-in libdevice some codegen tests link.
config.substitutions.append(("llvm-as", os.path.join(os.path.dirname(config.filecheck), "llvm-as")))
tools = os.path.join(config.test_source_root, "tools")
config.substitutions.append(("%ptxas-path", config.ptxas or "ptxas-not-found"))
config.substitutions.append(
    ("%ptxas-check", "python3 %s %s" % (os.path.join(tools, "ptxas_check.py"), config.ptxas)))

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    # --emit=fatbin runs the same toolkit's fatbinary.
    if os.path.exists(os.path.join(os.path.dirname(config.ptxas), "fatbinary")):
        config.available_features.add("fatbinary")
    # nvcc beside that ptxas: bench/kernels' CUDA C twins are compiled with it
    nvcc = os.path.join(os.path.dirname(config.ptxas), "nvcc")
    if os.path.exists(nvcc):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", nvcc))
config.substitutions.append(("%binary-info", "python3 " + os.path.join(tools, "binary_info.py")))

# libdevice lives in the toolkit that has ptxas (TOOLKIT/bin/ptxas), else in
# CUDA_HOME's; the tests see that toolkit as their CUDA_HOME.
toolkits = [os.path.dirname(os.path.dirname(config.ptxas))] if config.ptxas else []
toolkits += [os.environ["CUDA_HOME"]] if os.environ.get("CUDA_HOME") else []
for toolkit in toolkits:
    libdevice = os.path.join(toolkit, "nvvm", "libdevice", "libdevice.10.bc")
    if os.path.exists(libdevice):
        config.available_features.add("libdevice")
        config.substitutions.append(("%libdevice", libdevice))
        config.environment["CUDA_HOME"] = toolkit
        break
if config.sanitized:
    config.available_features.add("asan")
    # Leaks are errors; the compiler must free what it allocates.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    # Hosts the tests build by hand link the sanitized libpykrt: they need
    # the sanitizers' runtimes too (tests/cmake/Inputs/pkg_config/build.sh).
    config.environment["PYKC_TEST_CFLAGS"] = "-fsanitize=address,undefined"


def numpy_python():
    """The first python3 on PATH or Debian's that imports NumPy >= 1.24."""
    probe = "import numpy, sys; sys.exit(tuple(map(int, numpy.__version__.split('.')[:2])) < (1, 24))"
    for python in ("python3", "/usr/bin/python3"):
        try:
            if subprocess.run([python, "-c", probe], capture_output=True, timeout=60).returncode == 0:
                return python
        except (OSError, subprocess.SubprocessError):
            pass
    return None


python_with_numpy = numpy_python()
if python_with_numpy:
    config.available_features.add("numpy")
    config.substitutions.append(("%numpy-python", python_with_numpy))


def has_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        return subprocess.run([smi, "-L"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


if has_gpu():
    config.available_features.add("cuda")
