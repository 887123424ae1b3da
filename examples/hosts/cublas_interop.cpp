// Host of examples/saxpy.pyk beside CUDA runtime code and cuBLAS, in C++:
// the memory comes from cudaMalloc, the stream is a cudaStream_t, and on
// that one stream pykc's saxpy (out = a * x + y) is followed by cuBLAS's
// Saxpy (out += b * x) and Sdot (out . x). libpykrt joins in through
// pyk_init_current (the CUDA runtime's primary context), pyk_stream_wrap
// (the cudaStream_t) and pyk_array_wrap (the cudaMalloc'd pointers); see
// docs/runtime.md, "Mixing pykc with CUDA runtime code".
//
// The stream is non-blocking, so nothing orders it with the default
// stream: if pykc's kernel ran anywhere but on that stream, cuBLAS could
// read the poison the output starts as, and the check would catch it.
// Prints "PASS ..." or "FAIL ..." lines like the C example hosts; built
// only where the CUDA toolkit's runtime and cuBLAS are found
// (examples/CMakeLists.txt).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "saxpy.pyk.h"

namespace {

const char *const kName = "cublas_interop";
const double kFltEpsilon = static_cast<double>(FLT_EPSILON);

[[noreturn]] void fail(const char *call, const char *why)
{
    std::printf("FAIL %s: %s: %s\n", kName, call, why);
    std::exit(1);
}

void check_cuda(cudaError_t error, const char *call)
{
    if (error != cudaSuccess)
        fail(call, cudaGetErrorString(error));
}

void check_cublas(cublasStatus_t status, const char *call)
{
    if (status != CUBLAS_STATUS_SUCCESS)
        fail(call, cublasGetStatusString(status));
}

void check_pyk(pyk_context *ctx, pyk_status status, const char *call)
{
    if (status != PYK_OK)
        fail(call, pyk_last_error(ctx));
}

#define CUDA(call) check_cuda((call), #call)
#define CUBLAS(call) check_cublas((call), #call)
#define PYK(ctx, call) check_pyk((ctx), (call), #call)

// Uniform in [lo, hi), from a fixed seed: the same inputs every run.
float uniform(std::uint32_t &state, float lo, float hi)
{
    state = state * 1664525u + 1013904223u;
    return lo + (hi - lo) * static_cast<float>(state >> 8) / 16777216.0f;
}

// A cudaMalloc'd float vector as a typed pykc array (not owning it).
pyk_array_f32 *wrap(pyk_context *ctx, float *device, std::int64_t n)
{
    pyk_array *array = nullptr;
    PYK(ctx, pyk_array_wrap(ctx, reinterpret_cast<std::uintptr_t>(device), PYK_FLOAT32, 1, &n,
                            nullptr, &array));
    return pyk_as_f32(array);
}

} // namespace

