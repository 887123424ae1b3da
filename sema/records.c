/* Records in kernels, typed as Numba types them (numba/cuda/np/arrayobj.py
 * and typing/arraydecl.py):
 *
 *   np.dtype([('a', np.float64), ('h', np.float32, 2)], align=True), the
 *   dict form {'names': ..., 'formats': ..., 'offsets': ...}, and
 *   numba.from_dtype(dt): record types, computed at compile time;
 *   rec.f, rec['f'], rec[0]: a field (a nested array field is an array
 *   view of the record's bytes); rec.f = v: the value cast to the field's
 *   type, or a nested array's elements copied from an array;
 *   array[i] = rec: the record's bytes copied.
 *
 * A record value is a reference to its bytes, so writing a field of
 * `r = a[i]` writes a[i]. CUDA reads a field only at its alignment: a
 * field whose offset is not a multiple of it is refused, as Numba's
 * strict alignment refuses it, when it is used. */
#include "records.h"

#include <string.h>

static Value typed(Node *node, const Type *type)
{
    node->type = type;
    return sema_value_runtime(type);
}

/* ======================= np.dtype(...) ======================= */

static const Type *dtype_from_string(Str s)
{
    while (s.len && (s.ptr[0] == '<' || s.ptr[0] == '=' || s.ptr[0] == '|')) {
        s.ptr++;
        s.len--;
    }
    return type_scalar_by_name(s);
}

/* A field's format: 'f8', np.float64, a record type, or (format, shape). */
static bool read_format(FuncCtx *ctx, Node *node, RecordField *f);

static bool read_shape(FuncCtx *ctx, Node *node, RecordField *f)
{
    NodeList one = {&node, 1};
    NodeList *dims = node->kind == NODE_TUPLE ? &node->tuple.elts : &one;
    if (dims->count > TYPE_MAX_NDIM) {
        sema_report(ctx, node->span, "a nested array of more than %d dimensions is not supported by pykc",
                    TYPE_MAX_NDIM);
        return false;
    }
    for (int k = 0; k < dims->count; k++) {
        Node *d = dims->items[k];
        const Type *t = sema_check_value(ctx, d);
        if (!t)
            return false;
        if (!type_is_int(t) || d->konst.kind != CONST_INT || d->konst.i < 0) {
            sema_report(ctx, d->span, "a nested array's shape must be constant non-negative integers");
            return false;
        }
        if (d->konst.i != 1 || node->kind == NODE_TUPLE)   /* NumPy: ('f', T, 1) is a scalar field */
            f->shape[f->ndim++] = d->konst.i;
    }
    return true;
}

static bool read_format(FuncCtx *ctx, Node *node, RecordField *f)
{
    if (node->kind == NODE_TUPLE && node->tuple.elts.count == 2)
        return read_format(ctx, node->tuple.elts.items[0], f) && !f->ndim &&
               read_shape(ctx, node->tuple.elts.items[1], f);
    Value v = node->kind == NODE_STRING ? (Value){.kind = VAL_TYPE, .type = dtype_from_string(node->string.value)}
                                        : sema_check_expr(ctx, node);
    if (v.kind == VAL_TYPE && v.type && (type_is_scalar(v.type) || v.type->kind == TYPE_RECORD)) {
        f->type = v.type;
        return true;
    }
    if (v.kind != VAL_ERROR)
        sema_report(ctx, node->span, "a record field's type must be a number, bool or record type, "
                    "such as np.float64 or 'i4'");
    return false;
}

static bool read_name(FuncCtx *ctx, Node *node, RecordField *f)
{
    if (node->kind != NODE_STRING) {
        sema_report(ctx, node->span, "a record field's name must be a string");
        return false;
    }
    f->name = arena_strndup(ctx->sema->arena, node->string.value.ptr, (size_t)node->string.value.len);
    return true;
}

/* [('a', np.float64), ('h', np.float32, 2), ('d', (np.uint8, 5))] */
static int read_field_list(FuncCtx *ctx, Node *list, RecordField *fields, int max)
{
    int count = list->tuple.elts.count;
    if (count > max) {
        sema_report(ctx, list->span, "a record of more than %d fields is not supported by pykc", max);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        Node *item = list->tuple.elts.items[i];
        RecordField *f = &fields[i];
        memset(f, 0, sizeof *f);
        int n = item->kind == NODE_TUPLE ? item->tuple.elts.count : 0;
        if (n != 2 && n != 3) {
            sema_report(ctx, item->span, "a record field is written (name, type) or (name, type, shape)");
            return -1;
        }
        Node **parts = item->tuple.elts.items;
        if (!read_name(ctx, parts[0], f) || !read_format(ctx, parts[1], f) ||
            (n == 3 && (f->ndim ? false : !read_shape(ctx, parts[2], f))))
            return -1;
    }
    return count;
}

static Node *dict_value(Node *dict, const char *key)
{
    for (int i = 0; i < dict->dict.items.count; i++) {
        Node *item = dict->dict.items.items[i];
        if (item->dict_item.key && item->dict_item.key->kind == NODE_STRING &&
            str_eq_cstr(item->dict_item.key->string.value, key))
            return item->dict_item.value;
    }
    return NULL;
}

