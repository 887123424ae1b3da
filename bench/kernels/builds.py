"""Compiling the benchmark's three builds' inputs: each kernels .py with
pykc to PTX (or taking PTX compiled beforehand by prepare.sh), and each
cuda/*.cu with nvcc -O3 to a cubin (or to PTX, for the dry run's parameter
checks). A .cu's first lines may say `// nvcc-flags: FLAGS` (the fastmath
file: --use_fast_math)."""
import glob
import os
import re
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CUDA_DIR = os.path.join(HERE, "cuda")


def kernel_modules():
    """The stems of bench/kernels' kernel files (a .py with a line starting `@cuda.jit`)."""
    stems = []
    for path in sorted(glob.glob(os.path.join(HERE, "*.py"))):
        with open(path) as f:
            if re.search(r"^@cuda\.jit", f.read(), re.M):
                stems.append(os.path.splitext(os.path.basename(path))[0])
    return stems


def cu_files():
    return sorted(glob.glob(os.path.join(CUDA_DIR, "*.cu")))


def default_nvcc():
    for cand in (os.path.join(os.environ.get("CUDA_HOME", ""), "bin", "nvcc"), "/usr/local/cuda/bin/nvcc"):
        if cand and os.path.exists(cand):
            return cand
    return shutil.which("nvcc")


def nvcc_flags(cu_path):
    with open(cu_path) as f:
        for line in f.readlines()[:5]:
            if line.startswith("// nvcc-flags:"):
                return line.split(":", 1)[1].split()
    return []


def run(cmd):
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError("%s failed (%d):\n%s%s" % (" ".join(cmd), done.returncode, done.stdout, done.stderr))
    return done


def compile_pykc(pykc, outdir, arch):
    """{module stem: PTX path}; pykc's warnings are errors here (the
    benchmark's kernels are clean)."""
    os.makedirs(outdir, exist_ok=True)
    paths, cmds = {}, []
    for stem in kernel_modules():
        out = os.path.join(outdir, stem + ".ptx")
        cmd = [pykc, "compile", os.path.join(HERE, stem + ".py"), "-O3", "--arch=" + arch, "-o", out]
        done = run(cmd)
        if done.stderr.strip():
            raise RuntimeError("%s printed diagnostics:\n%s" % (" ".join(cmd), done.stderr))
        paths[stem] = out
        cmds.append(" ".join(cmd))
    return paths, cmds


def ptx_from_dir(ptx_dir):
    paths = {}
    for stem in kernel_modules():
        p = os.path.join(ptx_dir, stem + ".ptx")
        if not os.path.exists(p):
            raise RuntimeError("%s is missing: run bench/kernels/prepare.sh %s first" % (p, ptx_dir))
        paths[stem] = p
    return paths, ["PTX from %s (prepare.sh)" % ptx_dir]


def compile_nvcc(nvcc, outdir, arch, emit="cubin"):
    """{cu stem: cubin (or PTX) path}"""
    os.makedirs(outdir, exist_ok=True)
    paths, cmds = {}, []
    for cu in cu_files():
        stem = os.path.splitext(os.path.basename(cu))[0]
        out = os.path.join(outdir, "%s.%s" % (stem, emit))
        cmd = [nvcc, "-O3", "-arch=" + arch, "-" + emit, "-I", CUDA_DIR] + nvcc_flags(cu) + [cu, "-o", out]
        run(cmd)
        paths[stem] = out
        cmds.append(" ".join(cmd))
    return paths, cmds


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.strip().splitlines()
        return out[-1] if out else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"