int main()
{
    const std::int64_t n = 1000003;
    const float a = 2.5f, b = -0.75f;
    const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(float);
    std::vector<float> x(static_cast<std::size_t>(n)), y(x.size());
    std::uint32_t seed = 314159u;
    for (std::size_t i = 0; i < x.size(); i++) {
        x[i] = uniform(seed, -10.0f, 10.0f);
        y[i] = uniform(seed, -10.0f, 10.0f);
    }

    // The CUDA runtime's side: device 0, a non-blocking stream, memory.
    CUDA(cudaSetDevice(0));
    cudaStream_t stream = nullptr;
    CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    float *dx = nullptr, *dy = nullptr, *dout = nullptr, *ddot = nullptr;
    CUDA(cudaMalloc(&dx, bytes));
    CUDA(cudaMalloc(&dy, bytes));
    CUDA(cudaMalloc(&dout, bytes));
    CUDA(cudaMalloc(&ddot, sizeof(float)));
    CUDA(cudaMemcpyAsync(dx, x.data(), bytes, cudaMemcpyHostToDevice, stream));
    CUDA(cudaMemcpyAsync(dy, y.data(), bytes, cudaMemcpyHostToDevice, stream));
    CUDA(cudaMemsetAsync(dout, 0xA5, bytes, stream)); // poison: no correct result
    CUDA(cudaMemsetAsync(ddot, 0xA5, sizeof(float), stream));

    // pykc's side: the same context, the same stream, the same memory.
    pyk_context *ctx = nullptr;
    if (pyk_init_current(&ctx) != PYK_OK)
        fail("pyk_init_current", pyk_last_error(nullptr));
    pyk_stream *pstream = nullptr;
    PYK(ctx, pyk_stream_wrap(ctx, stream, &pstream));
    if (pyk_stream_handle(pstream) != static_cast<void *>(stream))
        fail("pyk_stream_handle", "not the wrapped cudaStream_t");
    pyk_array_f32 *px = wrap(ctx, dx, n), *py = wrap(ctx, dy, n), *pout = wrap(ctx, dout, n);

    // out = a * x + y (pykc), out += b * x, dot = out . x (cuBLAS), in order.
    PYK(ctx, saxpy_launch_1d(ctx, n, pstream, a, px, py, pout));
    cublasHandle_t blas = nullptr;
    CUBLAS(cublasCreate(&blas));
    CUBLAS(cublasSetStream(blas, stream));
    CUBLAS(cublasSetPointerMode(blas, CUBLAS_POINTER_MODE_DEVICE));
    float *dscale = nullptr;
    CUDA(cudaMalloc(&dscale, sizeof(float)));
    CUDA(cudaMemcpyAsync(dscale, &b, sizeof(float), cudaMemcpyHostToDevice, stream));
    CUBLAS(cublasSaxpy(blas, static_cast<int>(n), dscale, dx, 1, dout, 1));
    CUBLAS(cublasSdot(blas, static_cast<int>(n), dout, 1, dx, 1, ddot));
    std::vector<float> out(x.size());
    float dot = 0.0f;
    CUDA(cudaMemcpyAsync(out.data(), dout, bytes, cudaMemcpyDeviceToHost, stream));
    CUDA(cudaMemcpyAsync(&dot, ddot, sizeof(float), cudaMemcpyDeviceToHost, stream));
    PYK(ctx, pyk_stream_synchronize(pstream)); // waits for all of it; reports a kernel fault

    // out: a * x + y rounded once or twice (fused or not), then b * x added
    // in float32: within a few float32 roundings of the exact value.
    std::int64_t bad = 0;
    char first[200] = "";
    for (std::size_t i = 0; i < out.size(); i++) {
        const double xi = static_cast<double>(x[i]), yi = static_cast<double>(y[i]);
        const double ax = static_cast<double>(a) * xi, bx = static_cast<double>(b) * xi;
        const double want = ax + yi + bx;
        const double tolerance = 4.0 * kFltEpsilon * (std::fabs(ax) + std::fabs(yi) + std::fabs(bx));
        if (!(std::fabs(static_cast<double>(out[i]) - want) <= tolerance) && bad++ == 0)
            std::snprintf(first, sizeof first, "[%zu]: got %.9g, expected %.9g (tolerance %.3g)", i,
                          static_cast<double>(out[i]), want, tolerance);
    }
    int failed = 0;
    if (bad == 0) {
        std::printf("PASS %s: pykc saxpy then cublasSaxpy on one cudaStream_t\n", kName);
    } else {
        std::printf("FAIL %s: %lld of %lld elements differ; first %s\n", kName,
                    static_cast<long long>(bad), static_cast<long long>(n), first);
        failed = 1;
    }
    // dot: against the double sum over the GPU's own `out` (checked above);
    // float32 accumulation errs by far less than 1e-4 of the absolute sum.
    double want = 0.0, magnitude = 0.0;
    for (std::size_t i = 0; i < out.size(); i++) {
        const double term = static_cast<double>(out[i]) * static_cast<double>(x[i]);
        want += term;
        magnitude += std::fabs(term);
    }
    if (std::fabs(static_cast<double>(dot) - want) <= 1e-4 * magnitude) {
        std::printf("PASS %s: cublasSdot over pykc's output\n", kName);
    } else {
        std::printf("FAIL %s: cublasSdot gave %.9g, expected %.9g (tolerance %.3g)\n", kName,
                    static_cast<double>(dot), want, 1e-4 * magnitude);
        failed = 1;
    }

    // pykc's handles first (they own nothing), then the CUDA runtime's.
    pyk_array_free_f32(px);
    pyk_array_free_f32(py);
    pyk_array_free_f32(pout);
    pyk_stream_destroy(pstream);
    pyk_context_destroy(ctx);
    CUBLAS(cublasDestroy(blas));
    CUDA(cudaFree(dx));
    CUDA(cudaFree(dy));
    CUDA(cudaFree(dout));
    CUDA(cudaFree(ddot));
    CUDA(cudaFree(dscale));
    CUDA(cudaStreamDestroy(stream)); // still valid: pyk_stream_destroy left it alone
    return failed;
}
