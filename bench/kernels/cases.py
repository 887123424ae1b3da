"""The benchmark's cases: for every kernel of bench/kernels/*.py, its inputs
(seeded NumPy arrays), its outputs' initial contents, its launch
configuration and how its outputs are compared. NumPy only: the GPU runner
(run.py) and its dry run share this table.

A case's `args` are, in the kernel's parameter order, `Arr` (an array: an
input, or an output the kernel writes) and NumPy scalars. Sizes are chosen
so that one launch takes roughly 10 us to 1 ms on an H100; `small=True`
gives tiny sizes with the same shapes of launch, for the dry run."""
import numpy as np

F32, F64, I32, I64, U32, U64 = np.float32, np.float64, np.int32, np.int64, np.uint32, np.uint64


class Arr:
    """An array argument. `out`: the kernel writes it (compared across the
    three builds, reset to `host` before the checked launch)."""
    def __init__(self, host, out=False):
        self.host = np.ascontiguousarray(host)
        self.out = out


class Tol:
    """How two float outputs may differ: |got - want| <= atol + rtol*|want|.
    `frac`: the fraction of elements allowed outside that (data-dependent
    loops where one contracted FMA moves a point across a boundary), for
    integer outputs too. `why` is printed with the table."""
    def __init__(self, rtol=0.0, atol=0.0, frac=0.0, why=""):
        self.rtol, self.atol, self.frac, self.why = rtol, atol, frac, why


EXACT = Tol(why="bit-equal")
ELEMENT_F32 = Tol(1e-6, 1e-7, why="per-element float32: FMA contraction may differ by an ulp")
ELEMENT_F64 = Tol(1e-14, 1e-300, why="per-element float64: FMA contraction may differ by an ulp")
MATH_F32 = Tol(4e-6, 1e-6, why="libdevice vs CUDA's math library: a few ulp")
MATH_F64 = Tol(1e-14, 1e-15, why="libdevice vs CUDA's math library: a few ulp")
FAST_F32 = Tol(2e-3, 1e-4, why="fastmath: approximate functions, flush to zero")
ATOMIC_F32 = Tol(5e-4, 1e-3, why="float32 sum through atomics: the order of additions varies run to run")
ATOMIC_F64 = Tol(1e-11, 1e-9, why="float64 sum through atomics: the order of additions varies run to run")
SUM_F32 = Tol(1e-5, 1e-4, why="float32 sums of a fixed order: contraction and association may differ")


class Case:
    def __init__(self, name, module, grid, block, args, tol=EXACT, cu=None, what=""):
        self.name, self.module = name, module
        self.cu = cu or module                     # the .cu file's stem
        self.grid = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
        self.block = tuple(block) if isinstance(block, (tuple, list)) else (block,)
        self.args, self.tol, self.what = args, tol, what

    @property
    def outputs(self):
        return [a for a in self.args if isinstance(a, Arr) and a.out]


def cdiv(a, b):
    return (a + b - 1) // b


