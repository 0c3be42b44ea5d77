/*
 * The fault plan (faults.h, docs/faults.md): its parser, the plan in force
 * and the slow path of a watched call. Three tables drive it: the actions
 * (remove, oom, budget), the removal reasons and the methods a plan can
 * name, each with the actions it takes.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "device.h"
#include "command_queue.h"
#include "device_memory.h"
#include "faults.h"
#include "platform.h"
#include "printf_format.h"
#include "trace.h"

/* winerror.h's, as <mockd3d12/dxgi.h> defines it for the headers that lack
 * it (the device room does not see libdxgi's headers). */
#ifndef DXGI_STATUS_OCCLUDED
#define DXGI_STATUS_OCCLUDED ((HRESULT)0x087A0001L)
#endif

atomic_bool mk_faults_armed;

/* ---- The tables ---- */

/* The reasons of GetDeviceRemovedReason (the DXGI_ERROR documentation's
 * meanings) and the debug layer's message for each: Windows' debug layer
 * reports a hang as DEVICE_REMOVAL_PROCESS_AT_FAULT (EXECUTION ERROR #232,
 * as quoted in DiligentGraphics/DiligentCore issue 288); the others follow
 * whether the documentation blames the application (invalid call, a badly
 * formed command) or not (the driver, the hardware). */
static const struct mk_fault_reason fault_reasons[] =
{
    {"hung", DXGI_ERROR_DEVICE_HUNG, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT,
            "the GPU took an unreasonable amount of time to execute its commands, or hung (a TDR)"},
    {"reset", DXGI_ERROR_DEVICE_RESET, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_POSSIBLY_AT_FAULT,
            "the device failed due to a badly formed command"},
    {"internal", DXGI_ERROR_DRIVER_INTERNAL_ERROR, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_NOT_AT_FAULT,
            "the driver encountered a problem and was put into the device removed state"},
    {"invalid", DXGI_ERROR_INVALID_CALL, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT,
            "the application made an invalid call"},
    {"removed", DXGI_ERROR_DEVICE_REMOVED, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_NOT_AT_FAULT,
            "the GPU was removed or its driver upgraded"},
};

#define FAULT_REASON_COUNT (sizeof(fault_reasons) / sizeof(fault_reasons[0]))

const struct mk_fault_reason *mk_fault_reason_of(HRESULT hr)
{
    size_t i;

    for (i = 0; i < FAULT_REASON_COUNT; ++i)
    {
        if (fault_reasons[i].hr == hr)
            return &fault_reasons[i];
    }
    return &fault_reasons[FAULT_REASON_COUNT - 1];
}

enum fault_action
{
    FAULT_REMOVE,
    FAULT_OOM,
    FAULT_BUDGET,
    FAULT_PAGEFAULT,
    FAULT_OCCLUDED,
    FAULT_FAIL_REMOVED,
};

/* What each action takes after its word: a reason, nothing, a byte count. */
enum fault_argument
{
    ARG_REASON,
    ARG_NONE,
    ARG_BYTES,
    ARG_ADDRESS,
};

#define SITE_CREATES 1u /* a creation: oom applies */
#define SITE_SUBMITS 2u /* runs command lists: pagefault and ":op=K" apply */
#define SITE_PRESENTS 4u /* a swap chain's Present (libdxgi, mockd3d12_fault_call): occluded applies */
#define SITE_QUEUE 8u    /* a call of one queue: ":queue=K" applies */
#define SITE_ALLOCATES 16u /* a creation that takes video memory: any-allocation names it */
#define SITE_VALUE 32u   /* takes a fence value: METHOD=VALUE applies */

/* Names are arrays, not pointers, in these tables: read-only data that the
 * loader need not relocate when the library is loaded (docs/performance.md). */
static const struct fault_action_desc
{
    char word[12];
    enum fault_action action;
    enum fault_argument argument;
    unsigned needs;     /* SITE_* bits the method must have */
} fault_actions[] =
{
    {"remove", FAULT_REMOVE, ARG_REASON, 0},
    {"oom", FAULT_OOM, ARG_NONE, SITE_CREATES},
    {"budget", FAULT_BUDGET, ARG_BYTES, 0},
    {"pagefault", FAULT_PAGEFAULT, ARG_ADDRESS, SITE_SUBMITS},
    {"occluded", FAULT_OCCLUDED, ARG_NONE, SITE_PRESENTS},
    {"removed", FAULT_FAIL_REMOVED, ARG_NONE, SITE_CREATES},
};

