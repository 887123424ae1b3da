/* Records: NumPy structured dtypes as Numba types them (Numba's Record).
 * records_dtype.c makes the types (layout, Numba's printed name, and that
 * name read back in signatures); records.c types what kernels do with them
 * (np.dtype(...) at module level, fields read and written, records copied). */
#ifndef PYKC_SEMA_RECORDS_H
#define PYKC_SEMA_RECORDS_H

#include "sema_internal.h"

/* A field's bytes: its element's size times its nested shape. */
int64_t sema_record_field_size(const RecordField *f);
/* The record of these fields (offsets set), its itemsize and alignedness. */
const Type *sema_record_type(Sema *sema, const RecordField *fields, int count, int64_t size, bool aligned);
/* np.dtype(fields, align=align): sets each field's offset. */
const Type *sema_record_layout(Sema *sema, RecordField *fields, int count, bool align);
/* Reads Numba's printed Record(...) at text; *used is how far it read
 * (where the error is, on failure); NULL with *error on failure. */
const Type *sema_parse_record_text(Sema *sema, const char *text, size_t len, size_t *used, const char **error);

/* A signature string whose Record(...) texts are hidden behind names, and
 * the record such a name stands for: false when `name` is not one; *out
 * NULL when the record text was wrong (reported). */
const Source *sema_hide_record_texts(Sema *sema, const Source *text);
bool sema_record_from_placeholder(Sema *sema, const Node *name, const Type **out);

/* Kernels (records.c). */
Value sema_check_dtype_call(FuncCtx *ctx, Node *call, int callable);
Value sema_check_record_attribute(FuncCtx *ctx, Node *node, const Type *record);
Value sema_check_record_subscript(FuncCtx *ctx, Node *node, const Type *record);
/* rec.f = value, rec['f'] = value, rec[0] = value: `target` is an
 * attribute, or a subscript of a record (rewritten into the attribute). */
void sema_assign_record_field(FuncCtx *ctx, Node *target, const Type *record, const Type *value_type);
/* array[i] = value for an array of records: value must be that record. */
void sema_assign_record_element(FuncCtx *ctx, Node *target, const Type *array, const Type *value_type);

#endif
