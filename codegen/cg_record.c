/* Records (Numba's Record, sema/records.c). A record value is a generic
 * pointer to its bytes, as in Numba's data model (RecordModel: "passed
 * around as reference to underlying data"); in memory it is [size x i8].
 * A field is read and written at its offset, with its type's alignment in
 * an aligned record and byte alignment in a packed one (Numba's
 * record_getattr); a nested array field is an array view of the bytes. */
#include "cg_internal.h"

/* An element's address in any space as the generic pointer a record is. */
LLVMValueRef cg_record_ref(Cg *cg, LLVMValueRef ptr)
{
    LLVMTypeRef generic = LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC);
    if (LLVMTypeOf(ptr) == generic)
        return ptr;
    return LLVMBuildAddrSpaceCast(cg->b, ptr, generic, "rec");
}

static const RecordField *field_of(const Type *record, Str name)
{
    for (int i = 0; i < record->count; i++)
        if (str_eq_cstr(name, record->fields[i].name))
            return &record->fields[i];
    return NULL;
}

static unsigned field_align(Cg *cg, const Type *record, const RecordField *f)
{
    return record->aligned ? cg_align_of(cg, f->type) : 1;
}

static LLVMValueRef field_ptr(Cg *cg, LLVMValueRef rec, const RecordField *f)
{
    LLVMValueRef offset = cg_const_i64(cg, f->offset);
    return LLVMBuildInBoundsGEP2(cg->b, LLVMInt8TypeInContext(cg->ctx), rec, &offset, 1, f->name);
}

/* rec.f: the value; a record field is its address, a nested array field
 * a C-contiguous view (strides in elements, per the ABI). */
LLVMValueRef cg_emit_record_field(Cg *cg, const Node *node)
{
    const Type *record = node->attribute.value->type;
    const RecordField *f = field_of(record, node->attribute.attr);
    LLVMValueRef rec = cg_emit_expr(cg, node->attribute.value);
    if (!f)
        return cg_unsupported(cg, node, "this record field");
    LLVMValueRef ptr = field_ptr(cg, rec, f);
    if (f->ndim > 0) {
        LLVMValueRef shape[TYPE_MAX_NDIM], strides[TYPE_MAX_NDIM];
        int64_t stride = 1;
        for (int k = f->ndim - 1; k >= 0; k--) {
            shape[k] = cg_const_i64(cg, f->shape[k]);
            strides[k] = cg_const_i64(cg, stride);
            stride *= f->shape[k];
        }
        return cg_array_make(cg, node->type, ptr, shape, strides);
    }
    if (f->type->kind == TYPE_RECORD)
        return ptr;
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, f->type), ptr, "");
    LLVMSetAlignment(v, field_align(cg, record, f));
    return cg_convert(cg, cg_from_mem(cg, v, f->type), f->type, node->type);
}

/* Copies `bytes` bytes; the record's own alignment is not known at the
 * destination (a packed record in an array), so byte alignment. */
static void copy_bytes(Cg *cg, LLVMValueRef dst, LLVMValueRef src, int64_t bytes)
{
    LLVMBuildMemCpy(cg->b, dst, 1, src, 1, cg_const_i64(cg, bytes));
}

void cg_copy_record(Cg *cg, LLVMValueRef dst, LLVMValueRef src, const Type *record)
{
    copy_bytes(cg, dst, src, record->record_size);
}

/* rec.f = v (sema rewrote rec['f'] and rec[0] into this): the value cast
 * to the field's type; a nested array's elements copied from v's data,
 * as many as the field holds (Numba's record_setattr); a record copied. */
void cg_store_record_field(Cg *cg, const Node *target, LLVMValueRef v, const Type *from)
{
    const Type *record = target->attribute.value->type;
    const RecordField *f = field_of(record, target->attribute.attr);
    LLVMValueRef rec = cg_emit_expr(cg, target->attribute.value);
    if (!f) {
        cg_unsupported(cg, target, "this record field");
        return;
    }
    LLVMValueRef ptr = field_ptr(cg, rec, f);
    if (f->ndim > 0) {
        int64_t count = 1;
        for (int k = 0; k < f->ndim; k++)
            count *= f->shape[k];
        copy_bytes(cg, ptr, cg_array_data(cg, v), count * type_store_size(f->type));
        return;
    }
    if (f->type->kind == TYPE_RECORD) {
        cg_copy_record(cg, ptr, v, f->type);
        return;
    }
    LLVMValueRef st = LLVMBuildStore(cg->b, cg_to_mem(cg, cg_convert(cg, v, from, f->type), f->type), ptr);
    LLVMSetAlignment(st, field_align(cg, record, f));
}