/* The methods a plan can name: each calls mk_faults_call (through
 * mk_device_enter, or mockd3d12_fault_call from libdxgi) with
 * "<interface>::<name>". */
static const struct fault_site
{
    char name[48];      /* the longest is 41 characters */
    unsigned flags;
} fault_sites[] =
{
    {"ExecuteCommandLists", SITE_SUBMITS | SITE_QUEUE},
    {"Signal", SITE_QUEUE | SITE_VALUE},
    {"Wait", SITE_QUEUE | SITE_VALUE},
    {"Present", SITE_PRESENTS | SITE_QUEUE},
    {"Present1", SITE_PRESENTS | SITE_QUEUE},
    {"AddToStateObject", SITE_CREATES},
    {"CreateCommandAllocator", SITE_CREATES},
    {"CreateCommandList", SITE_CREATES},
    {"CreateCommandList1", SITE_CREATES},
    {"CreateCommandQueue", SITE_CREATES},
    {"CreateCommandQueue1", SITE_CREATES},
    {"CreateCommandSignature", SITE_CREATES},
    {"CreateCommittedResource", SITE_CREATES | SITE_ALLOCATES},
    {"CreateCommittedResource1", SITE_CREATES | SITE_ALLOCATES},
    {"CreateCommittedResource2", SITE_CREATES | SITE_ALLOCATES},
    {"CreateCommittedResource3", SITE_CREATES | SITE_ALLOCATES},
    {"CreateComputePipelineState", SITE_CREATES},
    {"CreateDescriptorHeap", SITE_CREATES},
    {"CreateFence", SITE_CREATES},
    {"CreateGraphicsPipelineState", SITE_CREATES},
    {"CreateHeap", SITE_CREATES | SITE_ALLOCATES},
    {"CreateHeap1", SITE_CREATES | SITE_ALLOCATES},
    {"CreatePipelineLibrary", SITE_CREATES},
    {"CreatePipelineState", SITE_CREATES},
    {"CreatePlacedResource", SITE_CREATES},
    {"CreatePlacedResource1", SITE_CREATES},
    {"CreatePlacedResource2", SITE_CREATES},
    {"CreateQueryHeap", SITE_CREATES},
    {"CreateQueryHeap1", SITE_CREATES},
    {"CreateReservedResource", SITE_CREATES},
    {"CreateReservedResource1", SITE_CREATES},
    {"CreateReservedResource2", SITE_CREATES},
    {"CreateRootSignature", SITE_CREATES},
    {"CreateRootSignatureFromSubobjectInLibrary", SITE_CREATES},
    {"CreateShaderCacheSession", SITE_CREATES},
    {"CreateStateObject", SITE_CREATES},
};

#define FAULT_SITE_COUNT (sizeof(fault_sites) / sizeof(fault_sites[0]))

/* The names of several methods: each call of any of them is a call of the
 * group (one count), the methods being those whose flags have `members`. */
static const struct fault_group
{
    char name[16];
    unsigned flags;     /* what every member is (the actions it takes) */
    unsigned members;
} fault_groups[] =
{
    {"any-creation", SITE_CREATES, SITE_CREATES},
    {"any-allocation", SITE_CREATES | SITE_ALLOCATES, SITE_ALLOCATES},
};

/* The flags of `name`, a method of fault_sites[] (0 for another). */
static unsigned site_flags(const char *name)
{
    size_t i;

    for (i = 0; i < FAULT_SITE_COUNT; ++i)
    {
        if (!strcmp(fault_sites[i].name, name))
            return fault_sites[i].flags;
    }
    return 0;
}

/* ---- The plan ---- */

