# A fake numba-cuda test module with ufuncs, for ufuncs.test: the defs sit
# in test methods, and one decorator is a loop variable pykc cannot read
# (test_vectorize.py's `for vectorize in vectorize_funcs`).
from numba import cuda, vectorize, guvectorize


class TestFakeUfunc:
    def test_vectorize(self):
        for builder in (cuda.vectorize, vectorize):
            @builder(["float32(float32, float32)", "float64(float64, float64)"])
            def vector_add(a, b):
                return a + b

    def test_gufunc(self):
        @guvectorize(["void(int32[:], int32[:])"], "(n)->()", target="cuda")
        def sum_row(inp, out):
            tmp = 0
            for i in range(inp.shape[0]):
                tmp += inp[i]
            out[0] = tmp
