/*
 * Deriving a mockd3d12 adapter profile from a Vulkan report by the rule
 * table of data/vulkan-rules.tsv (compiled into caps_vulkan_rules[]).
 *
 * Each rule value and condition is an expression in a small language
 * (docs/vulkan.md): Vulkan inputs (VkStruct.member), extension presence
 * (ext(VK_...)), flag lists (has(list, BIT...)), format features
 * (img/img1/buf1), queue-family helpers, other D3D12 fields and $variables,
 * with && || ! comparisons + * | and [index]. Targets are evaluated on
 * demand and memoised, so the table's row order only matters within a
 * target's group (first row whose condition holds wins). While a target is
 * evaluated, every input read is recorded: that is the "derivedFrom" trace.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "caps/json_locate.h"
#include "caps/vulkan.h"
#include "mk_tables.h"

enum vtype
{
    V_ABSENT = 0, /* an input the report lacks: false, 0, "" or an empty list */
    V_NUM,
    V_SYM,
    V_LIST,
};

struct value
{
    enum vtype type;
    bool boolean;     /* V_NUM that came from a JSON boolean or a test */
    int64_t num;
    const char *sym;  /* not NUL-terminated when it points into rule text */
    size_t sym_len;
    const json_t *list;
};

struct trace
{
    char **items;
    size_t count, capacity;
    bool oom; /* an item could not be kept: the import fails with out of memory */
};

struct target
{
    const char *name;
    int state; /* 0 not evaluated, 1 being evaluated, 2 done */
    struct value value;
    struct trace trace;
    const struct caps_vulkan_rule *decided;
};

struct derive_ctx
{
    const struct caps_vulkan_report *report;
    enum caps_vulkan_ruleset ruleset;
    const char *origin;
    struct target *targets;
    size_t target_count;
    struct trace *current;
    struct trace absent;
    const struct caps_vulkan_rule *rule;
    char *error;
    size_t error_size;
    bool failed;
    bool oom;                  /* an allocation failed where no error could be raised at once */
    json_t *format_conditions; /* expression -> value and inputs, for the format rules */
};

struct parser
{
    struct derive_ctx *ctx;
    const char *text, *p;
    bool skip; /* parsing only: a short-circuited operand */
};

/* ---- small helpers ---- */

static char *dup_string(const char *s);
static int64_t json_int(const json_t *j);
static char *join_trace(const struct trace *t);

static void trace_add(struct trace *t, const char *text)
{
    char **items;
    size_t i;

    if (!t)
        return;
    for (i = 0; i < t->count; ++i)
        if (!strcmp(t->items[i], text))
            return;
    if (t->count == t->capacity)
    {
        size_t capacity = t->capacity ? t->capacity * 2 : 8;
        if (!(items = mk_realloc(t->items, capacity * sizeof(*items))))
        {
            t->oom = true;
            return;
        }
        t->items = items;
        t->capacity = capacity;
    }
    if ((t->items[t->count] = dup_string(text)))
        ++t->count;
    else
        t->oom = true;
}

static void trace_free(struct trace *t)
{
    size_t i;

    for (i = 0; i < t->count; ++i)
        mk_free(t->items[i]);
    mk_free(t->items);
    memset(t, 0, sizeof(*t));
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void ctx_fail(struct derive_ctx *ctx, const char *fmt, ...)
{
    size_t n = 0;
    va_list args;
    int w;

    if (ctx->failed)
        return;
    ctx->failed = true;
    w = ctx->rule ? snprintf(ctx->error, ctx->error_size, "%s: data/vulkan-rules.tsv:%u (%s): ", ctx->origin,
            ctx->rule->line, caps_vulkan_rule_string(ctx->rule->target))
            : snprintf(ctx->error, ctx->error_size, "%s: ", ctx->origin);
    if (w > 0)
        n = (size_t)w;
    if (n < ctx->error_size)
    {
        va_start(args, fmt);
        vsnprintf(ctx->error + n, ctx->error_size - n, fmt, args);
        va_end(args);
    }
}

/* An input error is about the report, not the rule: name the JSON path first. */
static void input_fail(struct derive_ctx *ctx, const char *path, const char *fmt, ...)
{
    unsigned line, column;
    size_t n = 0;
    va_list args;
    int w;

    if (ctx->failed)
        return;
    ctx->failed = true;
    if (ctx->report && ctx->report->text
            && caps_json_locate_dotted(ctx->report->text, ctx->report->length, path, &line, &column))
        w = snprintf(ctx->error, ctx->error_size, "%s:%u:%u: %s: ", ctx->origin, line, column, path);
    else
        w = snprintf(ctx->error, ctx->error_size, "%s: %s: ", ctx->origin, path);
    if (w > 0)
        n = (size_t)w;
    if (n < ctx->error_size)
    {
        va_start(args, fmt);
        vsnprintf(ctx->error + n, ctx->error_size - n, fmt, args);
        va_end(args);
    }
}

static struct value num_value(int64_t n, bool boolean)
{
    struct value v = {V_NUM, boolean, n, NULL, 0, NULL};
    return v;
}

static const struct value absent_value = {V_ABSENT, false, 0, NULL, 0, NULL};

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = mk_alloc(n);

    if (d)
        memcpy(d, s, n);
    return d;
}

static bool sym_equal(struct value v, const char *name)
{
    return v.type == V_SYM && strlen(name) == v.sym_len && !strncmp(v.sym, name, v.sym_len);
}

static bool truthy(struct parser *ps, struct value v)
{
    if (v.type == V_NUM)
        return v.num != 0;
    if (v.type == V_ABSENT)
        return false;
    ctx_fail(ps->ctx, "expected a boolean in '%s', got %.*s", ps->text, (int)(v.type == V_SYM ? v.sym_len : 6),
            v.type == V_SYM ? v.sym : "a list");
    return false;
}

static void format_value(char *out, size_t size, struct value v)
{
    size_t i, o;
    json_t *e;

    switch (v.type)
    {
        case V_ABSENT: snprintf(out, size, "absent"); break;
        case V_NUM:
            if (v.boolean)
                snprintf(out, size, "%s", v.num ? "true" : "false");
            else
                snprintf(out, size, "%" PRId64, v.num);
            break;
        case V_SYM: snprintf(out, size, "%.*s", (int)v.sym_len, v.sym); break;
        case V_LIST:
            o = (size_t)snprintf(out, size, "[");
            json_array_foreach(v.list, i, e)
            {
                if (o < size)
                    o += (size_t)snprintf(out + o, size - o, "%s%s", i ? ", " : "",
                            json_is_string(e) ? json_string_value(e) : "?");
            }
            if (o < size)
                snprintf(out + o, size - o, "]");
            break;
    }
}