struct fault_rule
{
    const struct fault_action_desc *action;
    const struct mk_fault_reason *reason; /* FAULT_REMOVE */
    uint64_t bytes;                       /* FAULT_BUDGET; FAULT_PAGEFAULT: the address */
    bool has_op;                          /* ":op=K": the operations of the submission that completed */
    uint64_t op;
    const char *method;                   /* a fault_sites[] or fault_groups[] name */
    unsigned group;                       /* a group's members (SITE_* bits); 0: the method `method` */
    unsigned queue;                       /* ":queue=K": the calls of the process's K-th queue only; 0: any */
    bool has_value;                       /* "METHOD=VALUE": the first call with that fence value */
    uint64_t value;
    uint64_t n;                           /* the call that fails, from 1 */
    const char *text;                     /* the rule as written, trimmed */
    _Atomic uint64_t calls;               /* calls of `method` since the plan was set */
};

struct fault_plan
{
    struct fault_plan *retired_next;
    char *text;                 /* a copy of the plan, a NUL after each rule */
    size_t count;
    struct fault_rule rules[];
};

static _Atomic(struct fault_plan *) fault_current;
/* Guards what follows, and the swaps of fault_current. */
static mk_mutex fault_lock = MK_MUTEX_INIT;
/* Plans replaced while a call may still read them: freed by mk_faults_reset. */
static struct fault_plan *fault_retired;
static bool fault_control_set;      /* the control API's plan is in force */
static bool fault_env_read;
static HRESULT fault_env_hr;
static char fault_env_why[512];

static void plan_publish(struct fault_plan *plan)
{
    struct fault_plan *old;

    atomic_store_explicit(&mk_faults_armed, false, memory_order_relaxed);
    old = atomic_exchange(&fault_current, plan);
    if (old)
    {
        old->retired_next = fault_retired;
        fault_retired = old;
    }
    if (plan && plan->count)
        atomic_store_explicit(&mk_faults_armed, true, memory_order_release);
}

/* ---- Parsing ---- */

struct parse
{
    const char *text;
    const char *origin;
    char *why;
    size_t why_size;
};

/* "<origin>:<line>:<column>: <message>" for the token at `at`. */
static HRESULT parse_fail(const struct parse *p, const char *at, const char *format, ...) MK_PRINTF_FORMAT(3, 4);

