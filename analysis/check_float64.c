/* -Wimplicit-float64: float64 arithmetic that Numba's typing rules bring
 * into float32 code without the user writing float64 (docs/diagnostics.md,
 * "Silent float64 arithmetic"; docs/language.md 7.3, 7.4, 7.18).
 *
 * In Numba, float32 * 2 is float64 (an int64 literal with a float32 gives
 * float64), and so are float32 * 0.5 (a Python float is float64), n / 2 of
 * two integers, math.sqrt(n) of an integer, and math.pi. On a GPU a float64
 * operation runs 2x (datacenter parts) to 64x (consumer parts) slower than
 * float32, so in code meant to be float32 it is usually a mistake.
 *
 * The check runs on functions that look float32: a kernel with a float32
 * array parameter (a device function: a float32 array or scalar one), and
 * no float64 parameter at all. It reports an operation (a binary operator,
 * an augmented assignment, a math function) computed in float64 when an
 * operand is float32 (or float32 data promoted on the way) and every other
 * operand is float64 only by those rules: an integer, a float literal or
 * constant, an integer true division, a math function of integers. A
 * float64 the user wrote stops the warning: a float64 local variable (acc =
 * 0.0; acc += x[i] accumulates in float64 on purpose: a decision), a cast
 * float64(...) / np.float64(...) / float(...), an element of a float64
 * array, a device function's float64 result. One warning per statement: the
 * outermost such operation. Under --weak-scalars literals and integers no
 * longer promote, so what sema types float32 is not reported. */
#include "analysis.h"

#include <string.h>

#define WARNING_NAME "implicit-float64"

typedef enum OriginKind {
    ORIGIN_OTHER,      /* not a number this check follows */
    ORIGIN_F32,        /* a float32 value */
    ORIGIN_INT,        /* an integer (or bool) */
    ORIGIN_USER64,     /* a float64 the user asked for */
    ORIGIN_IMPLICIT64, /* a float64 from Numba's rules only */
} OriginKind;

/* Why an implicit float64 is float64 (the first cause found). */
typedef enum Why {
    WHY_INT,           /* an integer with a float32: cause the integer, partner the float32 */
    WHY_LITERAL,       /* a float literal, or literals Python folds */
    WHY_MODULE_CONST,  /* a module-level float constant */
    WHY_CONSTANT,      /* math.pi and friends */
    WHY_INT_DIVISION,  /* int / int */
    WHY_MATH_OF_INT,   /* math.f(int) */
} Why;

typedef struct Origin {
    OriginKind kind;
    bool has_f32;          /* float32 data flows into it */
    Why why;
    const Node *cause;
    const Node *partner;
    bool math_argument;    /* the cause is an argument of a math function,
                              which --weak-scalars leaves in float64 */
} Origin;

/* Every leaf is a literal number: Python folds it before Numba types it. */
static bool is_literal_expression(const Node *node)
{
    node = analysis_strip_converts(node);
    switch (node->kind) {
    case NODE_INT: case NODE_FLOAT: case NODE_BOOL: return true;
    case NODE_UNARY: return is_literal_expression(node->unary.operand);
    case NODE_BINOP: return is_literal_expression(node->binop.left) && is_literal_expression(node->binop.right);
    default: return false;
    }
}

static bool is_math_call(const Node *node)
{
    return node->kind == NODE_CALL && node->call.builtin && sema_is_math_builtin(node->call.builtin);
}

static Origin classify(const Node *node);

/* A float64 computed from `count` operands (a math function's arguments
 * when math_arguments). */
static Origin combine(const Node *const *operands, int count, bool math_arguments)
{
    Origin result = {.kind = ORIGIN_IMPLICIT64};
    const Node *f32 = NULL, *integer = NULL;
    bool have_cause = false;
    for (int i = 0; i < count; i++) {
        Origin o = classify(operands[i]);
        if (o.kind == ORIGIN_USER64 || o.kind == ORIGIN_OTHER)
            return (Origin){.kind = ORIGIN_USER64};
        result.has_f32 |= o.has_f32;
        if (o.kind == ORIGIN_F32 && !f32)
            f32 = analysis_strip_converts(operands[i]);
        if (o.kind == ORIGIN_INT && !integer)
            integer = analysis_strip_converts(operands[i]);
        if (o.kind == ORIGIN_IMPLICIT64 && !have_cause) {
            result.why = o.why, result.cause = o.cause, result.partner = o.partner;
            result.math_argument = o.math_argument || (math_arguments && o.cause == analysis_strip_converts(operands[i]));
            have_cause = true;
        }
    }
    if (!have_cause) {
        if (!integer)
            return (Origin){.kind = ORIGIN_USER64};
        result.why = WHY_INT, result.cause = integer, result.partner = f32;
        result.math_argument = math_arguments;
    }
    return result;
}

