/* The flow analysis's walk over a kernel's statements (flow.h): states are
 * copied at branches and joined after them; loops are walked quietly until
 * the values they change settle, then once more to report. */
#include "flow.h"

#include <string.h>

static FlowState fork_state(Flow *flow, const FlowState *s)
{
    FlowState copy = *s;
    int n = flow->fi->local_count;
    copy.vars = ARENA_ARRAY(flow->arena, VarState, n ? n : 1);
    if (n)
        memcpy(copy.vars, s->vars, sizeof *copy.vars * (size_t)n);
    copy.facts = ARENA_ARRAY(flow->arena, Fact, s->fact_count ? s->fact_count : 1);
    if (s->fact_count)
        memcpy(copy.facts, s->facts, sizeof *copy.facts * (size_t)s->fact_count);
    copy.fact_cap = s->fact_count;
    copy.writes = ARENA_ARRAY(flow->arena, SharedWrite, s->write_count ? s->write_count : 1);
    if (s->write_count)
        memcpy(copy.writes, s->writes, sizeof *copy.writes * (size_t)s->write_count);
    copy.write_cap = s->write_count;
    return copy;
}

static int fresh_version(Flow *flow)
{
    return ++flow->next_version;
}

static Linear opaque(const Symbol *sym, int version)
{
    return flow_linear_atom((Atom){.kind = ATOM_VALUE, .sym = sym, .version = version});
}

static void assign_var(Flow *flow, FlowState *state, const Symbol *sym, AbsVal v)
{
    int index = flow_local_index(flow, sym);
    if (index < 0)
        return;
    int version = fresh_version(flow);
    if (!v.linear.valid)
        v.linear = opaque(sym, version);
    state->vars[index] = (VarState){.value = v, .version = version};
}

static bool has_write(const FlowState *s, const Node *stmt)
{
    for (int i = 0; i < s->write_count; i++)
        if (s->writes[i].stmt == stmt)
            return true;
    return false;
}

/* The state after two paths meet. `facts` facts are common to both (those
 * from before they parted); `varying` says whether threads of a block may
 * have taken different paths, which makes every variable they set
 * differently vary, and `grid_varying` whether threads of the grid may
 * (blocks apart), which makes those variables differ between blocks. */
static FlowState join_states(Flow *flow, FlowState a, FlowState b, int facts, bool varying,
                             bool grid_varying)
{
    if (a.dead)
        return b;
    if (b.dead)
        return a;
    FlowState out = fork_state(flow, &a);
    for (int i = 0; i < flow->fi->local_count; i++) {
        VarState *x = &a.vars[i], *y = &b.vars[i];
        if (x->version == y->version)
            continue;
        AbsVal v = x->value;
        v.lo = flow_bound_join_lower(flow->arena, x->value.lo, y->value.lo);
        v.hi = flow_bound_join_upper(flow->arena, x->value.hi, y->value.hi);
        /* threads that took different paths hold different values, unless
         * both paths computed the same one */
        bool same_value = flow_linear_equal(&x->value.linear, &y->value.linear);
        v.varying = x->value.varying || y->value.varying || (varying && !same_value);
        v.grid_varying = x->value.grid_varying || y->value.grid_varying || (grid_varying && !same_value);
        v.block_dependent |= y->value.block_dependent;
        v.thread_axes |= y->value.thread_axes;
        if (!v.origin.what)
            v.origin = y->value.origin;
        v.elts = NULL;
        v.count = 0;
        v.if_true = v.if_false = NULL;   /* which comparison it holds depends on the path */
        v.if_true_count = v.if_false_count = 0;
        int version = fresh_version(flow);
        if (!flow_linear_equal(&x->value.linear, &y->value.linear))
            v.linear = opaque(flow->fi->locals[i], version);
        out.vars[i] = (VarState){.value = v, .version = version};
    }
    out.fact_count = facts < a.fact_count ? facts : a.fact_count;
    for (int i = 0; i < b.write_count; i++)
        if (!has_write(&out, b.writes[i].stmt)) {
            flow_reserve(flow->arena, &out.writes, out.write_count, &out.write_cap, sizeof *out.writes);
            out.writes[out.write_count++] = b.writes[i];
        }
    return out;
}

static const Divergence *divergence(Flow *flow, Span at, const char *why)
{
    Divergence *d = ARENA_NEW(flow->arena, Divergence);
    *d = (Divergence){at, why};
    return d;
}