/* ---- the lexer ---- */

static void skip_space(struct parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ++ps->p;
}

static bool is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

static bool accept(struct parser *ps, const char *token)
{
    size_t n = strlen(token);

    skip_space(ps);
    if (strncmp(ps->p, token, n))
        return false;
    ps->p += n;
    return true;
}

static bool expect_token(struct parser *ps, const char *token)
{
    if (accept(ps, token))
        return true;
    ctx_fail(ps->ctx, "expected '%s' at '%.20s' in '%s'", token, ps->p, ps->text);
    return false;
}

static bool read_ident(struct parser *ps, char *out, size_t size)
{
    size_t n = 0;

    skip_space(ps);
    while (is_ident_char(ps->p[n]))
        ++n;
    if (!n || n >= size)
    {
        ctx_fail(ps->ctx, "expected a name at '%.20s' in '%s'", ps->p, ps->text);
        return false;
    }
    memcpy(out, ps->p, n);
    out[n] = 0;
    ps->p += n;
    return true;
}

/* ---- reading the report ---- */

static struct value read_input(struct parser *ps, const char *name)
{
    struct derive_ctx *ctx = ps->ctx;
    char path[512], text[768], shown[512];
    struct value v = absent_value;
    bool struct_absent;
    json_t *j;

    j = caps_vulkan_report_input(ctx->report, name, path, sizeof(path), &struct_absent);
    if (!j)
    {
        if (!struct_absent)
        {
            input_fail(ctx, path, "missing from a present struct (a partial report; the rules need it)");
            return absent_value;
        }
        *strrchr(path, '.') = 0;
        trace_add(&ctx->absent, path);
        snprintf(text, sizeof(text), "%s = absent", name);
        trace_add(ctx->current, text);
        return absent_value;
    }
    switch (json_typeof(j))
    {
        case JSON_TRUE: case JSON_FALSE: v = num_value(json_is_true(j), true); break;
        case JSON_INTEGER: case JSON_REAL: v = num_value(json_int(j), false); break;
        case JSON_STRING: v.type = V_SYM; v.sym = json_string_value(j); v.sym_len = strlen(v.sym); break;
        case JSON_ARRAY: v.type = V_LIST; v.list = j; break;
        default:
            input_fail(ctx, path, "expected a boolean, number, string or array, got %s",
                    json_is_object(j) ? "an object" : "null");
            return absent_value;
    }
    format_value(shown, sizeof(shown), v);
    snprintf(text, sizeof(text), "%s = %s", name, shown);
    trace_add(ctx->current, text);
    return v;
}

/* Reports are decoded with integers as reals (uint64 limits); saturate. */
static int64_t json_int(const json_t *j)
{
    double d = json_number_value(j);

    if (d >= 9.2e18)
        return INT64_MAX;
    return (int64_t)d;
}

static bool list_has(const json_t *list, const char *name)
{
    size_t i;
    json_t *e;

    json_array_foreach(list, i, e)
        if (json_is_string(e) && !strcmp(json_string_value(e), name))
            return true;
    return false;
}

/* Does a format feature list have bit `name` (prefix + name + _BIT[_KHR|_EXT])? */
static bool list_has_bit(const json_t *list, const char *prefix, const char *name)
{
    static const char suffixes[][9] = {"_BIT", "_BIT_KHR", "_BIT_EXT"};
    char full[160];
    size_t i;

    for (i = 0; i < 3; ++i)
    {
        /* A name too long for the buffer is no bit's. */
        if ((size_t)snprintf(full, sizeof(full), "%s%s%s", prefix, name, suffixes[i]) < sizeof(full)
                && list_has(list, full))
            return true;
    }
    return false;
}

enum format_view
{
    VIEW_IMAGE3,  /* VkFormatProperties3 optimal tiling, linear when optimal has no usable bit */
    VIEW_IMAGE1,  /* VkFormatProperties linear | optimal */
    VIEW_BUFFER1, /* VkFormatProperties bufferFeatures */
};

static bool format_has(const json_t *format, enum format_view view, const char *bit)
{
    static const char usable[][17] = {"SAMPLED_IMAGE", "STORAGE_IMAGE", "COLOR_ATTACHMENT", "TRANSFER_SRC",
            "TRANSFER_DST"};
    const json_t *v3 = json_object_get(format, "VkFormatProperties3");
    const json_t *v1 = json_object_get(format, "VkFormatProperties");
    const json_t *props = view == VIEW_IMAGE3 ? (v3 ? v3 : v1) : (v1 ? v1 : v3);
    const char *prefix = props == v3 ? "VK_FORMAT_FEATURE_2_" : "VK_FORMAT_FEATURE_";
    const json_t *optimal, *linear;
    bool optimal_usable = false, linear_usable = false;
    size_t i;

    if (!props)
        return false;
    optimal = json_object_get(props, "optimalTilingFeatures");
    linear = json_object_get(props, "linearTilingFeatures");
    switch (view)
    {
        case VIEW_IMAGE3:
            for (i = 0; i < 5; ++i)
            {
                optimal_usable |= list_has_bit(optimal, prefix, usable[i]);
                linear_usable |= list_has_bit(linear, prefix, usable[i]);
            }
            return list_has_bit(!optimal_usable && linear_usable ? linear : optimal, prefix, bit);
        case VIEW_IMAGE1:
            return list_has_bit(optimal, prefix, bit) || list_has_bit(linear, prefix, bit);
        case VIEW_BUFFER1:
            return list_has_bit(json_object_get(props, "bufferFeatures"), prefix, bit);
    }
    return false;
}

/* img(bits(A, B), R32_SFLOAT, ...): every listed format has every bit. */
static struct value call_format_features(struct parser *ps, enum format_view view, const char *fn)
{
    struct derive_ctx *ctx = ps->ctx;
    char bits[8][64], format[96], full[128], text[1024];
    size_t bit_count = 0, format_count = 0, i;
    bool result = true;
    const json_t *f;

