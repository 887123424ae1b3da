/* Calls every launcher of Inputs/kernels.pyk's header with arguments of the
 * declared types, and the typed array API; compiled as C and as C++ with
 * warnings as errors (header_compiles.test). Never run. */
#include "kernels.h"

int use(pyk_context *ctx, const float *host, int64_t count);
int use(pyk_context *ctx, const float *host, int64_t count)
{
    int64_t shape[8] = {count, 1, 1, 1, 1, 1, 1, 1};
    pyk_array_f32 *x = NULL, *out = NULL;
    pyk_array_f64 *m = NULL, *d = NULL;
    pyk_array_i32 *f = NULL;
    pyk_array_u8 *cube = NULL;
    pyk_array_f32 *t5 = NULL;
    pyk_array_i8 *t8 = NULL;
    pyk_array_f16 *halfs = NULL;
    pyk_array_bool *mask = NULL;
    pyk_array_c64 *ca = NULL;
    pyk_array_c128 *cb = NULL, *c3 = NULL;
    pyk_array_c64 *c4 = NULL;
    const bool host_mask[1] = {true};
    const pyk_complex64 host_c64[1] = {{1.0f, -2.0f}};
    const pyk_complex128 host_c128[1] = {{3.0, -4.0}};
    pyk_complex128 back_c128[1];
    float back[1];
    if (pyk_to_device_f32(ctx, host, 1, shape, &x) != PYK_OK ||
        pyk_device_array_f32(ctx, 1, shape, &out) != PYK_OK ||
        pyk_device_array_f64(ctx, 2, shape, &m) != PYK_OK ||
        pyk_device_array_f64(ctx, 1, shape, &d) != PYK_OK ||
        pyk_device_array_i32(ctx, 2, shape, &f) != PYK_OK ||
        pyk_device_array_u8(ctx, 3, shape, &cube) != PYK_OK ||
        pyk_device_array_f16(ctx, 1, shape, &halfs) != PYK_OK ||
        pyk_device_array_f32(ctx, 5, shape, &t5) != PYK_OK ||
        pyk_device_array_i8(ctx, 8, shape, &t8) != PYK_OK ||
        pyk_to_device_bool(ctx, host_mask, 1, shape, &mask) != PYK_OK ||
        pyk_to_device_c64(ctx, host_c64, 1, shape, &ca) != PYK_OK ||
        pyk_device_array_c128(ctx, 2, shape, &cb) != PYK_OK ||
        pyk_device_array_c128(ctx, 3, shape, &c3) != PYK_OK ||
        pyk_device_array_c64(ctx, 4, shape, &c4) != PYK_OK)
        return 1;
    pyk_launch_config cfg = pyk_config_1d(count, 128);
    const pyk_array_f32 *cx = x;
    int failures = 0;
    failures += vecadd_launch(ctx, &cfg, cx, x, out) != PYK_OK;
    failures += vecadd_launch_1d(ctx, count, NULL, x, x, out) != PYK_OK;
    failures += scalars_launch(ctx, &cfg, true, -1, -2, -3, -4, 1, 2, 3, 4, 0x3c00, 1.5f, 2.5) != PYK_OK;
    failures += scalars_launch_1d(ctx, count, NULL, false, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0.0f, 0.0) != PYK_OK;
    failures += arrays_launch(ctx, &cfg, m, f, cube, halfs, mask) != PYK_OK;
    failures += arrays_launch_1d(ctx, count, NULL, m, f, cube, halfs, mask) != PYK_OK;
    failures += nd_launch(ctx, &cfg, t5, t8) != PYK_OK;
    pykc_tuple_t2i64i64 p = {1, 2};
    pykc_tuple_t3i32f32a1Ct2b1b1 q = {3, x, {true, false}};
    failures += tuples_launch(ctx, &cfg, p, q, 0x3c00, p) != PYK_OK;
    failures += tuples_launch_1d(ctx, count, NULL, p, q, 0, p) != PYK_OK;
    failures += nd_launch_1d(ctx, count, NULL, t5, t8) != PYK_OK;
    failures += keywords_launch(ctx, &cfg, 1, 2, x, 3, 4, 5, 6) != PYK_OK;
    failures += keywords_launch_1d(ctx, count, NULL, 1, 2, x, 3, 4, 5, 6) != PYK_OK;
    failures += over__f32a1C_launch_1d(ctx, count, NULL, x) != PYK_OK;
    failures += over__f64a1A_launch(ctx, &cfg, d) != PYK_OK;
    failures += nothing_launch(ctx, &cfg) != PYK_OK;
    failures += nothing_launch_1d(ctx, 1, NULL) != PYK_OK;
    failures += complexes_launch(ctx, &cfg, pyk_c64(1.0f, 2.0f), pyk_c128(3.0, -4.0), ca, cb) != PYK_OK;
    failures += complexes_launch_1d(ctx, count, NULL, host_c64[0], pyk_c128(0.0, 1.0), ca, cb) != PYK_OK;
    pykc_tuple_t3c64c128a3Ct2c128c128 ct = {pyk_c64(1.0f, -1.0f), c3, {pyk_c128(2.0, 0.5), host_c128[0]}};
    failures += complex_tuples_launch(ctx, &cfg, ct, c4) != PYK_OK;
    failures += complex_tuples_launch_1d(ctx, count, NULL, ct, c4) != PYK_OK;
    failures += pyk_copy_to_host_c128(cb, back_c128, 1) != PYK_OK;
    failures += pyk_copy_to_host_f32(out, back, 1) != PYK_OK;
    failures += pyk_as_f32(pyk_untyped_f32(x)) != x;
    failures += pyk_untyped_const_f32(cx) != pyk_untyped_f32(x);
    pyk_array_free_f32(x);
    pyk_array_free_f32(out);
    pyk_array_free_f64(m);
    pyk_array_free_f64(d);
    pyk_array_free_i32(f);
    pyk_array_free_u8(cube);
    pyk_array_free_f16(halfs);
    pyk_array_free_f32(t5);
    pyk_array_free_i8(t8);
    pyk_array_free_bool(mask);
    pyk_array_free_c64(ca);
    pyk_array_free_c128(cb);
    pyk_array_free_c128(c3);
    pyk_array_free_c64(c4);
    return failures;
}
