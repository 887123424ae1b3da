# Plain defs a host program turns into ufuncs with a builder pykc cannot
# read (a loop variable), for ufunc_options.test.
from numba import cuda, vectorize


class TestUfuncs:
    def test_loop(self):
        for builder in (cuda.vectorize, vectorize):
            @builder(["float32(float32, float32)", "float64(float64, float64)"])
            def vector_add(a, b):
                return a + b


def sum_row(inp, out):
    tmp = 0
    for i in range(inp.shape[0]):
        tmp += inp[i]
    out[0] = tmp