    if (!accept(ps, "bits") || !expect_token(ps, "("))
    {
        ctx_fail(ctx, "%s() takes bits(...) first, in '%s'", fn, ps->text);
        return absent_value;
    }
    do
    {
        if (bit_count == 8)
        {
            ctx_fail(ctx, "too many bits in '%s'", ps->text);
            return absent_value;
        }
        if (!read_ident(ps, bits[bit_count++], sizeof(bits[0])))
            return absent_value;
    } while (accept(ps, ","));
    if (!expect_token(ps, ")"))
        return absent_value;
    while (accept(ps, ","))
    {
        if (!read_ident(ps, format, sizeof(format)))
            return absent_value;
        ++format_count;
        if (ps->skip || !result)
            continue;
        snprintf(full, sizeof(full), "VK_FORMAT_%s", format);
        if (!ctx->report->formats)
        {
            trace_add(&ctx->absent, "capabilities.device.formats");
            trace_add(ctx->current, "formats = absent");
            result = false;
            continue;
        }
        f = json_object_get(ctx->report->formats, full);
        for (i = 0; i < bit_count && result; ++i)
        {
            if (!f || !format_has(f, view, bits[i]))
            {
                snprintf(text, sizeof(text), "%s: %s has no %s", fn, full, bits[i]);
                if (!f)
                    snprintf(text, sizeof(text), "%s: %s is not in the report", fn, full);
                trace_add(ctx->current, text);
                result = false;
            }
        }
    }
    if (!expect_token(ps, ")"))
        return absent_value;
    if (!format_count)
    {
        ctx_fail(ctx, "%s() names no format in '%s'", fn, ps->text);
        return absent_value;
    }
    if (result && !ps->skip)
    {
        snprintf(text, sizeof(text), "%s: the %zu listed formats have %s%s", fn, format_count, bits[0],
                bit_count > 1 ? " and the other listed bits" : "");
        trace_add(ctx->current, text);
    }
    return num_value(result, true);
}

static int64_t family_int(const json_t *family, const char *key)
{
    return json_int(json_object_get(json_object_get(family, "VkQueueFamilyProperties"), key));
}

static const json_t *family_flags(const json_t *family)
{
    return json_object_get(json_object_get(family, "VkQueueFamilyProperties"), "queueFlags");
}

static bool family_has_zero_granularity(const json_t *family)
{
    const json_t *g = json_object_get(json_object_get(family, "VkQueueFamilyProperties"),
            "minImageTransferGranularity");

    return !json_int(json_object_get(g, "width")) || !json_int(json_object_get(g, "height"))
            || !json_int(json_object_get(g, "depth"));
}

enum queue_fn
{
    QUEUE_SPARSE,
    QUEUE_COPY_TIMESTAMPS,
    QUEUE_COPY_TIMESTAMPS_WINE,
};

static struct value call_queue(struct parser *ps, enum queue_fn fn)
{
    struct derive_ctx *ctx = ps->ctx;
    const json_t *queues = ctx->report->queues, *q;
    long copy = -1, compute = -1, graphics = -1, chosen;
    char text[256];
    size_t i;

    if (!expect_token(ps, ")"))
        return absent_value;
    if (ps->skip)
        return absent_value;
    if (!queues)
    {
        trace_add(&ctx->absent, "capabilities.device.queueFamiliesProperties");
        trace_add(ctx->current, "queueFamiliesProperties = absent");
        return num_value(0, true);
    }
    json_array_foreach(queues, i, q)
    {
        const json_t *flags = family_flags(q);
        bool g = list_has(flags, "VK_QUEUE_GRAPHICS_BIT"), c = list_has(flags, "VK_QUEUE_COMPUTE_BIT");
        bool t = list_has(flags, "VK_QUEUE_TRANSFER_BIT"), s = list_has(flags, "VK_QUEUE_SPARSE_BINDING_BIT");

        if (family_int(q, "queueCount") <= 0)
            continue;
        if (fn == QUEUE_SPARSE)
        {
            if (s && !(t && family_has_zero_granularity(q)))
            {
                snprintf(text, sizeof(text), "queueFamiliesProperties[%zu] has SPARSE_BINDING", i);
                trace_add(ctx->current, text);
                return num_value(1, true);
            }
            continue;
        }
        if (fn == QUEUE_COPY_TIMESTAMPS_WINE)
        {
            /* Flags other than SPARSE_BINDING are exactly TRANSFER. */
            size_t k, others = 0;
            json_t *e;
            json_array_foreach(flags, k, e)
                if (strcmp(json_string_value(e), "VK_QUEUE_SPARSE_BINDING_BIT")
                        && strcmp(json_string_value(e), "VK_QUEUE_TRANSFER_BIT"))
                    ++others;
            if (t && !others && copy < 0)
                copy = (long)i;
            if (g && graphics < 0)
                graphics = (long)i;
            continue;
        }
        if (t && !g && !c && !family_has_zero_granularity(q) && copy < 0)
            copy = (long)i;
        if (c && !g && compute < 0)
            compute = (long)i;
        if (g && graphics < 0)
            graphics = (long)i;
    }
    if (fn == QUEUE_SPARSE)
    {
        trace_add(ctx->current, "queueFamiliesProperties: no family with SPARSE_BINDING");
        return num_value(0, true);
    }
    chosen = copy >= 0 ? copy : compute >= 0 ? compute : graphics;
    if (chosen < 0)
    {
        trace_add(ctx->current, "queueFamiliesProperties: no family for copy queues");
        return num_value(0, true);
    }
    q = json_array_get(queues, (size_t)chosen);
    snprintf(text, sizeof(text), "copy queue family queueFamiliesProperties[%ld].timestampValidBits = %" PRId64,
            chosen, family_int(q, "timestampValidBits"));
    trace_add(ctx->current, text);
    return num_value(family_int(q, "timestampValidBits") != 0, true);
}

/* The first shading-rate image tile size (8, 16, 32) within the attachment texel size range. */
static struct value call_fsr_tile_size(struct parser *ps)
{
    static const char names[][91] = {"VkPhysicalDeviceFragmentShadingRatePropertiesKHR.minFragmentShadingRateAttachmentTexelSize",
            "VkPhysicalDeviceFragmentShadingRatePropertiesKHR.maxFragmentShadingRateAttachmentTexelSize"};
    struct derive_ctx *ctx = ps->ctx;
    int64_t w[2], h[2], size;
    char path[512], text[512];
    bool struct_absent;
    json_t *j;
    int i;

