/* NumPy's datetime64[unit] and timedelta64[unit] as numba-cuda types them
 * (NPDatetime, NPTimedelta; np/npdatetime_helpers.py): a value is an int64
 * count of its unit since 1970-01-01 (a timedelta: a count of units), NaT
 * is INT64_MIN. Units are Numba's codes, coarse to fine: Y M W (3 unused,
 * NumPy's business day) D h m s ms us ns ps fs as, and 14 for the generic
 * unit of a unit-less datetime64/timedelta64.
 *
 * The unit rules here are shared by sema (the types operators give) and
 * codegen (the scaling factors, codegen/cg_datetime.c). */
#ifndef PYKC_SEMA_DATETIME_H
#define PYKC_SEMA_DATETIME_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/str.h"
#include "types.h"

enum {
    DT_UNIT_Y = 0, DT_UNIT_M = 1, DT_UNIT_W = 2, DT_UNIT_D = 4,
    DT_UNIT_AS = 13, DT_UNIT_GENERIC = 14, DT_UNIT_COUNT = 15
};

/* NaT, the "not a time" of both types. */
#define DT_NAT INT64_MIN

/* datetime64[unit] / timedelta64[unit]; unit a code above (not 3). */
const Type *type_datetime(int unit);
const Type *type_timedelta(int unit);

/* The code of a unit's name ("D", "ms", "" for generic); -1 if none. */
int dt_unit_by_name(Str name);

/* can_cast_timedelta_units: a timedelta of unit src converts to dest by an
 * integer factor (a coarser to a finer unit of the same kind; the generic
 * unit to any). */
bool dt_can_cast_timedelta_units(int src, int dest);

/* The integer factor from unit src to the finer unit dest, or 0 when no
 * integer multiplication converts them (years and months to days). */
int64_t dt_conversion_factor(int src, int dest);

/* The unit of datetime +/- timedelta (combine_datetime_timedelta_units):
 * the finer of the two; -1 when a timedelta in years or months meets a
 * datetime in weeks or finer. */
int dt_combine_units(int datetime_unit, int timedelta_unit);

/* The finer of two units (get_best_unit), the generic one losing. */
int dt_best_unit(int a, int b);

#endif