def build_cases(small=False, seed=12):
    """Every case, in table order; inputs drawn from one seeded generator
    (the same arrays on every run)."""
    rng = np.random.default_rng(seed)

    def n(e):              # a vector length of 2**e (2**10 at most when small)
        return 1 << (min(e, 10) if small else e)

    def d(x):              # a matrix extent (48 at most when small: not a tile multiple)
        return min(x, 48) if small else x

    def uni(shape, lo=-1.0, hi=1.0, dtype=F32):
        return rng.uniform(lo, hi, shape).astype(dtype)

    def out(shape, dtype, fill=0):
        return Arr(np.full(shape, fill, dtype), out=True)

    def poisoned(shape, dtype):
        # bytes 0xA5: a NaN for floats, a value no kernel writes for ints
        a = np.zeros(shape, dtype)
        a.view(np.uint8)[...] = 0xA5
        return Arr(a, out=True)

    cases = []
    add = cases.append
    GS = 1024 if not small else 4           # grid-stride kernels: a fixed grid of blocks

    # --- elementwise
    N = n(23)
    add(Case("saxpy", "elementwise", cdiv(N, 256), 256,
             [F32(2.5), Arr(uni(N)), Arr(uni(N)), poisoned(N, F32)], ELEMENT_F32, what="a*x + y"))
    N = n(22)
    add(Case("axpby_f64", "elementwise", cdiv(N, 256), 256,
             [F64(1.5), Arr(uni(N, dtype=F64)), F64(-0.5), Arr(uni(N, dtype=F64)), poisoned(N, F64)], ELEMENT_F64,
             what="a*x + b*y, float64"))
    N = n(23)
    add(Case("horner_f32", "elementwise", cdiv(N, 256), 256, [Arr(uni(N)), poisoned(N, F32)], ELEMENT_F32,
             what="degree-8 polynomial, 8 dependent FMAs"))
    add(Case("clamp_scale_f32", "elementwise", cdiv(N, 256), 256,
             [Arr(uni(N, -2, 2)), poisoned(N, F32), F32(-1.0), F32(1.0)], ELEMENT_F32, what="clip then scale"))
    R, C = d(4096), d(2048)
    add(Case("add_row_bias_2d", "elementwise", (cdiv(C, 32), cdiv(R, 8)), (32, 8),
             [Arr(uni((R, C))), Arr(uni(C)), poisoned((R, C), F32)], ELEMENT_F32, what="2-D grid, broadcast row"))

    # --- grid-stride reductions
    N = n(20)
    add(Case("sumsq_f64_while", "reductions", 64 if not small else 2, 128,
             [Arr(uni(N, dtype=F64)), out(1, F64)], ATOMIC_F64,
             what="a common reduction: while grid-stride, 64 x 128 threads, atomic per thread"))
    N = n(24)
    add(Case("sum_f32_range", "reductions", GS, 256, [Arr(uni(N, 0, 1)), out(1, F32)], ATOMIC_F32,
             what="range grid-stride sum, atomic per thread"))
    N = n(23)
    add(Case("dot_f32_while", "reductions", GS, 256, [Arr(uni(N)), Arr(uni(N)), out(1, F32)], ATOMIC_F32,
             what="while grid-stride dot product"))
    N = n(24)
    add(Case("sum_i32_to_i64_range", "reductions", GS, 256,
             [Arr(rng.integers(-1000, 1000, N, dtype=I32)), out(1, I64)], EXACT,
             what="int32 summed in int64, atomic per thread"))
    add(Case("count_above_while", "reductions", GS, 256, [Arr(uni(N)), F32(0.5), out(1, I32)], EXACT,
             what="count with a branch in the loop"))
    add(Case("max_f32_range_shared", "reductions", GS, 256, [Arr(uni(N, -100, 100)), out(1, F32, -3.0e38)], EXACT,
             what="a common reduction: range grid-stride max, shared tree, atomic max"))
    add(Case("block_sum_shared", "reductions", cdiv(N, 256), 256, [Arr(uni(N)), poisoned(cdiv(N, 256), F32)],
             SUM_F32, what="one element per thread, shared tree per block"))
    R, C = d(4096), d(2048)
    add(Case("row_sum_f64_blockstride", "reductions", R, 256, [Arr(uni((R, C), dtype=F64)), poisoned(R, F64)],
             ELEMENT_F64, what="block per row, block-stride loop, shared tree"))

    # --- scan and stencils
    N = n(23)
    add(Case("block_scan_i32", "scan_stencil", cdiv(N, 256), 256,
             [Arr(rng.integers(-100, 100, N, dtype=I32)), poisoned(N, I32)], EXACT,
             what="Hillis-Steele inclusive scan per block, shared"))
    add(Case("stencil_1d_5pt", "scan_stencil", cdiv(N, 256), 256, [Arr(uni(N)), out(N, F32)], ELEMENT_F32,
             what="5-point 1-D stencil"))
    add(Case("stencil_1d_shared", "scan_stencil", cdiv(N, 256), 256, [Arr(uni(N)), poisoned(N, F32)], SUM_F32,
             what="7-point mean from a shared tile with halo"))
    R = d(4096)
    add(Case("jacobi_2d_5pt", "scan_stencil", (cdiv(R, 32), cdiv(R, 8)), (32, 8),
             [Arr(uni((R, R))), out((R, R), F32)], ELEMENT_F32, what="2-D Jacobi step"))
    R = d(256)
    add(Case("stencil_3d_7pt", "scan_stencil", (cdiv(R, 32), cdiv(R, 4), cdiv(R, 2)), (32, 4, 2),
             [Arr(uni((R, R, R))), out((R, R, R), F32)], ELEMENT_F32, what="3-D 7-point stencil"))

    # --- matrices
    M = d(512)
    add(Case("matmul_naive", "matrix", (cdiv(M, 16), cdiv(M, 16)), (16, 16),
             [Arr(uni((M, M))), Arr(uni((M, M))), poisoned((M, M), F32)], SUM_F32,
             what="numba-cuda's documentation matmul, 512^3"))
    M = d(1024)
    add(Case("matmul_tiled", "matrix", (cdiv(M, 16), cdiv(M, 16)), (16, 16),
             [Arr(uni((M, M))), Arr(uni((M, M))), poisoned((M, M), F32)], SUM_F32,
             what="16x16 shared tiles, 1024^3"))
    R, C = d(8192), d(1024)
    add(Case("matvec_rows", "matrix", cdiv(R, 128), 128, [Arr(uni((R, C))), Arr(uni(C)), poisoned(R, F32)],
             SUM_F32, what="thread per row, uncoalesced"))
    R = d(4096)
    add(Case("transpose_naive", "matrix", (cdiv(R, 32), cdiv(R, 8)), (32, 8),
             [Arr(uni((R, R))), poisoned((R, R), F32)], EXACT, what="naive transpose"))
    add(Case("transpose_tiled", "matrix", (cdiv(R, 32), cdiv(R, 32)), (32, 8),
             [Arr(uni((R, R))), poisoned((R, R), F32)], EXACT, what="32x33 shared tile"))

    # --- atomics
    N = n(22)
    add(Case("histogram_global", "atomics", cdiv(N, 256), 256,
             [Arr(rng.integers(0, 1 << 20, N, dtype=I32)), out(1000, I32)], EXACT,
             what="1000 bins, global atomics, Python %"))
    N = n(24)
    add(Case("histogram_shared", "atomics", GS, 256,
             [Arr(rng.integers(0, 1 << 20, N, dtype=I32)), out(256, I32)], EXACT,
             what="256 shared bins per block, grid-stride"))
    R, C = d(2048), d(1024)
    add(Case("row_max_atomic", "atomics", (cdiv(C, 32), cdiv(R, 8)), (32, 8),
             [Arr(rng.integers(-1 << 30, 1 << 30, (R, C), dtype=I32)), out(R, I32, -(1 << 31))], EXACT,
             what="atomic max per row"))
    N = n(22)
    add(Case("toggle_bits_xor", "atomics", cdiv(N, 256), 256,
             [Arr(rng.integers(0, 1 << 20, N, dtype=U32)), out(1 << 15, U32)], EXACT, what="atomic xor bit toggles"))
    add(Case("scatter_add_f64", "atomics", cdiv(N, 256), 256,
             [Arr(rng.integers(0, 1 << 16, N, dtype=I32)), Arr(uni(N, dtype=F64)), out(1 << 16, F64)], ATOMIC_F64,
             what="float64 scatter-add"))

    # --- transcendental math, plain and fastmath
    N = n(23)
    add(Case("sin_exp_log_f32", "mathfns", cdiv(N, 256), 256, [Arr(uni(N, -4, 4)), poisoned(N, F32)], MATH_F32,
             what="sin*exp + log"))
    add(Case("sin_exp_log_f32_fast", "mathfns", cdiv(N, 256), 256, [Arr(uni(N, -4, 4)), poisoned(N, F32)],
             FAST_F32, cu="mathfns_fast", what="the same, fastmath"))
    N = n(22)
    add(Case("pow_cos_f64", "mathfns", cdiv(N, 256), 256, [Arr(uni(N, 0, 100, F64)), poisoned(N, F64)], MATH_F64,
             what="pow, sqrt, cos, atan2 in float64"))
    N = n(23)
    add(Case("tanh_sigmoid_f32", "mathfns", cdiv(N, 256), 256, [Arr(uni(N, -8, 8)), poisoned(N, F32)], MATH_F32,
             what="tanh + sigmoid"))
    N = n(22)
    bs = [Arr(uni(N, 10, 100)), Arr(uni(N, 10, 100)), Arr(uni(N, 0.1, 2)), F32(0.02), F32(0.3)]
    add(Case("black_scholes_f32", "mathfns", cdiv(N, 256), 256, bs + [poisoned(N, F32), poisoned(N, F32)],
             Tol(2e-5, 1e-4, why="log, exp, erf, division: a few ulp of terms near 100 that cancel"),
             what="Black-Scholes, erf"))
    add(Case("black_scholes_f32_fast", "mathfns", cdiv(N, 256), 256, bs + [poisoned(N, F32), poisoned(N, F32)],
             Tol(2e-3, 2e-3, why="fastmath: approximate log, exp, division"), cu="mathfns_fast",
             what="the same, fastmath"))
    B = n(13)
    pos = np.concatenate([uni((B, 3), -10, 10), uni((B, 1), 0.5, 1.5)], axis=1)
    add(Case("nbody_accel_fast", "mathfns", cdiv(B, 64), 64, [Arr(pos), poisoned((B, 3), F32)],
             Tol(1e-3, 1e-3, why="fastmath, a long float32 sum"), cu="mathfns_fast",
             what="all-pairs gravity, 8192 bodies, fastmath"))

    # --- integers
    N = n(22)
    add(Case("xorshift32_rounds", "integers", cdiv(N, 256), 256,
             [Arr(rng.integers(1, 1 << 32, N, dtype=U32)), poisoned(N, U32)], EXACT, what="32 xorshift32 rounds"))
    add(Case("murmur_fmix64", "integers", cdiv(N, 256), 256,
             [Arr(rng.integers(0, 1 << 64, N, dtype=U64)), poisoned(N, U64)], EXACT,
             what="MurmurHash3 fmix64 x4, uint64 multiplies"))
    add(Case("murmur3_32_mix", "integers", cdiv(N, 256), 256,
             [Arr(rng.integers(0, 1 << 32, N, dtype=U32)), poisoned(N, U32)], EXACT, what="MurmurHash3 32-bit"))
    dv = rng.integers(1, 1 << 20, N, dtype=I64) * rng.choice(np.array([-1, 1], dtype=I64), N)
    add(Case("int64_floordiv_mod", "integers", cdiv(N, 256), 256,
             [Arr(rng.integers(-1 << 20, 1 << 20, N, dtype=I64)), Arr(rng.integers(-1 << 20, 1 << 20, N, dtype=I64)),
              Arr(dv), I64(1000003), poisoned(N, I64)], EXACT, what="int64 // and % with Python's signs"))
    N = n(20)
    add(Case("gcd_while", "integers", cdiv(N, 256), 256,
             [Arr(rng.integers(1, 1 << 30, N, dtype=I64)), Arr(rng.integers(1, 1 << 30, N, dtype=I64)),
              poisoned(N, I64)], EXACT, what="Euclid, data-dependent while, int64 %"))
    add(Case("collatz_steps", "integers", cdiv(N, 256), 256,
             [Arr(rng.integers(1, 1 << 20, N, dtype=I64)), poisoned(N, I32)], EXACT,
             what="Collatz steps, data-dependent while"))

    # --- local arrays, warps, data-dependent float loops
    N = n(22)
    add(Case("local_sort8_median", "control", cdiv(N, 256), 256, [Arr(uni(N)), poisoned(N, F32)], EXACT,
             what="local array of 8, insertion sort"))
    add(Case("local_digit_counts", "control", cdiv(N, 256), 256,
             [Arr(rng.integers(0, 1 << 30, N, dtype=I32)), poisoned(N, I32)], EXACT,
             what="local counters indexed by data"))
    N = n(24)
    add(Case("warp_shfl_sum", "control", GS, 256, [Arr(uni(N, 0, 1)), out(1, F32)], ATOMIC_F32,
             what="grid-stride, shfl_down_sync tree, atomic per warp"))
    N = n(23)
    add(Case("warp_scan_shfl_up", "control", cdiv(N, 256), 256,
             [Arr(rng.integers(-100, 100, N, dtype=I32)), poisoned(N, I32)], EXACT, what="shfl_up_sync warp scan"))
    add(Case("warp_votes", "control", cdiv(N, 256), 256, [Arr(uni(N, -0.05, 1)), poisoned(cdiv(N, 32), I32)], EXACT,
             what="all_sync, any_sync, ballot_sync + popc"))
    R = d(2048)
    add(Case("mandelbrot", "control", (cdiv(R, 32), cdiv(R, 8)), (32, 8),
             [poisoned((R, R), I32), F32(-2.0), F32(-1.25), F32(2.5 / R), I32(256)],
             Tol(frac=1e-3, why="iteration counts: a contracted FMA can move a boundary point"),
             what="escape-time iterations, float32"))
    N = n(22)
    add(Case("newton_sqrt_while", "control", cdiv(N, 256), 256, [Arr(uni(N, 0.01, 1e6, F64)), poisoned(N, F64)],
             ELEMENT_F64, what="Newton until converged, float64 division"))
    return cases