    if (!expect_token(ps, ")") || ps->skip)
        return absent_value;
    for (i = 0; i < 2; ++i)
    {
        if (!(j = caps_vulkan_report_input(ctx->report, names[i], path, sizeof(path), &struct_absent)))
        {
            if (!struct_absent)
            {
                input_fail(ctx, path, "missing from a present struct (a partial report; the rules need it)");
                return absent_value;
            }
            *strrchr(path, '.') = 0;
            trace_add(&ctx->absent, path);
            snprintf(text, sizeof(text), "%s = absent", names[i]);
            trace_add(ctx->current, text);
            return num_value(0, false);
        }
        if (!json_is_object(j) || !json_is_number(json_object_get(j, "width"))
                || !json_is_number(json_object_get(j, "height")))
        {
            input_fail(ctx, path, "expected an object with integer width and height");
            return absent_value;
        }
        w[i] = json_int(json_object_get(j, "width"));
        h[i] = json_int(json_object_get(j, "height"));
        snprintf(text, sizeof(text), "%s = %" PRId64 "x%" PRId64, names[i], w[i], h[i]);
        trace_add(ctx->current, text);
    }
    for (size = 8; size <= 32; size *= 2)
        if (size >= w[0] && size >= h[0] && size <= w[1] && size <= h[1])
            return num_value(size, false);
    return num_value(0, false);
}

/* ---- the parser / evaluator ---- */

static struct value parse_or(struct parser *ps);
static struct value parse_and(struct parser *ps);
static struct value eval_target(struct derive_ctx *ctx, const char *name, bool *found);

static struct value call(struct parser *ps, const char *fn)
{
    struct derive_ctx *ctx = ps->ctx;
    char name[128], text[256];
    struct value v;
    bool result;

    if (!strcmp(fn, "ext"))
    {
        if (!read_ident(ps, name, sizeof(name)) || !expect_token(ps, ")"))
            return absent_value;
        if (ps->skip)
            return absent_value;
        if (!ctx->report->extensions)
            trace_add(&ctx->absent, "capabilities.device.extensions");
        result = json_object_get(ctx->report->extensions, name) != NULL;
        snprintf(text, sizeof(text), "ext %s = %s", name, result ? "present" : "absent");
        trace_add(ctx->current, text);
        return num_value(result, true);
    }
    if (!strcmp(fn, "has") || !strcmp(fn, "in"))
    {
        bool is_has = fn[0] == 'h';
        v = parse_or(ps);
        if (ctx->failed)
            return absent_value;
        if (!ps->skip && v.type != V_ABSENT && v.type != (is_has ? V_LIST : V_SYM))
        {
            ctx_fail(ctx, "%s() expects %s first in '%s'", fn, is_has ? "a flag list" : "an enum name", ps->text);
            return absent_value;
        }
        result = is_has;
        while (accept(ps, ","))
        {
            bool match;
            if (!read_ident(ps, name, sizeof(name)))
                return absent_value;
            match = v.type == V_LIST ? list_has(v.list, name) : sym_equal(v, name);
            result = is_has ? result && match : result || match;
        }
        if (!expect_token(ps, ")"))
            return absent_value;
        return num_value(result, true);
    }
    if (!strcmp(fn, "img"))
        return call_format_features(ps, VIEW_IMAGE3, fn);
    if (!strcmp(fn, "img1"))
        return call_format_features(ps, VIEW_IMAGE1, fn);
    if (!strcmp(fn, "buf1"))
        return call_format_features(ps, VIEW_BUFFER1, fn);
    if (!strcmp(fn, "sparse_queue"))
        return call_queue(ps, QUEUE_SPARSE);
    if (!strcmp(fn, "copy_queue_timestamps"))
        return call_queue(ps, QUEUE_COPY_TIMESTAMPS);
    if (!strcmp(fn, "copy_queue_timestamps_wine"))
        return call_queue(ps, QUEUE_COPY_TIMESTAMPS_WINE);
    if (!strcmp(fn, "fsr_tile_size"))
        return call_fsr_tile_size(ps);
    ctx_fail(ctx, "unknown function %s() in '%s'", fn, ps->text);
    return absent_value;
}

/* Every enum member by name, across all enums (linear: a report is derived once). */
static int find_enum_value(const char *name)
{
    size_t i;

    for (i = 0; i < mk_enum_value_count; ++i)
        if (!strcmp(mk_enum_value_name_at(i), name))
            return (int)i;
    return -1;
}

static struct value reference(struct parser *ps, const char *name)
{
    struct derive_ctx *ctx = ps->ctx;
    struct value v;
    bool found;
    int e;

    if (!strcmp(name, "true") || !strcmp(name, "false"))
        return num_value(name[0] == 't', true);
    if (ps->skip)
        return absent_value;
    if (name[0] == '$' || (strchr(name, '.') && strncmp(name, "Vk", 2)))
    {
        struct trace *saved = ctx->current;
        const struct caps_vulkan_rule *rule = ctx->rule;
        char text[512], shown[128];
        size_t i;

        v = eval_target(ctx, name, &found);
        ctx->rule = rule;
        if (!found)
        {
            ctx_fail(ctx, "'%s' has no rule under this rule set", name);
            return absent_value;
        }
        ctx->current = saved;
        if (name[0] == '$')
        {
            /* A helper variable's inputs count as the caller's inputs. */
            for (i = 0; i < ctx->target_count; ++i)
                if (!strcmp(ctx->targets[i].name, name))
                {
                    size_t k;
                    for (k = 0; k < ctx->targets[i].trace.count; ++k)
                        trace_add(ctx->current, ctx->targets[i].trace.items[k]);
                }
        }
        else
        {
            format_value(shown, sizeof(shown), v);
            snprintf(text, sizeof(text), "%s = %s", name, shown);
            trace_add(ctx->current, text);
        }
        return v;
    }
    if (!strncmp(name, "Vk", 2))
        return read_input(ps, name);
    if ((e = find_enum_value(name)) >= 0)
        return num_value(mk_enum_values[e].value, false);
    v = absent_value;
    v.type = V_SYM;
    v.sym = name; /* parse_primary points it into the rule text */
    v.sym_len = strlen(name);
    return v;
}

static struct value parse_primary(struct parser *ps)
{
    struct derive_ctx *ctx = ps->ctx;
    char name[160];
    struct value v;
    const char *start;