static void walk_block(Flow *flow, FlowState *state, NodeList *body);

static void walk_assign(Flow *flow, FlowState *state, Node *s)
{
    AbsVal value = flow_eval(flow, state, s->assign.value);
    flow_remember_condition(flow, state, s->assign.value, &value);
    for (int t = 0; t < s->assign.targets.count; t++) {
        Node *target = s->assign.targets.items[t];
        if (target->kind == NODE_NAME && target->name.sym) {
            assign_var(flow, state, target->name.sym, value);
        } else if (target->kind == NODE_TUPLE) {
            for (int i = 0; i < target->tuple.elts.count; i++) {
                Node *elt = target->tuple.elts.items[i];
                if (elt->kind != NODE_NAME || !elt->name.sym)
                    continue;
                assign_var(flow, state, elt->name.sym,
                           value.elts && value.count == target->tuple.elts.count ? value.elts[i]
                                                                                 : flow_unknown(value.varying));
            }
        } else if (target->kind == NODE_SUBSCRIPT && target->subscript.value->type &&
                   target->subscript.value->type->kind == TYPE_ARRAY) {
            flow_check_access(flow, state, target, target->subscript.value, target->subscript.index,
                              ACCESS_WRITE, &value);
        }
    }
}

static void walk_aug_assign(Flow *flow, FlowState *state, Node *s)
{
    AbsVal value = flow_eval(flow, state, s->aug_assign.value);
    Node *target = s->aug_assign.target;
    if (target->kind == NODE_NAME && target->name.sym) {
        AbsVal old = flow_eval(flow, state, target);
        assign_var(flow, state, target->name.sym,
                   flow_binop(flow, s->aug_assign.op, s->aug_assign.compute_type, old, value));
    } else if (target->kind == NODE_SUBSCRIPT && target->subscript.value->type &&
               target->subscript.value->type->kind == TYPE_ARRAY) {
        flow_check_access(flow, state, target, target->subscript.value, target->subscript.index,
                          ACCESS_UPDATE, &value);
    }
}

static void walk_if(Flow *flow, FlowState *state, Node *s)
{
    AbsVal cond = flow_eval(flow, state, s->if_stmt.cond);
    int facts = state->fact_count;
    const Divergence *entry = state->diverged, *grid_entry = state->grid_diverged;
    FlowState then = fork_state(flow, state), otherwise = fork_state(flow, state);
    const Divergence *d = NULL;
    if (cond.varying && !entry) {
        d = divergence(flow, s->if_stmt.cond->span, cond.origin.what);
        then.diverged = otherwise.diverged = d;
    }
    bool grid_varying = flow_differs_in_grid(&cond);
    if (grid_varying && !grid_entry)
        then.grid_diverged = otherwise.grid_diverged =
            d ? d : divergence(flow, s->if_stmt.cond->span, cond.origin.what);
    bool one_thread = state->one_thread;
    if (cond.varying && !one_thread) {
        then.one_thread = flow_one_thread_condition(flow, state, s->if_stmt.cond, true);
        otherwise.one_thread = flow_one_thread_condition(flow, state, s->if_stmt.cond, false);
    }
    flow_assume(flow, &then, s->if_stmt.cond, true);
    flow_assume(flow, &otherwise, s->if_stmt.cond, false);
    walk_block(flow, &then, &s->if_stmt.body);
    walk_block(flow, &otherwise, &s->if_stmt.else_body);
    bool both = !then.dead && !otherwise.dead;
    /* 'if tid != 0: return': the rest runs in one thread */
    bool rest_one_thread = one_thread || (then.dead && otherwise.one_thread) || (otherwise.dead && then.one_thread);
    *state = join_states(flow, then, otherwise, facts, cond.varying, grid_varying);
    state->one_thread = rest_one_thread;
    if (both) {
        state->diverged = entry ? entry : flow->returned;
        state->grid_diverged = grid_entry ? grid_entry : flow->grid_returned;
    }
}

/* Locals a loop body (or a for target) assigns. */
static void mark_assigned(Flow *flow, bool *marks, Node *node);

static void mark_visit(void *ctx, Node *child)
{
    void **pair = ctx;
    mark_assigned(pair[0], pair[1], child);
}