static HRESULT parse_fail(const struct parse *p, const char *at, const char *format, ...)
{
    unsigned line = 1, column = 1;
    const char *c;
    size_t length;
    va_list args;

    for (c = p->text; c < at; ++c)
    {
        if (*c == '\n')
        {
            ++line;
            column = 1;
        }
        else
            ++column;
    }
    snprintf(p->why, p->why_size, "%s:%u:%u: ", p->origin, line, column);
    length = strlen(p->why);
    va_start(args, format);
    vsnprintf(p->why + length, p->why_size - length, format, args);
    va_end(args);
    return E_INVALIDARG;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* A decimal number filling [begin, end), without overflow. */
static bool parse_number(const char *begin, const char *end, uint64_t *out)
{
    uint64_t v = 0;

    if (begin == end)
        return false;
    for (; begin < end; ++begin)
    {
        if (*begin < '0' || *begin > '9' || v > (UINT64_MAX - (uint64_t)(*begin - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*begin - '0');
    }
    *out = v;
    return true;
}

/* A hexadecimal number after "0x", or a decimal one, filling [begin, end). */
static bool parse_address(const char *begin, const char *end, uint64_t *out)
{
    uint64_t v = 0;
    int digit;

    if (end - begin < 3 || begin[0] != '0' || (begin[1] != 'x' && begin[1] != 'X'))
        return parse_number(begin, end, out);
    for (begin += 2; begin < end; ++begin)
    {
        if (*begin >= '0' && *begin <= '9')
            digit = *begin - '0';
        else if (*begin >= 'a' && *begin <= 'f')
            digit = *begin - 'a' + 10;
        else if (*begin >= 'A' && *begin <= 'F')
            digit = *begin - 'A' + 10;
        else
            return false;
        if (v >> 60)
            return false;
        v = v << 4 | (uint64_t)digit;
    }
    *out = v;
    return true;
}

static bool word_is(const char *begin, const char *end, const char *word)
{
    return (size_t)(end - begin) == strlen(word) && !memcmp(begin, word, (size_t)(end - begin));
}

/* ACTION[:ARGUMENT] in [begin, end). */
static HRESULT parse_action(const struct parse *p, const char *begin, const char *end, struct fault_rule *rule)
{
    const char *colon = memchr(begin, ':', (size_t)(end - begin)), *word_end = colon ? colon : end, *arg;
    size_t i;

    for (i = 0; i < sizeof(fault_actions) / sizeof(fault_actions[0]); ++i)
    {
        if (word_is(begin, word_end, fault_actions[i].word))
            rule->action = &fault_actions[i];
    }
    if (!rule->action)
        return parse_fail(p, begin, "unknown fault \"%.*s\" (remove:REASON, oom, removed, budget:BYTES, "
                "pagefault:ADDRESS or occluded)",
                (int)(word_end - begin), begin);
    arg = colon ? colon + 1 : end;
    switch (rule->action->argument)
    {
        case ARG_NONE:
            if (colon)
                return parse_fail(p, colon, "%s takes no argument", rule->action->word);
            return S_OK;
        case ARG_BYTES:
            if (!colon || !parse_number(arg, end, &rule->bytes))
                return parse_fail(p, arg, "budget needs a size in bytes, a decimal number: budget:BYTES");
            return S_OK;
        case ARG_ADDRESS:
            if (!colon || !parse_address(arg, end, &rule->bytes))
                return parse_fail(p, arg, "pagefault needs a GPU virtual address, 0x and hexadecimal digits or a "
                        "decimal number: pagefault:ADDRESS");
            return S_OK;
        case ARG_REASON:
            for (i = 0; colon && i < FAULT_REASON_COUNT; ++i)
            {
                if (word_is(arg, end, fault_reasons[i].word))
                    rule->reason = &fault_reasons[i];
            }
            if (!rule->reason)
                return parse_fail(p, arg, "unknown removal reason \"%.*s\" (remove:hung, remove:reset, "
                        "remove:internal, remove:invalid or remove:removed)", (int)(end - arg), arg);
            return S_OK;
    }
    return S_OK;
}

/* One option of a rule, ":NAME=K" in [begin, end) (`begin` after the ':'). */
static HRESULT parse_option(const struct parse *p, const char *begin, const char *end, unsigned flags,
        struct fault_rule *rule)
{
    const char *equals = memchr(begin, '=', (size_t)(end - begin));
    uint64_t value;

    if (equals && word_is(begin, equals, "op"))
    {
        if (!(flags & SITE_SUBMITS)
                || (rule->action->action != FAULT_REMOVE && rule->action->action != FAULT_PAGEFAULT))
            return parse_fail(p, begin, ":op=K names where the GPU stopped: it applies to remove and pagefault "
                    "rules on ExecuteCommandLists");
        if (!parse_number(equals + 1, end, &rule->op))
            return parse_fail(p, equals + 1, ":op=K counts the operations that completed: \"%.*s\" is not a number",
                    (int)(end - equals - 1), equals + 1);
        rule->has_op = true;
        return S_OK;
    }
    if (equals && word_is(begin, equals, "queue"))
    {
        if (!(flags & SITE_QUEUE))
            return parse_fail(p, begin, ":queue=K names a command queue: it applies to ExecuteCommandLists, Signal, "
                    "Wait, Present and Present1");
        if (!parse_number(equals + 1, end, &value) || !value || value > UINT32_MAX)
            return parse_fail(p, equals + 1, ":queue=K counts the queues the process created from 1: \"%.*s\" is "
                    "not a number from 1", (int)(end - equals - 1), equals + 1);
        rule->queue = (unsigned)value;
        return S_OK;
    }
    return parse_fail(p, begin, "unknown option \"%.*s\" (:op=K, :queue=K)", (int)(end - begin), begin);
}

/* METHOD#N{:OPTION} or METHOD=VALUE{:OPTION} in [begin, end). */
static HRESULT parse_site(const struct parse *p, const char *begin, const char *end, struct fault_rule *rule)
{
    const char *hash = memchr(begin, '#', (size_t)(end - begin)), *name_end = hash ? hash : end, *option, *next;
    const char *equals = memchr(begin, '=', (size_t)(name_end - begin)), *colon;
    unsigned flags = 0;
    size_t i;
    HRESULT hr;

    colon = memchr(begin, ':', (size_t)(name_end - begin));
    if (equals && (!colon || equals < colon))
    {
        name_end = equals;
        hash = NULL;
    }
    else
        equals = NULL;

    for (i = 0; i < FAULT_SITE_COUNT; ++i)
    {
        if (word_is(begin, name_end, fault_sites[i].name))
        {
            rule->method = fault_sites[i].name;
            flags = fault_sites[i].flags;
        }
    }
    for (i = 0; i < sizeof(fault_groups) / sizeof(fault_groups[0]); ++i)
    {
        if (word_is(begin, name_end, fault_groups[i].name))
        {
            rule->method = fault_groups[i].name;
            rule->group = fault_groups[i].members;
            flags = fault_groups[i].flags;
        }
    }
    if (!rule->method)
        return parse_fail(p, begin, "unknown method \"%.*s\" (docs/faults.md lists the methods a plan can name)",
                (int)(name_end - begin), begin);
    if ((flags & rule->action->needs) != rule->action->needs)
        return parse_fail(p, begin, rule->action->needs == SITE_SUBMITS
                ? "%s runs no command lists: %s applies to ExecuteCommandLists"
                : rule->action->needs == SITE_PRESENTS
                ? "%s presents nothing: %s applies to Present and Present1"
                : "%s creates nothing: %s applies to creation methods", rule->method, rule->action->word);
    if (equals)
    {
        /* The first call with that value: a count of its own, to 1. */
        if (!(flags & SITE_VALUE))
            return parse_fail(p, equals, "%s takes no fence value: METHOD=VALUE applies to Signal and Wait",
                    rule->method);
        option = memchr(equals + 1, ':', (size_t)(end - equals - 1));
        if (!parse_number(equals + 1, option ? option : end, &rule->value))
            return parse_fail(p, equals + 1, "%s=VALUE names a fence value: \"%.*s\" is not a decimal number",
                    rule->method, (int)((option ? option : end) - equals - 1), equals + 1);
        rule->has_value = true;
        rule->n = 1;
    }
    else
    {
        if (!hash)
            return parse_fail(p, end, "\"%s\" needs the call that fails: %s#N (#1 is the first call)%s",
                    rule->method, rule->method, flags & SITE_VALUE ? " or a fence value: =VALUE" : "");
        option = memchr(hash + 1, ':', (size_t)(end - hash - 1));
        if (!parse_number(hash + 1, option ? option : end, &rule->n) || !rule->n)
            return parse_fail(p, hash + 1, "#N counts calls from 1: \"%.*s\" is not a number from 1",
                    (int)((option ? option : end) - hash - 1), hash + 1);
    }
    for (; option; option = next)
    {
        next = memchr(option + 1, ':', (size_t)(end - option - 1));
        if (FAILED(hr = parse_option(p, option + 1, next ? next : end, flags, rule)))
            return hr;
    }
    return S_OK;
}

/* One rule, [begin, end) trimmed and not empty. */
static HRESULT parse_rule(const struct parse *p, const char *begin, const char *end, struct fault_rule *rule)
{
    const char *at = memchr(begin, '@', (size_t)(end - begin));
    HRESULT hr;

    if (!at)
        return parse_fail(p, begin, "a rule is FAULT@METHOD#N: \"%.*s\" has no '@'", (int)(end - begin), begin);
    if (FAILED(hr = parse_action(p, begin, at, rule)))
        return hr;
    return parse_site(p, at + 1, end, rule);
}

/* Rules end at ';' or a new line; blanks around them and empty rules are allowed. */
static HRESULT parse_plan(const struct parse *p, struct fault_plan **out)
{
    const char *c, *begin, *end;
    struct fault_plan *plan;
    size_t count = 1, length = strlen(p->text);
    HRESULT hr;

    *out = NULL;
    for (c = p->text; *c; ++c)
        count += *c == ';' || *c == '\n';
    if (!(plan = mk_calloc(1, sizeof(*plan) + count * sizeof(plan->rules[0]))))
        return E_OUTOFMEMORY;
    if (!(plan->text = mk_alloc(length + 1)))
    {
        mk_free(plan);
        return E_OUTOFMEMORY;
    }
    memcpy(plan->text, p->text, length + 1);
    for (begin = p->text; ; begin = end + 1)
    {
        end = begin + strcspn(begin, ";\n");
        while (begin < end && is_blank(*begin))
            ++begin;
        c = end;
        while (c > begin && is_blank(c[-1]))
            --c;
        if (c > begin)
        {
            struct fault_rule *rule = &plan->rules[plan->count];

            if (FAILED(hr = parse_rule(p, begin, c, rule)))
            {
                mk_free(plan->text);
                mk_free(plan);
                return hr;
            }
            plan->text[c - p->text] = 0;
            rule->text = plan->text + (begin - p->text);
            atomic_init(&rule->calls, 0);
            ++plan->count;
        }
        if (!*end)
            break;
    }
    *out = plan;
    return S_OK;
}

/* Who sets a plan: the environment's never replaces the control API's. */
enum fault_setter
{
    SETTER_CONTROL,
    SETTER_ENVIRONMENT,
};

static HRESULT faults_set(const char *text, const char *origin, enum fault_setter setter, char *why, size_t why_size)
{
    struct parse p = {text, origin, why, why_size};
    struct fault_plan *plan = NULL;
    HRESULT hr;

    if (text && *text && FAILED(hr = parse_plan(&p, &plan)))
    {
        if (hr == E_OUTOFMEMORY)
            snprintf(why, why_size, "%s: out of memory", origin);
        return hr;
    }
    mk_mutex_lock(&fault_lock);
    if (setter == SETTER_ENVIRONMENT && fault_control_set)
    {
        /* The control API set a plan meanwhile: this one is never used. */
        if (plan)
        {
            plan->retired_next = fault_retired;
            fault_retired = plan;
        }
    }
    else
        plan_publish(plan);
    if (setter == SETTER_CONTROL)
        fault_control_set = true;
    mk_mutex_unlock(&fault_lock);
    return S_OK;
}

/* `value` inline, or "@path": the file's text, named by its path. */
static HRESULT faults_set_value(const char *value, const char *origin, enum fault_setter setter, char *why,
        size_t why_size)
{
    char error[256];
    char *text;
    HRESULT hr;

    if (!value || value[0] != '@')
        return faults_set(value, origin, setter, why, why_size);
    if (!(text = mk_read_file(value + 1, NULL, error, sizeof(error))))
    {
        snprintf(why, why_size, "%s: the plan file cannot be read: %s", origin, error);
        return E_INVALIDARG;
    }
    hr = faults_set(text, value + 1, setter, why, why_size);
    mk_free(text);
    return hr;
}

HRESULT mk_faults_control(const char *plan, char *why, size_t why_size)
{
    if (plan)
        return faults_set_value(plan, "mockd3d12_set_faults", SETTER_CONTROL, why, why_size);
    mk_mutex_lock(&fault_lock);
    plan_publish(NULL);
    fault_control_set = false;
    fault_env_read = false;
    mk_mutex_unlock(&fault_lock);
    return S_OK;
}

/* Held across the reading of MOCKD3D12_FAULTS, so that no device is created
 * before the environment's plan is in force (taken before fault_lock). */
static mk_mutex fault_init_lock = MK_MUTEX_INIT;

HRESULT mk_faults_init(char *why, size_t why_size)
{
    char text[sizeof(fault_env_why)] = "";
    bool read;
    HRESULT hr;

    mk_mutex_lock(&fault_init_lock);
    mk_mutex_lock(&fault_lock);
    read = fault_control_set || fault_env_read;
    mk_mutex_unlock(&fault_lock);
    if (!read)
    {
        hr = faults_set_value(mk_getenv("MOCKD3D12_FAULTS"), "MOCKD3D12_FAULTS", SETTER_ENVIRONMENT, text,
                sizeof(text));
        mk_mutex_lock(&fault_lock);
        fault_env_read = true;
        fault_env_hr = hr;
        memcpy(fault_env_why, text, sizeof(text));
        mk_mutex_unlock(&fault_lock);
    }
    mk_mutex_lock(&fault_lock);
    hr = fault_control_set ? S_OK : fault_env_hr;
    if (why_size)
        why[0] = 0;
    if (!fault_control_set && fault_env_why[0])
        snprintf(why, why_size, "%s", fault_env_why);
    mk_mutex_unlock(&fault_lock);
    mk_mutex_unlock(&fault_init_lock);
    return hr;
}

void mk_faults_reset(void)
{
    struct fault_plan *plan, *next;

    mk_mutex_lock(&fault_lock);
    plan_publish(NULL);
    for (plan = fault_retired; plan; plan = next)
    {
        next = plan->retired_next;
        mk_free(plan->text);
        mk_free(plan);
    }
    fault_retired = NULL;
    fault_control_set = false;
    fault_env_read = false;
    fault_env_hr = S_OK;
    fault_env_why[0] = 0;
    mk_mutex_unlock(&fault_lock);
    mk_memory_reset_budgets();
    mk_command_queue_reset_ordinals();
}

/* ---- A watched call ---- */

static void trace_fault(const struct mk_device *device, const struct fault_rule *rule, const char *method, HRESULT hr)
{
    struct mk_trace_record r;

    if (!device->traced || !mk_trace_recording())
        return;
    mk_trace_begin(&r, "Fault");
    mk_trace_string(&r, "adapter", caps_adapter_id(device->adapter));
    mk_trace_string(&r, "rule", rule->text);
    mk_trace_string(&r, "method", method);
    mk_trace_uint(&r, "call", rule->n);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    mk_trace_end(&r);
}

HRESULT mk_faults_call(struct mk_device *device, const char *method)
{
    static const struct mk_fault_call none;

    return mk_faults_call_queue(device, method, &none);
}

HRESULT mk_faults_call_queue(struct mk_device *device, const char *method, const struct mk_fault_call *call)
{
    struct mk_removal_fault fault;
    struct fault_plan *plan = atomic_load_explicit(&fault_current, memory_order_acquire);
    const struct fault_rule *fired = NULL;
    const char *name = strstr(method, "::");
    unsigned flags = 0;
    bool flags_known = false;
    size_t i;
    HRESULT hr;

    if (!plan)
        return S_OK;
    name = name ? name + 2 : method;
    /* Every rule naming the method counts the call; the first to reach its N decides. */
    for (i = 0; i < plan->count; ++i)
    {
        struct fault_rule *rule = &plan->rules[i];

        if (rule->group)
        {
            if (!flags_known)
            {
                flags = site_flags(name);
                flags_known = true;
            }
            if (!(flags & rule->group))
                continue;
        }
        else if (strcmp(rule->method, name))
            continue;
        if (rule->queue && rule->queue != call->queue)
            continue;
        if (rule->has_value && (!call->has_value || call->value != rule->value))
            continue;
        if (atomic_fetch_add_explicit(&rule->calls, 1, memory_order_relaxed) + 1 != rule->n)
            continue;
        if (rule->action->action == FAULT_BUDGET)
        {
            /* Every budget rule that fires applies; the call goes on. */
            trace_fault(device, rule, method, S_OK);
            mk_memory_set_budget(device->adapter, 0, rule->bytes);
        }
        else if (!fired)
            fired = rule;
    }
    if (!fired)
        return S_OK;
    if (fired->action->action == FAULT_OOM || fired->action->action == FAULT_OCCLUDED
            || fired->action->action == FAULT_FAIL_REMOVED)
    {
        /* The call alone fails: the device stays. */
        hr = fired->action->action == FAULT_OOM ? E_OUTOFMEMORY
                : fired->action->action == FAULT_OCCLUDED ? DXGI_STATUS_OCCLUDED : DXGI_ERROR_DEVICE_REMOVED;
        trace_fault(device, fired, method, hr);
        return hr;
    }
    /* A page fault removes with DXGI_ERROR_DEVICE_HUNG (docs/faults.md, "DRED"). */
    hr = fired->action->action == FAULT_PAGEFAULT ? DXGI_ERROR_DEVICE_HUNG : fired->reason->hr;
    trace_fault(device, fired, method, hr);
    memset(&fault, 0, sizeof(fault));
    fault.page_fault = fired->action->action == FAULT_PAGEFAULT;
    fault.va = fault.page_fault ? fired->bytes : 0;
    fault.has_op = fired->has_op;
    fault.op = fired->op;
    fault.submission = call->submission;
    mk_device_remove_adapter_fault(device->adapter, hr, method, fired->text, &fault);
    return DXGI_ERROR_DEVICE_REMOVED;
}