    skip_space(ps);
    if (accept(ps, "("))
    {
        v = parse_or(ps);
        expect_token(ps, ")");
        return v;
    }
    if (isdigit((unsigned char)*ps->p))
    {
        char *end;
        long long n = strtoll(ps->p, &end, 0);
        ps->p = end;
        return num_value(n, false);
    }
    skip_space(ps);
    start = ps->p;
    if (!read_ident(ps, name, sizeof(name)))
        return absent_value;
    if (accept(ps, "("))
        return call(ps, name);
    v = reference(ps, name);
    if (v.type == V_SYM && v.sym == name)
    {
        /* The rule text is constant and outlives the evaluation. */
        skip_space(ps);
        v.sym = start;
    }
    if (accept(ps, "["))
    {
        char *end;
        long long index = strtoll(ps->p, &end, 10);
        ps->p = end;
        if (!expect_token(ps, "]"))
            return absent_value;
        if (ps->skip || v.type == V_ABSENT)
            return v.type == V_ABSENT ? num_value(0, false) : absent_value;
        if (v.type != V_LIST || index < 0 || (size_t)index >= json_array_size(v.list)
                || !json_is_number(json_array_get(v.list, (size_t)index)))
        {
            ctx_fail(ctx, "%s[%lld] is not an integer element of an array", name, index);
            return absent_value;
        }
        return num_value(json_int(json_array_get(v.list, (size_t)index)), false);
    }
    return v;
}

static int64_t expect_num(struct parser *ps, struct value v)
{
    if (v.type == V_NUM)
        return v.num;
    if (v.type != V_ABSENT && !ps->skip)
        ctx_fail(ps->ctx, "expected a number in '%s', got %.*s", ps->text, (int)(v.type == V_SYM ? v.sym_len : 6),
                v.type == V_SYM ? v.sym : "a list");
    return 0;
}

static struct value parse_product(struct parser *ps)
{
    struct value l = parse_primary(ps), r;

    while (!ps->ctx->failed)
    {
        if (accept(ps, "*"))
        {
            r = parse_primary(ps);
            l = num_value(expect_num(ps, l) * expect_num(ps, r), false);
        }
        else
            break;
    }
    return l;
}

static struct value parse_sum(struct parser *ps)
{
    struct value l = parse_product(ps), r;

    while (!ps->ctx->failed)
    {
        skip_space(ps);
        if (ps->p[0] == '|' && ps->p[1] != '|')
        {
            ++ps->p;
            r = parse_product(ps);
            l = num_value(expect_num(ps, l) | expect_num(ps, r), false);
        }
        else if (accept(ps, "+"))
        {
            r = parse_product(ps);
            l = num_value(expect_num(ps, l) + expect_num(ps, r), false);
        }
        else
            break;
    }
    return l;
}

static struct value parse_compare(struct parser *ps)
{
    static const char ops[][3] = {"==", "!=", ">=", "<=", ">", "<"};
    struct value l = parse_sum(ps), r;
    int64_t a, b;
    bool result;
    size_t i;

    for (i = 0; i < 6; ++i)
        if (accept(ps, ops[i]))
            break;
    if (i == 6)
        return l;
    r = parse_sum(ps);
    if (ps->skip || ps->ctx->failed)
        return absent_value;
    if (i < 2 && (l.type == V_SYM || r.type == V_SYM))
    {
        /* Enum strings: an absent input equals nothing. */
        result = l.type == V_SYM && r.type == V_SYM && l.sym_len == r.sym_len && !strncmp(l.sym, r.sym, l.sym_len);
        return num_value(i == 0 ? result : !result, true);
    }
    a = expect_num(ps, l);
    b = expect_num(ps, r);
    switch (i)
    {
        case 0: result = a == b; break;
        case 1: result = a != b; break;
        case 2: result = a >= b; break;
        case 3: result = a <= b; break;
        case 4: result = a > b; break;
        default: result = a < b; break;
    }
    return num_value(result, true);
}

static struct value parse_not(struct parser *ps)
{
    struct value v;

    skip_space(ps);
    if (ps->p[0] == '!' && ps->p[1] != '=')
    {
        ++ps->p;
        v = parse_not(ps);
        if (ps->skip)
            return absent_value;
        return num_value(!truthy(ps, v), true);
    }
    return parse_compare(ps);
}

/* `a && b && ...` (or, `a || b || ...`): short-circuit, the operands not
 * evaluated parsed in skip mode; the value is 0 or 1. */
static struct value parse_logical(struct parser *ps, bool or)
{
    struct value (*operand)(struct parser *) = or ? parse_and : parse_not;
    const char *op = or ? "||" : "&&";
    struct value l = operand(ps), r;
    bool outer_skip = ps->skip, value;

    skip_space(ps);
    if (ps->p[0] != op[0] || ps->p[1] != op[1])
        return l;
    value = outer_skip ? false : truthy(ps, l);
    while (!ps->ctx->failed && accept(ps, op))
    {
        ps->skip = outer_skip || value == or;
        r = operand(ps);
        if (!ps->skip)
            value = truthy(ps, r);
    }
    ps->skip = outer_skip;
    return num_value(value, true);
}

static struct value parse_and(struct parser *ps)
{
    return parse_logical(ps, false);
}

static struct value parse_or(struct parser *ps)
{
    return parse_logical(ps, true);
}

static struct value evaluate(struct derive_ctx *ctx, const char *text)
{
    struct parser ps = {ctx, text, text, false};
    struct value v = parse_or(&ps);

    skip_space(&ps);
    if (!ctx->failed && *ps.p)
        ctx_fail(ctx, "unexpected '%.20s' in '%s'", ps.p, text);
    return v;
}

static bool rule_applies(const struct derive_ctx *ctx, const struct caps_vulkan_rule *r)
{
    return r->rules == CAPS_VULKAN_RULES_ANY || r->rules == ctx->ruleset;
}

static struct value eval_target(struct derive_ctx *ctx, const char *name, bool *found)
{
    struct target *t = NULL;
    struct trace *saved = ctx->current;
    size_t i;