static Origin classify(const Node *node)
{
    const Node *n = analysis_strip_converts(node);
    const Type *type = n->type;
    if (!type)
        return (Origin){.kind = ORIGIN_OTHER};
    if (type == &type_float32_t)
        return (Origin){.kind = ORIGIN_F32, .has_f32 = true};
    if (type_is_int(type) || type->kind == TYPE_BOOL)
        return (Origin){.kind = ORIGIN_INT, .cause = n};
    if (type != &type_float64_t)
        return (Origin){.kind = ORIGIN_OTHER};
    if (n->konst.kind == CONST_FLOAT && is_literal_expression(n))
        return (Origin){.kind = ORIGIN_IMPLICIT64, .why = WHY_LITERAL, .cause = n};
    switch (n->kind) {
    case NODE_NAME:
        if (n->name.sym && n->name.sym->kind == SYM_CONST)
            return (Origin){.kind = ORIGIN_IMPLICIT64, .why = WHY_MODULE_CONST, .cause = n};
        return (Origin){.kind = ORIGIN_USER64};
    case NODE_ATTRIBUTE:
        if (n->konst.kind == CONST_FLOAT)
            return (Origin){.kind = ORIGIN_IMPLICIT64, .why = WHY_CONSTANT, .cause = n};
        return (Origin){.kind = ORIGIN_USER64};
    case NODE_UNARY:
        return classify(n->unary.operand);
    case NODE_BINOP: {
        const Node *operands[2] = {n->binop.left, n->binop.right};
        bool both_int = classify(operands[0]).kind == ORIGIN_INT && classify(operands[1]).kind == ORIGIN_INT;
        if (both_int)
            return n->binop.op == BINOP_TRUEDIV
                       ? (Origin){.kind = ORIGIN_IMPLICIT64, .why = WHY_INT_DIVISION, .cause = n}
                       : (Origin){.kind = ORIGIN_USER64};
        return combine(operands, 2, false);
    }
    case NODE_IFEXP: {
        const Node *operands[2] = {n->ifexp.body, n->ifexp.orelse};
        return combine(operands, 2, false);
    }
    case NODE_CALL: {
        if (!is_math_call(n))
            return (Origin){.kind = ORIGIN_USER64};   /* a cast, a device function, ... */
        bool all_int = n->call.args.count > 0;
        for (int i = 0; i < n->call.args.count; i++)
            all_int &= classify(n->call.args.items[i]).kind == ORIGIN_INT;
        if (all_int)
            return (Origin){.kind = ORIGIN_IMPLICIT64, .why = WHY_MATH_OF_INT, .cause = n};
        return combine((const Node *const *)n->call.args.items, n->call.args.count, true);
    }
    default:
        return (Origin){.kind = ORIGIN_USER64};
    }
}

/* Is `node` an operation computed in float64 that mixes float32 data with
 * float64 from Numba's rules only? */
static bool is_offending(const Node *node, Origin *out)
{
    const Node *operands[2];
    const Node *const *list = operands;
    int count = 2;
    if (node->kind == NODE_BINOP && node->type == &type_float64_t && !is_literal_expression(node)) {
        operands[0] = node->binop.left, operands[1] = node->binop.right;
    } else if (node->kind == NODE_AUG_ASSIGN && node->aug_assign.compute_type == &type_float64_t) {
        operands[0] = node->aug_assign.target, operands[1] = node->aug_assign.value;
    } else if (is_math_call(node) && node->type == &type_float64_t && node->call.args.count > 0) {
        list = (const Node *const *)node->call.args.items;
        count = node->call.args.count;
    } else {
        return false;
    }
    Origin o = combine(list, count, node->kind == NODE_CALL);
    if (o.kind != ORIGIN_IMPLICIT64 || !o.has_f32)
        return false;
    *out = o;
    return true;
}

typedef struct Finding {
    const Node *at;
    Origin origin;
} Finding;

typedef struct Search {
    Finding *found;        /* the first offending operation, pre-order */
    bool done;
} Search;

static void search(void *ctx, Node *node)
{
    Search *s = ctx;
    if (s->done)
        return;
    if (is_offending(node, &s->found->origin)) {
        s->found->at = node;
        s->done = true;
        return;
    }
    ast_each_child(node, search, s);
}

typedef struct Findings {
    Arena *arena;
    Finding *items;
    int count, capacity;
} Findings;