static void mark_target(Flow *flow, bool *marks, Node *target)
{
    if (target->kind == NODE_NAME && target->name.sym) {
        int i = flow_local_index(flow, target->name.sym);
        if (i >= 0)
            marks[i] = true;
    } else if (target->kind == NODE_TUPLE) {
        for (int i = 0; i < target->tuple.elts.count; i++)
            mark_target(flow, marks, target->tuple.elts.items[i]);
    }
}

static void mark_assigned(Flow *flow, bool *marks, Node *node)
{
    if (!node)
        return;
    if (node->kind == NODE_ASSIGN)
        for (int i = 0; i < node->assign.targets.count; i++)
            mark_target(flow, marks, node->assign.targets.items[i]);
    if (node->kind == NODE_AUG_ASSIGN)
        mark_target(flow, marks, node->aug_assign.target);
    if (node->kind == NODE_FOR)
        mark_target(flow, marks, node->for_stmt.target);
    void *pair[2] = {flow, marks};
    ast_each_child(node, mark_visit, pair);
}

/* Variables the loop changes lose their forms at its head. */
static void generalize(Flow *flow, FlowState *head, const bool *marks)
{
    for (int i = 0; i < flow->fi->local_count; i++)
        if (marks[i]) {
            int version = fresh_version(flow);
            head->vars[i].value.linear = opaque(flow->fi->locals[i], version);
            head->vars[i].value.elts = NULL;
            head->vars[i].value.count = 0;
            head->vars[i].value.if_true = head->vars[i].value.if_false = NULL;
            head->vars[i].value.if_true_count = head->vars[i].value.if_false_count = 0;
            head->vars[i].version = version;
        }
}

/* Has anything the loop changes moved since the last pass? Bounds that
 * moved after the second pass are widened to unbounded. */
static bool settle(Flow *flow, FlowState *head, const FlowState *next, const bool *marks, bool widen)
{
    bool changed = next->write_count != head->write_count;
    for (int i = 0; i < flow->fi->local_count; i++) {
        if (!marks[i])
            continue;
        AbsVal *h = &head->vars[i].value;
        const AbsVal *n = &next->vars[i].value;
        bool lo_same = flow_bound_same(h->lo, n->lo, false), hi_same = flow_bound_same(h->hi, n->hi, true);
        if (!lo_same || !hi_same || h->varying != n->varying || h->grid_varying != n->grid_varying)
            changed = true;
        h->lo = lo_same ? h->lo : widen ? NULL : n->lo;
        h->hi = hi_same ? h->hi : widen ? NULL : n->hi;
        h->varying |= n->varying;
        h->grid_varying |= n->grid_varying;
        h->block_dependent |= n->block_dependent;
        h->thread_axes |= n->thread_axes;
    }
    if (next->write_count != head->write_count) {
        head->writes = next->writes;
        head->write_count = next->write_count;
        head->write_cap = next->write_cap;
    }
    return changed;
}

/* The loop variable of `for target in range(...)`: from start up to
 * stop - 1 (a positive step) or down to stop + 1 (a negative one). */
static AbsVal range_variable(Flow *flow, FlowState *state, Node *iter, bool *varying)
{
    NodeList *args = &iter->call.args;
    AbsVal start = args->count >= 2 ? flow_eval(flow, state, args->items[0]) : flow_unknown(false);
    if (args->count < 2)
        start.lo = start.hi = flow_bound_const(flow->arena, 0);
    AbsVal stop = flow_eval(flow, state, args->items[args->count >= 2 ? 1 : 0]);
    AbsVal step = args->count == 3 ? flow_eval(flow, state, args->items[2]) : flow_unknown(false);
    if (args->count < 3)
        step.lo = step.hi = flow_bound_const(flow->arena, 1);
    *varying = start.varying || stop.varying || step.varying;
    AbsVal v = flow_unknown(*varying);
    v.block_dependent = start.block_dependent;
    v.thread_axes = start.thread_axes;
    v.origin = start.origin;
    static const int smallest[3] = {1, 1, 1}, largest[3] = {1024, 1024, 64};
    if (step.lo && flow_bound_eval(step.lo, smallest, false) >= 1 &&
        flow_bound_eval(step.lo, largest, false) >= 1) {
        v.lo = start.lo;
        v.hi = flow_bound_add(flow->arena, stop.hi, flow_bound_const(flow->arena, -1));
    } else if (step.hi && flow_bound_is_const(step.hi, &(int64_t){0}) &&
               flow_bound_eval(step.hi, smallest, true) <= -1) {
        v.lo = flow_bound_add(flow->arena, stop.lo, flow_bound_const(flow->arena, 1));
        v.hi = start.hi;
    }
    return v;
}