    *found = false;
    for (i = 0; i < ctx->target_count; ++i)
        if (!strcmp(ctx->targets[i].name, name))
            t = &ctx->targets[i];
    if (!t)
        return absent_value;
    *found = true;
    if (t->state == 2)
        return t->value;
    if (t->state == 1)
    {
        ctx_fail(ctx, "'%s' depends on itself", name);
        return absent_value;
    }
    t->state = 1;
    ctx->current = &t->trace;
    for (i = 0; i < caps_vulkan_rule_count && !ctx->failed; ++i)
    {
        const struct caps_vulkan_rule *r = &caps_vulkan_rules[i];

        if (strcmp(caps_vulkan_rule_string(r->target), name) || !rule_applies(ctx, r))
            continue;
        ctx->rule = r;
        if (caps_vulkan_rule_string(r->when)[0])
        {
            struct value w = evaluate(ctx, caps_vulkan_rule_string(r->when));
            struct parser ps = {ctx, caps_vulkan_rule_string(r->when), caps_vulkan_rule_string(r->when), false};
            if (ctx->failed || !truthy(&ps, w))
                continue;
        }
        t->value = evaluate(ctx, caps_vulkan_rule_string(r->value));
        t->decided = r;
        break;
    }
    ctx->current = saved;
    t->state = 2;
    if (!t->decided && !ctx->failed)
        ctx_fail(ctx, "no row of '%s' applies (the table needs a final unconditional row)", name);
    return t->value;
}

/* ---- building the profile ---- */

/* The format rules' conditions (caps_vulkan_condition_fn): a rule-language
 * expression, its inputs recorded once under "formatConditions". */
static int format_condition(void *opaque, const char *expression, char *out, size_t out_size)
{
    struct derive_ctx *ctx = opaque;
    struct trace trace = {0}, *saved = ctx->current;
    struct parser ps = {ctx, expression, expression, false};
    struct value v;
    char *joined;
    int result;

    ctx->current = &trace;
    ctx->rule = NULL;
    v = evaluate(ctx, expression);
    result = ctx->failed ? -1 : truthy(&ps, v);
    if (ctx->failed)
        result = -1;
    ctx->current = saved;
    joined = join_trace(&trace);
    if (trace.oom || !joined)
        ctx->oom = true;
    snprintf(out, out_size, "%s = %s%s%s", expression, result > 0 ? "true" : "false", joined && *joined ? ": " : "",
            joined ? joined : "");
    if (result >= 0 && ctx->format_conditions
            && json_object_set_new(ctx->format_conditions, expression, json_string(out + strlen(expression) + 3)))
        ctx->oom = true;
    mk_free(joined);
    trace_free(&trace);
    return result;
}

static const char *ruleset_name(enum caps_vulkan_ruleset r)
{
    return r == CAPS_VULKAN_RULES_VKD3D ? "vkd3d" : "vkd3d-proton";
}

/* "A | B" for a flags value without a single name. */
static json_t *flags_json(unsigned enum_index, uint64_t value)
{
    const struct mk_enum *e = &mk_enums[enum_index];
    char text[1024];
    size_t o = 0, i;
    uint64_t covered = 0;

    text[0] = 0;
    for (i = e->first_value; i < (size_t)e->first_value + e->value_count; ++i)
    {
        const struct mk_enum_value *v = &mk_enum_values[i];
        if (v->is_alias || !v->value || (v->value & (v->value - 1)) || (value & v->value) != v->value
                || (covered & v->value))
            continue;
        covered |= v->value;
        o += (size_t)snprintf(text + o, sizeof(text) - o, "%s%s", o ? " | " : "", mk_enum_value_name_at(i));
        if (o >= sizeof(text))
            return json_integer((json_int_t)value);
    }
    if (covered != value)
        return json_integer((json_int_t)value);
    return json_string(text);
}

static json_t *field_json(struct derive_ctx *ctx, const struct mk_field *f, struct value v)
{
    const char *name;

    if (v.type == V_SYM || v.type == V_LIST)
    {
        ctx_fail(ctx, "the value %.*s is not a number or a known D3D12 enum value",
                (int)(v.type == V_SYM ? v.sym_len : 8), v.type == V_SYM ? v.sym : "(a list)");
        return NULL;
    }
    switch (f->kind)
    {
        case MK_FIELD_BOOL:
            return json_boolean(v.num != 0);
        case MK_FIELD_ENUM:
            if ((name = mk_enum_value_name((unsigned)f->enum_index, (uint32_t)v.num)))
                return json_string(name);
            if (mk_enums[f->enum_index].category == MK_ENUM_FLAGS)
                return flags_json((unsigned)f->enum_index, (uint64_t)v.num);
            return json_integer((json_int_t)v.num);
        default:
            return json_integer((json_int_t)v.num);
    }
}

static char *join_trace(const struct trace *t)
{
    size_t i, size = 1;
    char *s;

    for (i = 0; i < t->count; ++i)
        size += strlen(t->items[i]) + 2;
    if (!(s = mk_alloc(size)))
        return NULL;
    s[0] = 0;
    for (i = 0; i < t->count; ++i)
    {
        if (i)
            strcat(s, "; ");
        strcat(s, t->items[i]);
    }
    return s;
}

/* A profile id from the device name: "vulkan-" and its letters and digits,
 * lower case, runs of anything else as one '-', then "-vkd3d" for that rule
 * set. Ids hold at most CAPS_VULKAN_ID_MAX characters (profile ids: 64): a
 * longer name is cut and ends with "-" and 8 hex digits of a hash of the
 * whole name (FNV-1a), so that names differing past the cut keep apart. */
#define CAPS_VULKAN_ID_MAX 64

static void make_id(char *out, size_t size, const char *device_name, enum caps_vulkan_ruleset rules)
{
    const char *suffix = rules == CAPS_VULKAN_RULES_VKD3D ? "-vkd3d" : "";
    char slug[CAPS_VULKAN_ID_MAX * 8], id[CAPS_VULKAN_ID_MAX + 1], hex[16];
    size_t o = 0, keep, n;
    uint32_t hash = 2166136261u;
    const char *p;
    bool dash = true, cut = false;

    for (p = device_name; *p; ++p)
    {
        hash = (hash ^ (unsigned char)*p) * 16777619u;
        if (o + 1 >= sizeof(slug))
            continue;
        if (isalnum((unsigned char)*p))
        {
            slug[o++] = (char)tolower((unsigned char)*p);
            dash = false;
        }
        else if (!dash)
        {
            slug[o++] = '-';
            dash = true;
        }
    }
    while (o && slug[o - 1] == '-')
        --o;
    if (strlen("vulkan-") + o + strlen(suffix) > CAPS_VULKAN_ID_MAX)
    {
        keep = CAPS_VULKAN_ID_MAX - strlen("vulkan-") - strlen("-12345678") - strlen(suffix);
        if (o > keep)
            o = keep;
        while (o && slug[o - 1] == '-')
            --o;
        cut = true;
    }
    /* Assembled piece by piece: every piece is bounded, the whole is at
     * most CAPS_VULKAN_ID_MAX characters. */
    strcpy(id, "vulkan");
    n = strlen(id);
    if (o)
    {
        id[n++] = '-';
        memcpy(id + n, slug, o);
        n += o;
    }
    if (cut)
    {
        snprintf(hex, sizeof(hex), "-%08" PRIx32, hash);
        memcpy(id + n, hex, strlen(hex));
        n += strlen(hex);
    }
    memcpy(id + n, suffix, strlen(suffix) + 1);
    snprintf(out, size, "%s", id);
}