static void add_finding(Findings *list, Finding f)
{
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 8;
        Finding *grown = ARENA_ARRAY(list->arena, Finding, capacity);
        if (list->count)
            memcpy(grown, list->items, sizeof(Finding) * (size_t)list->count);
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = f;
}

/* The outermost offending operation of one statement's expressions. */
static void search_statement(Findings *list, Node *stmt, Node *const *parts, int count)
{
    Finding f = {0};
    Search s = {.found = &f};
    if (stmt && is_offending(stmt, &f.origin)) {
        f.at = stmt;
        s.done = true;
    }
    for (int i = 0; i < count && !s.done; i++)
        if (parts[i])
            search(&s, parts[i]);
    if (s.done)
        add_finding(list, f);
}

static void find_in_block(Findings *list, NodeList *body)
{
    for (int i = 0; i < body->count; i++) {
        Node *stmt = body->items[i];
        switch (stmt->kind) {
        case NODE_IF:
            search_statement(list, NULL, &stmt->if_stmt.cond, 1);
            find_in_block(list, &stmt->if_stmt.body);
            find_in_block(list, &stmt->if_stmt.else_body);
            break;
        case NODE_WHILE:
            search_statement(list, NULL, &stmt->while_stmt.cond, 1);
            find_in_block(list, &stmt->while_stmt.body);
            find_in_block(list, &stmt->while_stmt.else_body);
            break;
        case NODE_FOR:
            search_statement(list, NULL, &stmt->for_stmt.iter, 1);
            find_in_block(list, &stmt->for_stmt.body);
            find_in_block(list, &stmt->for_stmt.else_body);
            break;
        case NODE_ASSIGN: {
            /* the value first: targets are rarely arithmetic */
            search_statement(list, NULL, &stmt->assign.value, 1);
            break;
        }
        case NODE_AUG_ASSIGN: {
            Node *parts[2] = {stmt->aug_assign.target, stmt->aug_assign.value};
            search_statement(list, stmt, parts, 2);
            break;
        }
        case NODE_EXPR_STMT:
            search_statement(list, NULL, &stmt->expr_stmt.value, 1);
            break;
        case NODE_RETURN:
            search_statement(list, NULL, &stmt->return_stmt.value, 1);
            break;
        default:
            break;
        }
    }
}

/* Float32 code: a float32 array parameter (or, in a device function, a
 * float32 scalar one) and no float64 parameter. */
static bool looks_float32(const FuncInfo *fi)
{
    bool float32 = false;
    for (int i = 0; i < fi->param_count; i++) {
        const Type *t = fi->param_types ? fi->param_types[i] : NULL;
        if (!t)
            continue;
        const Type *element = t->kind == TYPE_ARRAY ? t->dtype : t;
        if (element == &type_float64_t)
            return false;
        float32 |= element == &type_float32_t && (t->kind == TYPE_ARRAY || !fi->is_kernel);
    }
    return float32;
}

static void find_all(Sema *sema, const FuncInfo *fi, Findings *out)
{
    *out = (Findings){.arena = sema->arena};
    if (fi->def && looks_float32(fi))
        find_in_block(out, &fi->def->funcdef.body);
}

/* Specialisations and overloads share their source: a place an earlier
 * one reported is not reported again. */
static bool reported_by_earlier_copy(Sema *sema, const FuncInfo *fi, const Node *at)
{
    FuncInfo **siblings = fi->generic ? fi->generic->specs : fi->overload_of ? fi->overload_of->overloads : NULL;
    int count = fi->generic ? fi->generic->spec_count : fi->overload_of ? fi->overload_of->overload_count : 0;
    for (int i = 0; i < count && siblings[i] != fi; i++) {
        Findings earlier;
        find_all(sema, siblings[i], &earlier);
        for (int j = 0; j < earlier.count; j++)
            if (earlier.items[j].at->span.begin == at->span.begin && earlier.items[j].at->span.end == at->span.end)
                return true;
    }
    return false;
}

/* Is all of `text` inside one pair of parentheses? */
static bool is_parenthesized(const char *text)
{
    size_t len = strlen(text);
    if (len < 2 || text[0] != '(' || text[len - 1] != ')')
        return false;
    int depth = 0;
    for (size_t i = 0; i < len; i++) {
        depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
        if (depth == 0 && i + 1 < len)
            return false;
    }
    return true;
}

/* "float32(x)", or "float32(a / b)" for "(a / b)". */
static const char *call_text(Arena *arena, const char *callee, const char *text)
{
    return is_parenthesized(text) ? arena_printf(arena, "%s%s", callee, text)
                                  : arena_printf(arena, "%s(%s)", callee, text);
}