static void push_state(Flow *flow, LoopFrame *frame, const FlowState *s, bool is_break)
{
    if (is_break) {
        flow_reserve(flow->arena, &frame->exits, frame->exit_count, &frame->exit_cap, sizeof *frame->exits);
        frame->exits[frame->exit_count++] = fork_state(flow, s);
    } else {
        flow_reserve(flow->arena, &frame->nexts, frame->next_count, &frame->next_cap, sizeof *frame->nexts);
        frame->nexts[frame->next_count++] = fork_state(flow, s);
    }
}

/* One pass over a loop's body from `head`; returns the state at the end
 * of the iteration (joined with every `continue`). */
static FlowState walk_iteration(Flow *flow, const FlowState *head, Node *loop, LoopFrame *frame,
                                const AbsVal *target_value, const Divergence *control,
                                const Divergence *grid_control)
{
    FlowState body = fork_state(flow, head);
    int facts = body.fact_count;
    if (!body.diverged)
        body.diverged = control ? control : frame->diverged;
    if (!body.grid_diverged)
        body.grid_diverged = grid_control ? grid_control : frame->grid_diverged;
    NodeList *stmts;
    if (loop->kind == NODE_WHILE) {
        flow_assume(flow, &body, loop->while_stmt.cond, true);
        stmts = &loop->while_stmt.body;
    } else {
        Node *target = loop->for_stmt.target;
        if (target->kind == NODE_NAME && target->name.sym)
            assign_var(flow, &body, target->name.sym, *target_value);
        for (int i = 0; target->kind == NODE_TUPLE && i < target->tuple.elts.count; i++) {
            Node *elt = target->tuple.elts.items[i];
            if (elt->kind == NODE_NAME && elt->name.sym)
                assign_var(flow, &body, elt->name.sym, flow_unknown(target_value->varying));
        }
        stmts = &loop->for_stmt.body;
    }
    frame->exit_count = frame->next_count = 0;
    walk_block(flow, &body, stmts);
    for (int i = 0; i < frame->next_count; i++)
        body = join_states(flow, body, frame->nexts[i], facts, true, true);
    body.dead = false;
    return body;
}

static void walk_loop(Flow *flow, FlowState *state, Node *loop)
{
    int n = flow->fi->local_count;
    bool *marks = ARENA_ARRAY(flow->arena, bool, n ? n : 1);
    memset(marks, 0, sizeof *marks * (size_t)(n ? n : 1));
    mark_assigned(flow, marks, loop);

    /* a for loop's iterable is evaluated once, before the loop */
    AbsVal target_value = flow_unknown(false);
    bool control_varying = false, control_grid = false;
    Node *iter = loop->kind == NODE_FOR ? loop->for_stmt.iter : NULL;
    const char *why = NULL;   /* what the loop's trip count depends on */
    if (iter) {
        AbsVal whole = flow_eval(flow, state, iter);
        why = whole.origin.what;
        control_varying = target_value.varying = whole.varying;
        control_grid = flow_differs_in_grid(&whole);   /* range()'s bounds, merged */
        flow->quiet++;
        if (iter->kind == NODE_CALL && iter->call.builtin == BUILTIN_RANGE)
            target_value = range_variable(flow, state, iter, &control_varying);
        flow->quiet--;
    }

    LoopFrame frame = {.outer = flow->loop};
    flow->loop = &frame;
    FlowState head = fork_state(flow, state);
    const Divergence *control = NULL, *grid_control = NULL;
    Span control_at = loop->kind == NODE_WHILE ? loop->while_stmt.cond->span : iter->span;
    flow->quiet++;
    for (int pass = 0; pass < 5; pass++) {
        generalize(flow, &head, marks);
        bool varying = control_varying, grid_varying = control_grid;
        if (loop->kind == NODE_WHILE) {
            AbsVal cond = flow_eval(flow, &head, loop->while_stmt.cond);
            varying = cond.varying;
            grid_varying = flow_differs_in_grid(&cond);
            why = cond.origin.what;
        }
        control = varying && !head.diverged ? divergence(flow, control_at, why) : NULL;
        grid_control = grid_varying && !head.grid_diverged
                           ? (control ? control : divergence(flow, control_at, why)) : NULL;
        FlowState end = walk_iteration(flow, &head, loop, &frame, &target_value, control, grid_control);
        FlowState next = join_states(flow, fork_state(flow, state), end, state->fact_count, varying,
                                     grid_varying);
        if (!settle(flow, &head, &next, marks, pass >= 2))
            break;
    }
    flow->quiet--;

    /* the reporting pass, from the settled head */
    generalize(flow, &head, marks);
    if (loop->kind == NODE_WHILE) {
        AbsVal cond = flow_eval(flow, &head, loop->while_stmt.cond);
        control_varying = cond.varying;
        control_grid = flow_differs_in_grid(&cond);
    }
    FlowState end = walk_iteration(flow, &head, loop, &frame, &target_value, control, grid_control);
    FlowState exit = join_states(flow, head, end, state->fact_count, control_varying, control_grid);
    if (loop->kind == NODE_WHILE)
        flow_assume(flow, &exit, loop->while_stmt.cond, false);
    walk_block(flow, &exit, loop->kind == NODE_WHILE ? &loop->while_stmt.else_body : &loop->for_stmt.else_body);
    for (int i = 0; i < frame.exit_count; i++)
        exit = join_states(flow, exit, frame.exits[i], state->fact_count, true, true);
    flow->loop = frame.outer;
    exit.dead = false;
    exit.diverged = state->diverged ? state->diverged : flow->returned;
    exit.grid_diverged = state->grid_diverged ? state->grid_diverged : flow->grid_returned;
    *state = exit;
}

