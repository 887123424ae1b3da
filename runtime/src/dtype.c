/* The element types: sizes and Numba's names. */
#include "pykrt.h"

size_t pyk_dtype_size(pyk_dtype dtype)
{
    switch (dtype) {
    case PYK_BOOL: case PYK_INT8: case PYK_UINT8: return 1;
    case PYK_INT16: case PYK_UINT16: case PYK_FLOAT16: case PYK_BFLOAT16: return 2;
    case PYK_INT32: case PYK_UINT32: case PYK_FLOAT32: return 4;
    case PYK_INT64: case PYK_UINT64: case PYK_FLOAT64: case PYK_COMPLEX64: return 8;
    case PYK_COMPLEX128: return 16;
    }
    return 0;
}

const char *pyk_dtype_name(pyk_dtype dtype)
{
    static const char *const names[] = {"invalid", "bool", "int8", "int16", "int32", "int64",
                                        "uint8", "uint16", "uint32", "uint64", "float16",
                                        "float32", "float64", "complex64", "complex128",
                                        "bfloat16"};
    return (unsigned)dtype < sizeof names / sizeof names[0] ? names[dtype] : "invalid";
}