static json_t *report_identity(const struct caps_vulkan_report *report, json_t *adapter, const char **device_name)
{
    json_t *props = json_object_get(report->properties, "VkPhysicalDeviceProperties");
    json_t *v12 = json_object_get(report->properties, "VkPhysicalDeviceVulkan12Properties");
    json_t *driver = json_object_get(report->properties, "VkPhysicalDeviceDriverProperties");
    json_t *info = json_object();
    char hex[32];
    json_int_t api;
    const char *type;

    *device_name = props ? json_string_value(json_object_get(props, "deviceName")) : NULL;
    if (!*device_name)
        *device_name = "unknown Vulkan device";
    json_object_set_new(info, "deviceName", json_string(*device_name));
    if (props)
    {
        api = (json_int_t)json_int(json_object_get(props, "apiVersion"));
        snprintf(hex, sizeof(hex), "%u.%u.%u", (unsigned)((api >> 22) & 0x7f), (unsigned)((api >> 12) & 0x3ff),
                (unsigned)(api & 0xfff));
        json_object_set_new(info, "apiVersion", json_string(hex));
        json_object_set(info, "deviceType", json_object_get(props, "deviceType"));
        snprintf(hex, sizeof(hex), "0x%" PRIX64, json_int(json_object_get(props, "vendorID")));
        json_object_set_new(adapter, "vendorId", json_string(hex));
        json_object_set_new(info, "vendorID", json_string(hex));
        snprintf(hex, sizeof(hex), "0x%" PRIX64, json_int(json_object_get(props, "deviceID")));
        json_object_set_new(adapter, "deviceId", json_string(hex));
        json_object_set_new(info, "deviceID", json_string(hex));
        type = json_string_value(json_object_get(props, "deviceType"));
        json_object_set_new(adapter, "software", json_boolean(type && !strcmp(type, "VK_PHYSICAL_DEVICE_TYPE_CPU")));
    }
    json_object_set_new(adapter, "nodeCount", json_integer(1));
    if (!v12)
        v12 = driver;
    if (v12)
    {
        if (json_object_get(v12, "driverID"))
            json_object_set(info, "driverID", json_object_get(v12, "driverID"));
        if (json_object_get(v12, "driverInfo"))
            json_object_set(info, "driverInfo", json_object_get(v12, "driverInfo"));
    }
    return info;
}

/* The rules' targets this ruleset derives, each once. */
static bool collect_targets(struct derive_ctx *ctx)
{
    size_t i, k;

    if (!(ctx->targets = mk_calloc(caps_vulkan_rule_count, sizeof(*ctx->targets))))
        return false;
    for (i = 0; i < caps_vulkan_rule_count; ++i)
    {
        for (k = 0; k < ctx->target_count; ++k)
            if (!strcmp(ctx->targets[k].name, caps_vulkan_rule_string(caps_vulkan_rules[i].target)))
                break;
        if (k == ctx->target_count && rule_applies(ctx, &caps_vulkan_rules[i]))
            ctx->targets[ctx->target_count++].name = caps_vulkan_rule_string(caps_vulkan_rules[i].target);
    }
    return true;
}

/* What a derivation writes: the profile's sections and its metadata. */
struct derived
{
    json_t *adapter, *features, *metadata, *derived, *rules_used, *defaults;
    json_t *formats, *formats_from, *conditions;
};

/* Target `t` (a FEATURE.Field) evaluated into the profile's features, with
 * the rule that decided it, its trace and whether it is a default. */
static void derive_target(struct derive_ctx *ctx, struct target *t, struct derived *d)
{
    const char *dot = strchr(t->name, '.'), *kind;
    char feature_name[96], where[64], *joined;
    int fi, field;
    bool found;
    json_t *obj, *value;

    if (t->name[0] == '$' || !dot)
        return;
    ctx->rule = NULL;
    eval_target(ctx, t->name, &found);
    if (ctx->failed)
        return;
    ctx->rule = t->decided;
    snprintf(feature_name, sizeof(feature_name), "%.*s", (int)(dot - t->name), t->name);
    if ((fi = mk_feature_find(feature_name)) < 0 || (field = mk_field_find(mk_features[fi].struct_index, dot + 1)) < 0)
    {
        ctx_fail(ctx, "%s is not a field of the generated tables", t->name);
        return;
    }
    if (!(value = field_json(ctx, &mk_fields[field], t->value)))
        return;
    if (!(obj = json_object_get(d->features, feature_name)))
        json_object_set_new(d->features, feature_name, obj = json_object());
    json_object_set_new(obj, dot + 1, value);

    kind = caps_vulkan_rule_string(t->decided->kind);
    snprintf(where, sizeof(where), "%s, data/vulkan-rules.tsv:%u", kind, t->decided->line);
    json_object_set_new(d->rules_used, t->name, json_string(where));
    if (t->trace.count)
    {
        if (!(joined = join_trace(&t->trace)) || json_object_set_new(d->derived, t->name, json_string(joined)))
            ctx->oom = true;
        mk_free(joined);
    }
    if (strcmp(kind, "vulkan-derived") && strcmp(kind, "d3d12-derived"))
        json_object_set_new(d->defaults, t->name, json_string(kind));
}

/* Formats: without a "formats" section the profile has none, and the
 * loader's feature-level rules answer FORMAT_SUPPORT. */
static void derive_formats(struct derive_ctx *ctx, struct derived *d)
{
    if (!ctx->report->formats)
    {
        trace_add(&ctx->absent, "capabilities.device.formats");
        return;
    }
    d->formats = json_object();
    d->formats_from = json_object();
    ctx->format_conditions = d->conditions = json_object();
    if (!caps_vulkan_derive_formats(ctx->report, ctx->ruleset, format_condition, ctx, d->formats, d->formats_from,
            ctx->error, ctx->error_size) && !ctx->failed)
    {
        ctx->failed = true;
        snprintf(ctx->error, ctx->error_size, "%s: the format rules could not be applied", ctx->origin);
    }
    ctx->format_conditions = NULL;
}