/* The source text of a node, cut at a line's end or after 60 bytes. */
static const char *text_of(Arena *arena, const Node *node)
{
    Span span = node->span;
    if (!span.src || span.end <= span.begin)
        return "";
    const char *text = span.src->text + span.begin;
    int len = (int)(span.end - span.begin);
    const char *newline = memchr(text, '\n', (size_t)len);
    bool cut = newline || len > 60;
    if (newline)
        len = (int)(newline - text);
    if (len > 60)
        len = 57;
    return arena_printf(arena, "%.*s%s", len, text, cut ? "..." : "");
}

static void report(Sema *sema, const Finding *f)
{
    Arena *arena = sema->arena;
    const Origin *o = &f->origin;
    const char *what = text_of(arena, f->at);
    const char *cause = text_of(arena, o->cause);
    const char *as_f32 = call_text(arena, "float32", cause), *as_np_f32 = call_text(arena, "np.float32", cause);
    const char *why = "", *fix = "";
    /* --weak-scalars changes the binary operators only */
    const char *weak = o->math_argument || sema->options->weak_scalars
                           ? "" : ", or compile with --weak-scalars (docs/language.md 7.18)";
    switch (o->why) {
    case WHY_INT: {
        const char *int_type = o->cause->type->name;
        why = o->partner ? arena_printf(arena, "Numba types the %s '%s' with the float32 '%s' as float64 (a "
                                        "float32 cannot hold every %s)", int_type, cause,
                                        text_of(arena, o->partner), int_type)
                         : arena_printf(arena, "Numba types the %s '%s' with a float32 as float64", int_type, cause);
        fix = is_literal_expression(o->cause) || o->cause->konst.kind != CONST_NONE   /* N = 4 too */
                  ? arena_printf(arena, "write the constant as a float32, '%s' or '%s', to compute in float32%s",
                                 as_f32, as_np_f32, weak)
                  : arena_printf(arena, "convert the integer first, '%s', to compute in float32%s", as_f32, weak);
        break;
    }
    case WHY_LITERAL:
        why = arena_printf(arena, "Numba types the float %s '%s' as float64 (a Python float is a float64)",
                           o->cause->kind == NODE_FLOAT ? "literal" : "constant", cause);
        fix = arena_printf(arena, "write '%s' or '%s' to compute in float32%s", as_f32, as_np_f32, weak);
        break;
    case WHY_MODULE_CONST:
        why = arena_printf(arena, "Numba types the module constant '%s' as float64 (a Python float is a "
                           "float64)", cause);
        fix = arena_printf(arena, "write '%s' to compute in float32 (--weak-scalars does not change module "
                           "constants)", as_f32);
        break;
    case WHY_CONSTANT:
        why = arena_printf(arena, "'%s' is a float64 constant", cause);
        fix = arena_printf(arena, "write '%s' to compute in float32", as_f32);
        break;
    case WHY_INT_DIVISION: {
        const char *left = text_of(arena, analysis_strip_converts(o->cause->binop.left));
        const char *right = text_of(arena, analysis_strip_converts(o->cause->binop.right));
        why = arena_printf(arena, "Numba types the true division of integers '%s' as float64", cause);
        fix = arena_printf(arena, "divide float32 values, '%s / %s', to compute in float32 (or '//' for an "
                           "integer quotient)", call_text(arena, "float32", left), call_text(arena, "float32", right));
        break;
    }
    case WHY_MATH_OF_INT: {
        const NodeList *args = &o->cause->call.args;
        why = arena_printf(arena, "Numba types '%s' of an integer as float64 (math functions of integers "
                           "return float64)", cause);
        fix = args->count == 1
                  ? arena_printf(arena, "pass a float32, '%s(%s)', to compute in float32",
                                 text_of(arena, o->cause->call.func),
                                 call_text(arena, "float32", text_of(arena, analysis_strip_converts(args->items[0]))))
                  : "pass float32 arguments to compute in float32";
        break;
    }
    }
    diag_warning(sema->diag, f->at->span, WARNING_NAME, "'%s' is computed in float64: %s", what, why);
    diag_note(sema->diag, (Span){0}, "%s", fix);
}

void analysis_float64(Sema *sema, FuncInfo *fi)
{
    if (!diag_warning_enabled(sema->diag, WARNING_NAME))
        return;   /* -Wno-implicit-float64: no need to look */
    Findings findings;
    find_all(sema, fi, &findings);
    for (int i = 0; i < findings.count; i++)
        if (!reported_by_earlier_copy(sema, fi, findings.items[i].at))
            report(sema, &findings.items[i]);
}