static bool constant_int(FuncCtx *ctx, Node *node, int64_t *out)
{
    const Type *t = sema_check_value(ctx, node);
    if (t && type_is_int(t) && node->konst.kind == CONST_INT && node->konst.i >= 0) {
        *out = node->konst.i;
        return true;
    }
    if (t)
        sema_report(ctx, node->span, "expected a constant non-negative integer");
    return false;
}

static bool is_list(const Node *node)
{
    return node && (node->kind == NODE_LIST || node->kind == NODE_TUPLE);
}

/* {'names': [...], 'formats': [...], 'offsets': [...], 'itemsize': n,
 * 'aligned': b}: offsets default to NumPy's layout. */
static const Type *record_from_dict(FuncCtx *ctx, Node *dict, bool align)
{
    Node *names = dict_value(dict, "names"), *formats = dict_value(dict, "formats");
    Node *offsets = dict_value(dict, "offsets"), *itemsize = dict_value(dict, "itemsize");
    Node *aligned = dict_value(dict, "aligned");
    if (!is_list(names) || !is_list(formats) || names->tuple.elts.count != formats->tuple.elts.count ||
        (offsets && (!is_list(offsets) || offsets->tuple.elts.count != names->tuple.elts.count))) {
        sema_report(ctx, dict->span, "a record dtype's dict needs lists 'names' and 'formats' (and "
                    "'offsets') of one length");
        return NULL;
    }
    if (aligned) {
        const Type *t = sema_check_value(ctx, aligned);
        if (!t)
            return NULL;
        align = align || (aligned->konst.kind == CONST_BOOL && aligned->konst.b);
    }
    RecordField fields[64];
    int count = names->tuple.elts.count;
    if (count > 64) {
        sema_report(ctx, dict->span, "a record of more than 64 fields is not supported by pykc");
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        memset(&fields[i], 0, sizeof fields[i]);
        if (!read_name(ctx, names->tuple.elts.items[i], &fields[i]) ||
            !read_format(ctx, formats->tuple.elts.items[i], &fields[i]))
            return NULL;
    }
    if (!offsets && !itemsize)
        return sema_record_layout(ctx->sema, fields, count, align);
    if (!offsets)
        sema_record_layout(ctx->sema, fields, count, align);
    int64_t size = 0, max_align = 1;
    for (int i = 0; i < count; i++) {
        if (offsets && !constant_int(ctx, offsets->tuple.elts.items[i], &fields[i].offset))
            return NULL;
        int64_t end = fields[i].offset + sema_record_field_size(&fields[i]);
        size = end > size ? end : size;
        int64_t a = type_numpy_alignment(fields[i].type);
        max_align = align && a > max_align ? a : max_align;
    }
    size = (size + max_align - 1) / max_align * max_align;
    if (itemsize) {
        int64_t given;
        if (!constant_int(ctx, itemsize, &given))
            return NULL;
        if (given < size) {
            sema_report(ctx, itemsize->span, "itemsize %lld is smaller than the fields' %lld bytes",
                        (long long)given, (long long)size);
            return NULL;
        }
        size = given;
    }
    return sema_record_type(ctx->sema, fields, count, size, align);
}

static Node *keyword_value(Node *call, const char *name)
{
    for (int k = 0; k < call->call.keywords.count; k++) {
        Node *kw = call->call.keywords.items[k];
        if (str_eq_cstr(kw->keyword.name, name))
            return kw->keyword.value;
    }
    return NULL;
}

/* np.dtype(spec, align=False), numba.from_dtype(dtype): a type. */
Value sema_check_dtype_call(FuncCtx *ctx, Node *call, int callable)
{
    if (call->call.args.count != 1) {
        sema_report(ctx, call->span, "%s takes one dtype", callable == CALLABLE_NP_DTYPE ? "np.dtype"
                                                                                         : "from_dtype");
        return sema_value_error();
    }
    Node *spec = call->call.args.items[0];
    Node *align_node = keyword_value(call, "align");
    bool align = false;
    if (align_node) {
        if (!sema_check_value(ctx, align_node))
            return sema_value_error();
        align = align_node->konst.kind == CONST_BOOL ? align_node->konst.b
                : align_node->konst.kind == CONST_INT && align_node->konst.i != 0;
    }
    const Type *t = NULL;
    if (callable == CALLABLE_NP_DTYPE && spec->kind == NODE_LIST) {
        RecordField fields[64];
        int count = read_field_list(ctx, spec, fields, 64);
        t = count >= 0 ? sema_record_layout(ctx->sema, fields, count, align) : NULL;
    } else if (callable == CALLABLE_NP_DTYPE && spec->kind == NODE_DICT) {
        t = record_from_dict(ctx, spec, align);
    } else {
        RecordField f = {0};
        t = read_format(ctx, spec, &f) ? f.type : NULL;
    }
    return t ? (Value){.kind = VAL_TYPE, .type = t} : sema_value_error();
}