/* The profile's text: its sections, and in its metadata how each value was
 * derived and which inputs the report lacked. NULL when out of memory. */
static char *assemble_profile(struct derive_ctx *ctx, struct derived *d, const char *id, const char *description)
{
    json_t *profile = json_object(), *absent = json_array();
    char *text;
    size_t i;

    if (ctx->absent.count)
        qsort(ctx->absent.items, ctx->absent.count, sizeof(char *), compare_strings);
    for (i = 0; i < ctx->absent.count; ++i)
        json_array_append_new(absent, json_string(ctx->absent.items[i]));

    json_object_set_new(profile, "id", json_string(id));
    json_object_set_new(profile, "description", json_string(description));
    json_object_set_new(profile, "adapter", d->adapter);
    json_object_set_new(profile, "features", d->features);
    if (d->formats)
    {
        json_object_set_new(profile, "formats", d->formats);
        json_object_set_new(d->metadata, "formatsDerivedFrom", d->formats_from);
        json_object_set_new(d->metadata, "formatConditions", d->conditions);
    }
    json_object_set_new(d->metadata, "generatedFrom", json_string(ctx->origin));
    json_object_set_new(d->metadata, "rules", json_string(ruleset_name(ctx->ruleset)));
    json_object_set_new(d->metadata, "derivedFrom", d->derived);
    json_object_set_new(d->metadata, "fieldRules", d->rules_used);
    json_object_set_new(d->metadata, "defaults", d->defaults);
    json_object_set_new(d->metadata, "absentInputs", absent);
    json_object_set_new(profile, "metadata", d->metadata);
    memset(d, 0, sizeof(*d)); /* the profile holds them all */
    if (!(text = json_dumps(profile, JSON_INDENT(2) | JSON_PRESERVE_ORDER)))
        snprintf(ctx->error, ctx->error_size, "%s: %s", ctx->origin, CAPS_OUT_OF_MEMORY);
    json_decref(profile);
    return text;
}

static char *derive(const struct caps_vulkan_report *report, const char *origin, enum caps_vulkan_ruleset ruleset,
        const char *id, char *error, size_t error_size)
{
    struct derive_ctx ctx = {0};
    struct derived d = {0};
    char auto_id[160], description[512], *text = NULL;
    const char *device_name;
    size_t i;

    ctx.report = report;
    ctx.ruleset = ruleset;
    ctx.origin = origin;
    ctx.error = error;
    ctx.error_size = error_size;
    if (!collect_targets(&ctx))
    {
        snprintf(error, error_size, "%s: out of memory", origin);
        return NULL;
    }
    d.adapter = json_object();
    d.features = json_object();
    d.metadata = json_object();
    d.derived = json_object();
    d.rules_used = json_object();
    d.defaults = json_object();

    json_object_set_new(d.metadata, "vulkanReport", report_identity(report, d.adapter, &device_name));
    if (!id)
    {
        make_id(auto_id, sizeof(auto_id), device_name, ruleset);
        id = auto_id;
    }
    snprintf(description, sizeof(description), "%s (derived from a Vulkan report by the %s rules)", device_name,
            ruleset_name(ruleset));
    for (i = 0; i < ctx.target_count && !ctx.failed; ++i)
        derive_target(&ctx, &ctx.targets[i], &d);
    if (!ctx.failed)
        derive_formats(&ctx, &d);

    /* A trace or a metadata entry lost to an allocation failure would give
     * a profile that says less than it should: fail the whole import. */
    for (i = 0; i < ctx.target_count && !ctx.oom; ++i)
        ctx.oom = ctx.targets[i].trace.oom;
    if (!ctx.failed && (ctx.oom || ctx.absent.oom))
    {
        ctx.failed = true;
        snprintf(error, error_size, "%s: %s", origin, CAPS_OUT_OF_MEMORY);
    }
    if (!ctx.failed)
        text = assemble_profile(&ctx, &d, id, description);
    json_decref(d.adapter);
    json_decref(d.features);
    json_decref(d.metadata);
    json_decref(d.derived);
    json_decref(d.rules_used);
    json_decref(d.defaults);
    json_decref(d.formats);
    json_decref(d.formats_from);
    json_decref(d.conditions);
    for (i = 0; i < ctx.target_count; ++i)
        trace_free(&ctx.targets[i].trace);
    trace_free(&ctx.absent);
    mk_free(ctx.targets);
    return text;
}

char *caps_vulkan_import(const char *report_json, size_t length, const char *origin, const char *rules,
        const char *id, char *error, size_t error_size)
{
    struct caps_vulkan_report report;
    enum caps_vulkan_ruleset ruleset;
    char local[16];
    char *text;

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    if (!origin)
        origin = "<vulkan report>";
    if (!rules || !strcmp(rules, "vkd3d-proton"))
        ruleset = CAPS_VULKAN_RULES_VKD3D_PROTON;
    else if (!strcmp(rules, "vkd3d"))
        ruleset = CAPS_VULKAN_RULES_VKD3D;
    else
    {
        snprintf(error, error_size, "unknown rule set '%s' (expected vkd3d-proton or vkd3d)", rules);
        return NULL;
    }
    if (id && !caps_profile_id_valid(id))
    {
        snprintf(error, error_size, "%s: profile id: expected %s, got \"%s\"", origin, CAPS_PROFILE_ID_RULE, id);
        return NULL;
    }
    if (!caps_vulkan_report_load(&report, report_json, length, origin, error, error_size))
        return NULL;
    text = derive(&report, origin, ruleset, id, error, error_size);
    caps_vulkan_report_free(&report);
    return text;
}

unsigned caps_vulkan_builtin_count(void)
{
    return (unsigned)caps_vulkan_embedded_report_count;
}

char *caps_vulkan_builtin_profile(unsigned index, const char **origin, char *error, size_t error_size)
{
    const struct caps_vulkan_embedded *e;
    char id[64];

    if (index >= caps_vulkan_embedded_report_count)
    {
        snprintf(error, error_size, "no built-in Vulkan report %u", index);
        return NULL;
    }
    e = &caps_vulkan_embedded_reports[index];
    if (origin)
        *origin = e->origin;
    snprintf(id, sizeof(id), "vulkan-%s", e->name);
    return caps_vulkan_import(e->text, e->length, e->origin, NULL, id, error, error_size);
}