/* A device function returns to its caller: the value (joined over every
 * return; it varies when threads may leave by different returns) and the
 * state, whose shared writes the caller goes on with. */
static void note_return(Flow *flow, FlowState *state, AbsVal value)
{
    if (state->diverged != flow->entry_diverged)
        value.varying = true;
    if (state->grid_diverged != flow->entry_grid_diverged)
        value.grid_varying = true;
    if (flow->has_result) {
        AbsVal *r = &flow->result;
        r->lo = flow_bound_join_lower(flow->arena, r->lo, value.lo);
        r->hi = flow_bound_join_upper(flow->arena, r->hi, value.hi);
        r->varying |= value.varying;
        r->grid_varying |= value.grid_varying;
        r->block_dependent |= value.block_dependent;
        r->thread_axes |= value.thread_axes;
        if (!flow_linear_equal(&r->linear, &value.linear))
            r->linear = flow_linear_invalid();
        r->elts = NULL;
        r->count = 0;
    } else {
        flow->result = value;
        flow->has_result = true;
    }
    flow_reserve(flow->arena, &flow->returns, flow->return_count, &flow->return_cap, sizeof *flow->returns);
    flow->returns[flow->return_count++] = fork_state(flow, state);
}

static void walk_stmt(Flow *flow, FlowState *state, Node *s)
{
    flow_report_unbounded(flow);   /* from a condition evaluated before s */
    switch (s->kind) {
    case NODE_EXPR_STMT:
        flow_eval(flow, state, s->expr_stmt.value);
        break;
    case NODE_ASSIGN:
        walk_assign(flow, state, s);
        break;
    case NODE_AUG_ASSIGN:
        walk_aug_assign(flow, state, s);
        break;
    case NODE_IF:
        walk_if(flow, state, s);
        break;
    case NODE_WHILE:
    case NODE_FOR:
        walk_loop(flow, state, s);
        break;
    case NODE_RAISE:   /* ends the thread as a kernel's return does (cg_raise.c) */
    case NODE_RETURN: {
        if (s->kind == NODE_RAISE && flow->caller) {
            state->dead = true;
            break;
        }
        AbsVal value = s->kind == NODE_RETURN ? flow_eval(flow, state, s->return_stmt.value)
                                              : flow_unknown(false);
        if (flow->caller) {
            note_return(flow, state, value);
            state->dead = true;
            break;
        }
        if (state->diverged && !flow->returned) {
            flow->returned = state->diverged;
            flow->returned_at = s->span;
        }
        if (state->grid_diverged && !flow->grid_returned) {
            flow->grid_returned = state->grid_diverged;
            flow->grid_returned_at = s->span;
        }
        state->dead = true;
        break;
    }
    case NODE_BREAK:
    case NODE_CONTINUE:
        if (flow->loop) {
            /* after a varying break only some threads run the next
             * iterations; after a continue they all do */
            if (s->kind == NODE_BREAK && state->diverged && !flow->loop->diverged)
                flow->loop->diverged = state->diverged;
            if (s->kind == NODE_BREAK && state->grid_diverged && !flow->loop->grid_diverged)
                flow->loop->grid_diverged = state->grid_diverged;
            push_state(flow, flow->loop, state, s->kind == NODE_BREAK);
        }
        state->dead = true;
        break;
    default:
        break;
    }
    flow_report_unbounded(flow);
}