/* ======================= fields ======================= */

static const RecordField *find_field(const Type *record, Str name)
{
    for (int i = 0; i < record->count; i++)
        if (str_eq_cstr(name, record->fields[i].name))
            return &record->fields[i];
    return NULL;
}

static const char *field_list(FuncCtx *ctx, const Type *record)
{
    const char *names = "";
    for (int i = 0; i < record->count; i++)
        names = arena_printf(ctx->sema->arena, "%s%s'%s'", names, i ? ", " : "", record->fields[i].name);
    return names;
}

/* The field `name` of the record, refused when unknown or unaligned. */
static const RecordField *usable_field(FuncCtx *ctx, const Type *record, Str name, Span at)
{
    const RecordField *f = find_field(record, name);
    if (!f) {
        sema_report(ctx, at, "this record has no field '%.*s' (its fields: %s)", STR_ARG(name),
                    field_list(ctx, record));
        return NULL;
    }
    int64_t align = type_numpy_alignment(f->type);
    if (f->offset % align != 0) {
        sema_report(ctx, at, "field '%s' of this record is at offset %lld, not a multiple of the %lld-byte "
                    "alignment of '%s': the GPU cannot read it there (Numba refuses it too)", f->name,
                    (long long)f->offset, (long long)align, f->type->name);
        return NULL;
    }
    return f;
}

/* The type a field reads as: its own, or for a nested array a C-contiguous
 * view of the record's bytes (a generic address, as records are). */
static const Type *field_value_type(FuncCtx *ctx, const RecordField *f)
{
    if (f->ndim == 0)
        return f->type;
    return type_array(ctx->sema->types, f->type, f->ndim, LAYOUT_C, MEM_LOCAL);
}

Value sema_check_record_attribute(FuncCtx *ctx, Node *node, const Type *record)
{
    const RecordField *f = usable_field(ctx, record, node->attribute.attr, node->span);
    if (!f)
        return sema_value_error();
    node->attribute.builtin = 0;
    return typed(node, field_value_type(ctx, f));
}

/* rec['f'] and rec[i] (a constant i, counted from the end if negative)
 * become rec.f; false if the index names no field (reported). */
static bool subscript_to_attribute(FuncCtx *ctx, Node *node, const Type *record)
{
    Node *index = node->subscript.index;
    Str name;
    if (index->kind == NODE_STRING) {
        name = index->string.value;
    } else {
        const Type *t = sema_check_value(ctx, index);
        if (!t)
            return false;
        if (!type_is_int(t) || index->konst.kind != CONST_INT) {
            sema_report(ctx, index->span, "a record is indexed by a field name or a constant integer");
            return false;
        }
        int64_t i = index->konst.i < 0 ? index->konst.i + record->count : index->konst.i;
        if (i < 0 || i >= record->count) {
            sema_report(ctx, index->span, "field index %lld is out of range for a record of %d fields",
                        (long long)index->konst.i, record->count);
            return false;
        }
        name = str_from_cstr(record->fields[i].name);
    }
    Node *base = node->subscript.value;
    node->kind = NODE_ATTRIBUTE;
    node->attribute.value = base;
    node->attribute.attr = name;
    node->attribute.builtin = 0;
    return true;
}

Value sema_check_record_subscript(FuncCtx *ctx, Node *node, const Type *record)
{
    if (!subscript_to_attribute(ctx, node, record))
        return sema_value_error();
    return sema_check_record_attribute(ctx, node, record);
}

void sema_assign_record_field(FuncCtx *ctx, Node *target, const Type *record, const Type *value_type)
{
    if (target->kind == NODE_SUBSCRIPT && !subscript_to_attribute(ctx, target, record))
        return;
    const RecordField *f = usable_field(ctx, record, target->attribute.attr, target->span);
    if (!f || !value_type)
        return;
    const Type *field = field_value_type(ctx, f);
    target->type = field;
    if (f->ndim > 0) {
        if (value_type->kind != TYPE_ARRAY || value_type->dtype != f->type)
            sema_report(ctx, target->span, "nested array field '%s' is assigned from an array of '%s', "
                        "not a value of type '%s'", f->name, f->type->name, value_type->name);
        return;
    }
    if (f->type->kind == TYPE_RECORD) {
        if (value_type != f->type)
            sema_report(ctx, target->span, "record field '%s' is assigned from a record of its type, not "
                        "a value of type '%s'", f->name, value_type->name);
        return;
    }
    if (!type_is_scalar(value_type) || type_can_convert(value_type, f->type) == CONV_NONE ||
        (type_is_complex(value_type) && !type_is_complex(f->type)))
        sema_report(ctx, target->span, "cannot store a value of type '%s' into field '%s' of type '%s'",
                    value_type->name, f->name, f->type->name);
}

void sema_assign_record_element(FuncCtx *ctx, Node *target, const Type *array, const Type *value_type)
{
    if (value_type && value_type != array->dtype)
        sema_report(ctx, target->span, "cannot store a value of type '%s' into an element of '%s': an "
                    "element is assigned a record of its own type", value_type->name, array->name);
}
