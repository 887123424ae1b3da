/* The datetime64/timedelta64 types and Numba's rules between their units
 * (np/npdatetime_helpers.py), see datetime.h. */
#include "datetime.h"

#include <string.h>

static const char *const unit_names[DT_UNIT_COUNT] = {
    "Y", "M", "W", NULL, "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", "",
};

#define DT_TYPE(KIND, NAME, UNIT) {.kind = KIND, .name = NAME, .bits = 64, .is_signed = true, .unit = UNIT}
#define DT_UNITS(KIND, BASE) \
    DT_TYPE(KIND, BASE "[Y]", 0), DT_TYPE(KIND, BASE "[M]", 1), DT_TYPE(KIND, BASE "[W]", 2), \
    DT_TYPE(KIND, BASE "[B]", 3), DT_TYPE(KIND, BASE "[D]", 4), DT_TYPE(KIND, BASE "[h]", 5), \
    DT_TYPE(KIND, BASE "[m]", 6), DT_TYPE(KIND, BASE "[s]", 7), DT_TYPE(KIND, BASE "[ms]", 8), \
    DT_TYPE(KIND, BASE "[us]", 9), DT_TYPE(KIND, BASE "[ns]", 10), DT_TYPE(KIND, BASE "[ps]", 11), \
    DT_TYPE(KIND, BASE "[fs]", 12), DT_TYPE(KIND, BASE "[as]", 13), DT_TYPE(KIND, BASE "[]", 14)

/* Numba prints the generic unit as an empty one: datetime64[]. */
static const Type datetime_types[DT_UNIT_COUNT] = {DT_UNITS(TYPE_DATETIME, "datetime64")};
static const Type timedelta_types[DT_UNIT_COUNT] = {DT_UNITS(TYPE_TIMEDELTA, "timedelta64")};

const Type *type_datetime(int unit) { return &datetime_types[unit]; }
const Type *type_timedelta(int unit) { return &timedelta_types[unit]; }

int dt_unit_by_name(Str name)
{
    for (int i = 0; i < DT_UNIT_COUNT; i++)
        if (unit_names[i] && str_eq_cstr(name, unit_names[i]))
            return i;
    return -1;
}

bool dt_can_cast_timedelta_units(int src, int dest)
{
    if (src == dest || src == DT_UNIT_GENERIC)
        return true;
    if (src > dest || dest == DT_UNIT_GENERIC)
        return false;
    return !(src <= DT_UNIT_M && dest > DT_UNIT_M);   /* months have no fixed length */
}

/* One step finer from each unit that has one, and by how much. */
static const struct { int next; int64_t factor; } steps[DT_UNIT_COUNT] = {
    [DT_UNIT_Y] = {DT_UNIT_M, 12}, [DT_UNIT_M] = {-1, 0}, [DT_UNIT_W] = {DT_UNIT_D, 7},
    [3] = {-1, 0}, [DT_UNIT_D] = {5, 24}, [5] = {6, 60}, [6] = {7, 60},
    [7] = {8, 1000}, [8] = {9, 1000}, [9] = {10, 1000}, [10] = {11, 1000},
    [11] = {12, 1000}, [12] = {13, 1000}, [DT_UNIT_AS] = {-1, 0}, [DT_UNIT_GENERIC] = {-1, 0},
};

int64_t dt_conversion_factor(int src, int dest)
{
    if (src == DT_UNIT_GENERIC)
        return 1;
    int64_t factor = 1;
    int unit = src;
    while (unit < dest) {
        if (steps[unit].next < 0)
            return 0;
        factor *= steps[unit].factor;
        unit = steps[unit].next;
    }
    return unit == dest ? factor : 0;
}

int dt_combine_units(int datetime_unit, int timedelta_unit)
{
    if (datetime_unit == DT_UNIT_GENERIC)
        return timedelta_unit;
    if (timedelta_unit == DT_UNIT_GENERIC)
        return datetime_unit;
    if (timedelta_unit < DT_UNIT_W && datetime_unit >= DT_UNIT_W)
        return -1;
    return datetime_unit > timedelta_unit ? datetime_unit : timedelta_unit;
}

int dt_best_unit(int a, int b)
{
    if (a == DT_UNIT_GENERIC)
        return b;
    if (b == DT_UNIT_GENERIC)
        return a;
    return b > a ? b : a;
}