static void walk_block(Flow *flow, FlowState *state, NodeList *body)
{
    for (int i = 0; i < body->count && !state->dead; i++)
        walk_stmt(flow, state, body->items[i]);
}

static FlowState entry_state(Flow *flow)
{
    int n = flow->fi->local_count;
    FlowState state = {.vars = ARENA_ARRAY(flow->arena, VarState, n ? n : 1)};
    for (int i = 0; i < n; i++)
        state.vars[i] = (VarState){.value = flow_unknown(false)};
    return state;
}

bool flow_walk_call(Flow *flow, FlowState *state, Node *call, const AbsVal *args, AbsVal *result)
{
    FuncInfo *callee = call->call.callee;
    if (!callee || !callee->def || callee->is_kernel || call->call.keywords.count ||
        call->call.args.count != callee->param_count || flow->depth >= 4)
        return false;
    for (const Flow *f = flow; f; f = f->caller)
        if (f->fi == callee)
            return false;   /* recursion: judged from outside only */
    Flow sub = {.sema = flow->sema, .arena = flow->arena, .fi = callee, .root = flow->root, .caller = flow,
                .depth = flow->depth + 1, .quiet = flow->quiet, .uses_gridsize = flow->uses_gridsize,
                .entry_diverged = state->diverged, .entry_grid_diverged = state->grid_diverged};
    ArrayRef *arrays = ARENA_ARRAY(flow->arena, ArrayRef, callee->param_count ? callee->param_count : 1);
    FlowState entry = entry_state(&sub);
    for (int i = 0; i < callee->param_count; i++) {
        Node *arg = call->call.args.items[i];
        arrays[i] = arg->type && arg->type->kind == TYPE_ARRAY ? flow_resolve_array(flow, arg) : (ArrayRef){0};
        int index = flow_local_index(&sub, callee->params[i]);
        if (index < 0)
            continue;
        AbsVal v = args[i];
        if (!v.linear.valid)
            v.linear = opaque(callee->params[i], 0);
        entry.vars[index] = (VarState){.value = v};
    }
    sub.param_arrays = arrays;
    /* the caller's guards and unpublished shared writes hold in the callee */
    entry.facts = state->facts;
    entry.fact_count = entry.fact_cap = state->fact_count;
    entry.writes = state->writes;
    entry.write_count = entry.write_cap = state->write_count;
    entry.diverged = state->diverged;
    entry.grid_diverged = state->grid_diverged;
    entry = fork_state(&sub, &entry);
    walk_block(&sub, &entry, &callee->def->funcdef.body);
    FlowState out = entry;
    for (int i = 0; i < sub.return_count; i++)
        out = join_states(&sub, out, sub.returns[i], 0, true, true);
    if (!out.dead) {
        state->writes = out.writes;
        state->write_count = out.write_count;
        state->write_cap = out.write_cap;
    }
    *result = sub.has_result ? sub.result : flow_unknown(false);
    result->elts = NULL;
    result->count = 0;
    result->if_true = result->if_false = NULL;
    result->if_true_count = result->if_false_count = 0;
    return true;
}

void analysis_flow(Sema *sema, FuncInfo *fi)
{
    if (!fi->is_kernel || !fi->def)
        return;
    Flow flow = {.sema = sema, .arena = sema->arena, .fi = fi};
    flow.root = &flow;
    flow.uses_gridsize = flow_body_has(fi->def, flow_uses_grid_size);   /* a grid-stride loop */
    FlowState state = entry_state(&flow);
    for (int i = 0; i < fi->local_count; i++) {
        const Symbol *sym = fi->locals[i];
        if (sym->param_index >= 0 && sym->type && (sym->type->kind == TYPE_INT)) {
            state.vars[i].value.linear = opaque(sym, 0);
            state.vars[i].value.lo = state.vars[i].value.hi = flow_bound_runtime(sema->arena);
        }
    }
    walk_block(&flow, &state, &fi->def->funcdef.body);
    flow_report_unbounded(&flow);
    flow_finish_block_limits(&flow);
}
