/* On a machine without the NVIDIA driver, pyk_init fails cleanly with the
 * documented message (no link error, no crash), leaves *ctx NULL, and the
 * message is kept for this thread in pyk_last_error(NULL). Prints the
 * messages for lit to check exactly, then "N passed, M failed". */
#include "check.h"
#include "pykrt.h"

int main(void)
{
    CHECK(strcmp(pyk_last_error(NULL), "no error") == 0);
    pyk_context *ctx = (pyk_context *)&ctx;
    pyk_status status = pyk_init(&ctx, 0);
    CHECK(status == PYK_ERROR_NO_DRIVER);
    CHECK(ctx == NULL);
    printf("init: %s: %s\n", pyk_status_name(status), pyk_last_error(NULL));
    /* A second attempt gives the same answer (the driver is loaded once). */
    CHECK(pyk_init(&ctx, 1) == PYK_ERROR_NO_DRIVER);
    int count = -1;
    status = pyk_device_count(&count);
    CHECK(status == PYK_ERROR_NO_DRIVER && count == 0);
    printf("count: %s: %s\n", pyk_status_name(status), pyk_last_error(NULL));
    CHECK(pyk_init(NULL, 0) == PYK_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(pyk_last_error(NULL), "pyk_init: the context pointer is NULL");
    /* Destroying and freeing NULL handles is allowed. */
    pyk_context_destroy(NULL);
    pyk_array_free(NULL);
    pyk_module_unload(NULL);
    pyk_stream_destroy(NULL);
    pyk_event_destroy(NULL);
    CHECK(strcmp(pyk_status_name(PYK_ERROR_LAUNCH_FAILED), "PYK_ERROR_LAUNCH_FAILED") == 0);
    CHECK(pyk_dtype_size(PYK_FLOAT16) == 2 && pyk_dtype_size((pyk_dtype)0) == 0);
    CHECK(strcmp(pyk_dtype_name(PYK_BOOL), "bool") == 0);
    pyk_launch_config c = pyk_config_1d(1000, 256);
    CHECK(c.grid.x == 4 && c.block.x == 256 && c.grid.y == 1);
    c = pyk_config_1d(1024, 0);
    CHECK(c.grid.x == 4 && c.block.x == 256);
    return check_summary();
}
