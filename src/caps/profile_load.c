/*
 * Profile JSON -> struct caps_adapter (docs/profiles.md).
 *
 * jansson parses (and rejects duplicate keys); this file checks every key
 * against the generated tables and builds the adapter privately, so a bad
 * profile is never half-applied. jansson keeps no positions for values, so an
 * error's line:column comes from caps_json_locate() (json_locate.c), which
 * walks the (already valid) text along the key path of the offending value.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/json_locate.h"
#include "platform.h"

/* What a JSON value is, for "got ..." in messages. */
static const char *describe(const json_t *v, char *buf, size_t size)
{
    switch (json_typeof(v))
    {
        case JSON_OBJECT: return "an object";
        case JSON_ARRAY: return "an array";
        case JSON_STRING:
            snprintf(buf, size, "\"%.120s\"%s", json_string_value(v), strlen(json_string_value(v)) > 120 ? "..." : "");
            return buf;
        case JSON_INTEGER:
            snprintf(buf, size, "%lld", (long long)json_integer_value(v));
            return buf;
        case JSON_REAL:
            snprintf(buf, size, "%g", json_real_value(v));
            return buf;
        case JSON_TRUE: return "true";
        case JSON_FALSE: return "false";
        case JSON_NULL: return "null";
    }
    return "?";
}

/* ---- Name lookups ---- */

static bool enum_member_value(int enum_index, const char *name, uint32_t *value)
{
    int v = enum_index >= 0 ? mk_enum_value_find((unsigned)enum_index, name) : -1;

    if (v < 0)
        return false;
    *value = mk_enum_values[v].value;
    return true;
}

static const char *enum_member_name(int enum_index, uint32_t value)
{
    return enum_index >= 0 ? mk_enum_value_name((unsigned)enum_index, value) : NULL;
}

bool caps_find_enum_value(const struct caps_adapter *a, unsigned field_index, const char *name, uint32_t *value)
{
    unsigned i;

    if (enum_member_value(mk_fields[field_index].enum_index, name, value))
        return true;
    for (i = 0; a && i < a->new_value_count; ++i)
    {
        if (a->new_values[i].field_index == field_index && !strcmp(a->new_values[i].name, name))
        {
            *value = a->new_values[i].value.value;
            return true;
        }
    }
    return false;
}

const char *caps_value_name(const struct caps_adapter *a, unsigned field_index, uint32_t value)
{
    const struct mk_field *f;
    const char *name;
    unsigned i;

    if (field_index >= mk_field_count)
        return NULL;
    f = &mk_fields[field_index];
    if (f->kind != MK_FIELD_ENUM)
        return NULL;
    if ((name = enum_member_name(f->enum_index, value)))
        return name;
    for (i = 0; a && i < a->new_value_count; ++i)
        if (a->new_values[i].field_index == field_index && a->new_values[i].value.value == value)
            return a->new_values[i].name;
    return NULL;
}

/* ---- Which fields a profile holds ---- */

static bool is_wchar_array(const struct mk_field *f)
{
    return !strncmp(mk_field_type(f), "WCHAR[", 6);
}

static bool is_version_number(const struct mk_field *f)
{
    return !strcmp(mk_field_type(f), "D3D12_VERSION_NUMBER") && f->size == 8;
}

static bool struct_is_format_query(unsigned struct_index)
{
    size_t i;

    for (i = 0; i < mk_feature_count; ++i)
        if (mk_features[i].struct_index == struct_index && mk_features[i].never_clamped)
            return true;
    return false;
}

bool caps_profile_field(unsigned field_index)
{
    const struct mk_field *f;

    if (field_index >= mk_field_count)
        return false;
    f = &mk_fields[field_index];
    if (f->dir == MK_DIR_IN || strchr(mk_field_type(f), '*'))
        return false;
    if (struct_is_format_query(f->struct_index))
        return false;
    if (f->kind == MK_FIELD_OPAQUE)
        return is_wchar_array(f) || is_version_number(f);
    return mk_field_is_scalar(f);
}

/* ---- Values ---- */

static size_t wcs_units(const WCHAR *w)
{
    size_t n = 0;

    while (w[n])
        ++n;
    return n;
}

static bool parse_uint_text(const char *s, uint64_t *out)
{
    char *end;

    if (!*s || *s == '-' || isspace((unsigned char)*s))
        return false;
    errno = 0;
    *out = strtoull(s, &end, 0);
    return !errno && !*end;
}

/* An unsigned integer of `bits` bits: a JSON integer, or with `strings` (ids,
 * 64-bit values: JSON integers stop at 2^63) also a decimal or 0x string. */
static bool parse_uint_ex(struct caps_json_reader *ctx, const json_t *v, unsigned bits, bool strings, uint64_t *out)
{
    uint64_t max = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    char buf[160];

    /* caps_json_fail always answers false; saying so here lets the compiler
     * see that *out is set whenever the answer is true (-O3's
     * -Wmaybe-uninitialized in the callers). */
    if (json_is_integer(v) && json_integer_value(v) >= 0)
        *out = (uint64_t)json_integer_value(v);
    else if (strings && json_is_string(v) && parse_uint_text(json_string_value(v), out))
        ;
    else
    {
        caps_json_fail(ctx, "expected an unsigned %u-bit integer, got %s", bits, describe(v, buf, sizeof(buf)));
        return false;
    }
    if (*out > max)
    {
        caps_json_fail(ctx, "expected an unsigned %u-bit integer, got %s (too large)", bits, describe(v, buf, sizeof(buf)));
        return false;
    }
    return true;
}

static bool parse_uint(struct caps_json_reader *ctx, const json_t *v, unsigned bits, uint64_t *out)
{
    return parse_uint_ex(ctx, v, bits, bits == 64, out);
}

static bool parse_bool(struct caps_json_reader *ctx, const json_t *v, bool *out)
{
    char buf[160];

    if (!json_is_boolean(v))
        return caps_json_fail(ctx, "expected true or false, got %s", describe(v, buf, sizeof(buf)));
    *out = json_is_true(v);
    return true;
}

static bool parse_string(struct caps_json_reader *ctx, const json_t *v, const char **out)
{
    char buf[160];

    if (!json_is_string(v))
        return caps_json_fail(ctx, "expected a string, got %s", describe(v, buf, sizeof(buf)));
    *out = json_string_value(v);
    return true;
}

/* A value of enum `enum_index` (with `a`'s newValues of `field_index`, if
 * any): a member name, an integer, or for flags "A | B | 0x10". */
static bool parse_enum(struct caps_json_reader *ctx, const struct caps_adapter *a, int enum_index, int field_index,
        const json_t *v, uint32_t *out)
{
    const char *enum_name = enum_index >= 0 ? mk_enum_name(&mk_enums[enum_index])
            : mk_field_type(&mk_fields[field_index]);
    bool flags = enum_index >= 0 && mk_enums[enum_index].category == MK_ENUM_FLAGS;
    char buf[160];

    if (json_is_integer(v))
    {
        json_int_t i = json_integer_value(v);
        if (i < INT32_MIN || i > (json_int_t)UINT32_MAX)
            return caps_json_fail(ctx, "expected a %s %s or integer, got %s (out of range)", enum_name,
                    flags ? "flag combination" : "name", describe(v, buf, sizeof(buf)));
        /* A negative number is a member's value (D3D12_TRI_STATE_UNKNOWN is
         * -1), never an unsigned value written as a negative one. */
        if (i < 0 && !(field_index >= 0 ? caps_value_name(a, (unsigned)field_index, (uint32_t)i)
                : mk_enum_value_name((unsigned)enum_index, (uint32_t)i)))
            return caps_json_fail(ctx, "expected a %s %s or integer, got %s (no %s member is negative)", enum_name,
                    flags ? "flag combination" : "name", describe(v, buf, sizeof(buf)), enum_name);
        *out = (uint32_t)i;
        return true;
    }
    if (json_is_string(v))
    {
        const char *s = json_string_value(v);
        uint32_t value = 0;

        for (;;)
        {
            char token[128];
            size_t len;
            uint32_t part;
            uint64_t number;

            while (*s == ' ')
                ++s;
            len = strcspn(s, "|");
            while (len && s[len - 1] == ' ')
                --len;
            if (!len || len >= sizeof(token))
                break;
            memcpy(token, s, len);
            token[len] = 0;
            if (field_index >= 0 ? caps_find_enum_value(a, (unsigned)field_index, token, &part)
                    : enum_member_value(enum_index, token, &part))
                value |= part;
            else if (parse_uint_text(token, &number) && number <= UINT32_MAX)
                value |= (uint32_t)number;
            else
                return caps_json_fail(ctx, "expected a %s %s or integer, got %s (unknown name '%s')", enum_name,
                        flags ? "flag combination" : "name", describe(v, buf, sizeof(buf)), token);
            s += strcspn(s, "|");
            if (!*s)
            {
                *out = value;
                return true;
            }
            if (!flags)
                break;
            ++s;
        }
    }
    return caps_json_fail(ctx, "expected a %s %s or integer, got %s", enum_name, flags ? "flag combination" : "name",
            describe(v, buf, sizeof(buf)));
}

/* UTF-8 (valid: jansson guarantees it) -> WCHAR units (UTF-16 where WCHAR
 * has 2 bytes, UTF-32 where it is a 4-byte wchar_t as in DirectX-Headers on
 * Linux), NUL-terminated in `units` of `capacity`. Returns the units before
 * the NUL, or (size_t)-1 when they do not fit. */
static size_t utf8_to_wchar_units(const char *text, WCHAR *units, size_t capacity)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t o = 0;

    while (*s)
    {
        uint32_t cp;
        if (*s < 0x80)
            cp = *s++;
        else if ((*s & 0xE0) == 0xC0)
            cp = (uint32_t)(*s & 0x1F) << 6 | (s[1] & 0x3F), s += 2;
        else if ((*s & 0xF0) == 0xE0)
            cp = (uint32_t)(*s & 0x0F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 | (s[2] & 0x3F), s += 3;
        else
            cp = (uint32_t)(*s & 0x07) << 18 | (uint32_t)(s[1] & 0x3F) << 12 | (uint32_t)(s[2] & 0x3F) << 6
                    | (s[3] & 0x3F), s += 4;
        if (o + (cp >= 0x10000 && sizeof(WCHAR) == 2 ? 2 : 1) + 1 > capacity)
            return (size_t)-1;
        if (cp >= 0x10000 && sizeof(WCHAR) == 2)
        {
            cp -= 0x10000;
            units[o++] = (WCHAR)(0xD800 | (cp >> 10));
            units[o++] = (WCHAR)(0xDC00 | (cp & 0x3FF));
        }
        else
            units[o++] = (WCHAR)cp;
    }
    units[o] = 0;
    return o;
}

/* A WCHAR[N] field: the string must fit with its NUL. */
static bool parse_wchar(struct caps_json_reader *ctx, const json_t *v, const struct mk_field *f, unsigned char *dst)
{
    size_t capacity = f->size / sizeof(WCHAR);
    WCHAR units[512];
    char buf[160];

    if (!json_is_string(v))
        return caps_json_fail(ctx, "expected a string, got %s", describe(v, buf, sizeof(buf)));
    if (capacity > sizeof(units) / sizeof(units[0])
            || utf8_to_wchar_units(json_string_value(v), units, capacity) == (size_t)-1)
        return caps_json_fail(ctx, "string too long for %s (at most %zu characters)", mk_field_type(f), capacity - 1);
    memset(dst + f->offset, 0, f->size);
    memcpy(dst + f->offset, units, (wcs_units(units) + 1) * sizeof(WCHAR));
    return true;
}

/* One profile field's JSON value into the struct blob `dst`. */
static bool parse_field(struct caps_json_reader *ctx, const struct caps_adapter *a, unsigned field_index, const json_t *v,
        unsigned char *dst)
{
    const struct mk_field *f = &mk_fields[field_index];
    uint64_t n;
    uint32_t e;
    bool b = false;

    if (is_wchar_array(f))
        return parse_wchar(ctx, v, f, dst);
    if (is_version_number(f))
    {
        if (!parse_uint(ctx, v, 64, &n))
            return false;
        memcpy(dst + f->offset, &n, 8);
        return true;
    }
    switch (f->kind)
    {
        case MK_FIELD_BOOL:
            if (!parse_bool(ctx, v, &b))
                return false;
            mk_field_set(dst, f, b);
            return true;
        case MK_FIELD_ENUM:
            if (!parse_enum(ctx, a, f->enum_index, (int)field_index, v, &e))
                return false;
            mk_field_set(dst, f, e);
            return true;
        default:
            if (!parse_uint(ctx, v, f->size * 8u, &n))
                return false;
            mk_field_set(dst, f, n);
            return true;
    }
}

/* "FEATURE.Field" -> a profile field index. */
static bool parse_field_path(struct caps_json_reader *ctx, const char *path, unsigned *field_index)
{
    char feature[128];
    const char *dot = strchr(path, '.');
    int fi, fld;

    if (!dot || (size_t)(dot - path) >= sizeof(feature))
        return caps_json_fail(ctx, "expected \"FEATURE.Field\" (e.g. \"D3D12_OPTIONS5.RaytracingTier\"), got \"%s\"", path);
    memcpy(feature, path, (size_t)(dot - path));
    feature[dot - path] = 0;
    if ((fi = mk_feature_find(feature)) < 0)
        return caps_json_fail(ctx, "unknown feature '%s' (D3D12_FEATURE_ names without the prefix)", feature);
    if ((fld = mk_field_find(mk_features[fi].struct_index, dot + 1)) < 0)
        return caps_json_fail(ctx, "%s has no field '%s'", mk_struct_name(&mk_structs[mk_features[fi].struct_index]),
                dot + 1);
    if (!caps_profile_field((unsigned)fld))
        return caps_json_fail(ctx, "%s.%s is not a profile value (an input field or answered per query)", feature, dot + 1);
    *field_index = (unsigned)fld;
    return true;
}

/* ---- Sections ---- */

static bool check_keys(struct caps_json_reader *ctx, const json_t *obj, const caps_name *allowed, const char *what)
{
    const char *key;
    json_t *v;

    json_object_foreach((json_t *)obj, key, v)
    {
        const caps_name *k;
        for (k = allowed; (*k)[0]; ++k)
            if (!strcmp(*k, key))
                break;
        if (!(*k)[0])
        {
            caps_json_push_key(ctx, key);
            return caps_json_fail(ctx, "unknown key in %s", what);
        }
    }
    return true;
}

static bool expect_object(struct caps_json_reader *ctx, const json_t *v)
{
    char buf[160];

    if (!json_is_object(v))
        return caps_json_fail(ctx, "expected an object, got %s", describe(v, buf, sizeof(buf)));
    return true;
}

bool caps_profile_id_valid(const char *id)
{
    size_t n = strlen(id), i;

    if (!n || n > 64)
        return false;
    for (i = 0; i < n; ++i)
        if (!isalnum((unsigned char)id[i]) && !strchr("._-", id[i]))
            return false;
    return true;
}

static bool valid_identifier(const char *s)
{
    if (!*s || isdigit((unsigned char)*s))
        return false;
    for (; *s; ++s)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

static int compare_new_values(const void *x, const void *y)
{
    const struct mk_declared_value *a = x, *b = y;

    if (a->field_index != b->field_index)
        return a->field_index < b->field_index ? -1 : 1;
    return a->value.value < b->value.value ? -1 : a->value.value > b->value.value;
}

static bool add_new_value(struct caps_json_reader *ctx, struct caps_adapter *a, unsigned field_index, const char *name,
        uint32_t value, uint16_t first_retail, uint16_t first_preview)
{
    const struct mk_field *f = &mk_fields[field_index];
    struct mk_declared_value *nv;
    const char *existing;
    uint32_t old;
    unsigned i;

    if (enum_member_value(f->enum_index, name, &old))
        return caps_json_fail(ctx, "%s already has a member named %s (value %u)", mk_field_type(f), name, old);
    if ((existing = enum_member_name(f->enum_index, value)))
        return caps_json_fail(ctx, "value %u of %s is already named %s", value, mk_field_type(f), existing);
    for (i = 0; i < a->new_value_count; ++i)
    {
        nv = &a->new_values[i];
        if (nv->field_index != field_index)
            continue;
        if (!strcmp(nv->name, name) && nv->value.value == value && nv->value.first_retail == first_retail
                && nv->value.first_preview == first_preview)
            return true; /* the same declaration, e.g. inherited and repeated */
        if (!strcmp(nv->name, name) || nv->value.value == value)
            return caps_json_fail(ctx, "newValues declares %s.%s twice (%s = %u and %s = %u)",
                    mk_struct_name(&mk_structs[f->struct_index]), mk_field_name(f), nv->name, nv->value.value,
                    name, value);
    }
    nv = mk_realloc(a->new_values, (a->new_value_count + 1) * sizeof(*nv));
    if (!nv)
        return caps_json_fail(ctx, "out of memory");
    a->new_values = nv;
    nv = &a->new_values[a->new_value_count];
    memset(nv, 0, sizeof(*nv));
    if (!(nv->name = caps_strdup(name)))
        return caps_json_fail(ctx, "out of memory");
    nv->field_index = field_index;
    nv->value.value = value;
    nv->value.first_retail = first_retail;
    nv->value.first_preview = first_preview;
    ++a->new_value_count;
    return true;
}

static bool parse_version(struct caps_json_reader *ctx, const json_t *obj, const char *key, uint16_t *out)
{
    json_t *v = json_object_get(obj, key);
    uint64_t n;

    *out = MK_NEVER;
    if (!v)
        return true;
    caps_json_push_key(ctx, key);
    if (!parse_uint(ctx, v, 16, &n))
        return false;
    if (!n || n >= MK_NEVER)
        return caps_json_fail(ctx, "expected an SDK version between 1 and %u, got %" PRIu64, MK_NEVER - 1, n);
    caps_json_pop(ctx);
    *out = (uint16_t)n;
    return true;
}

static bool parse_new_values(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *list)
{
    static const caps_name keys[] = {"field", "name", "value", "firstRetail", "firstPreview", ""};
    char buf[160];
    size_t i;
    json_t *item;

    if (!json_is_array(list))
        return caps_json_fail(ctx, "expected an array of {\"field\", \"name\", \"value\", \"firstRetail\", \"firstPreview\"}, got %s",
                describe(list, buf, sizeof(buf)));
    json_array_foreach((json_t *)list, i, item)
    {
        const char *field_path = NULL, *name = NULL;
        uint16_t first_retail, first_preview;
        unsigned field_index;
        json_t *v;
        uint64_t value;

        caps_json_push_index(ctx, i);
        if (!expect_object(ctx, item) || !check_keys(ctx, item, keys, "a newValues entry"))
            return false;
        if (!(v = json_object_get(item, "field")))
            return caps_json_fail(ctx, "missing \"field\"");
        caps_json_push_key(ctx, "field");
        if (!parse_string(ctx, v, &field_path) || !parse_field_path(ctx, field_path, &field_index))
            return false;
        if (mk_fields[field_index].kind != MK_FIELD_ENUM)
            return caps_json_fail(ctx, "newValues name enum values; %s is %s", field_path,
                    mk_field_type(&mk_fields[field_index]));
        caps_json_pop(ctx);
        if (!(v = json_object_get(item, "name")))
            return caps_json_fail(ctx, "missing \"name\"");
        caps_json_push_key(ctx, "name");
        if (!parse_string(ctx, v, &name))
            return false;
        if (!valid_identifier(name))
            return caps_json_fail(ctx, "expected a C identifier, got \"%s\"", name);
        caps_json_pop(ctx);
        if (!(v = json_object_get(item, "value")))
            return caps_json_fail(ctx, "missing \"value\"");
        caps_json_push_key(ctx, "value");
        if (!parse_uint(ctx, v, 32, &value))
            return false;
        caps_json_pop(ctx);
        if (!parse_version(ctx, item, "firstRetail", &first_retail)
                || !parse_version(ctx, item, "firstPreview", &first_preview))
            return false;
        if (first_retail != MK_NEVER && first_retail >= 700)
        {
            caps_json_push_key(ctx, "firstRetail");
            return caps_json_fail(ctx, "retail SDK versions are below 700, got %u", first_retail);
        }
        if (first_preview != MK_NEVER && first_preview < 700)
        {
            caps_json_push_key(ctx, "firstPreview");
            return caps_json_fail(ctx, "preview SDK versions are 700 or above, got %u", first_preview);
        }
        if (!add_new_value(ctx, a, field_index, name, (uint32_t)value, first_retail, first_preview))
            return false;
        caps_json_pop(ctx);
    }
    return true;
}

/* ---- The "adapter" keys beyond the identity: what DXGI and the device report ---- */

/* The keys, in the order the dump writes them. */
#define CAPS_EXTRA_KEYS "dxgiFlags", "graphicsPreemptionGranularity", "computePreemptionGranularity", "umdVersion", \
        "videoMemory", "allowTearing", "descriptorSizes", "queuePriorities", "timestampFrequency", "apiExtensions"

const caps_name caps_heap_type_keys[] = {"CBV_SRV_UAV", "SAMPLER", "RTV", "DSV", ""};
const caps_name caps_queue_type_keys[CAPS_QUEUE_TYPE_SLOTS + 1] = {"DIRECT", "BUNDLE", "COMPUTE", "COPY",
        "VIDEO_DECODE", "VIDEO_PROCESS", "VIDEO_ENCODE", ""};
const caps_name caps_priority_names[] = {"NORMAL", "HIGH", "GLOBAL_REALTIME", ""};

static bool parse_segment(struct caps_json_reader *ctx, const json_t *obj, UINT64 *budget, UINT64 *available)
{
    static const caps_name keys[] = {"budget", "availableForReservation", ""};
    json_t *v;
    uint64_t n;

    if (!expect_object(ctx, obj) || !check_keys(ctx, obj, keys, "a video memory segment group"))
        return false;
    if (!(v = json_object_get(obj, "budget")))
        return caps_json_fail(ctx, "missing \"budget\"");
    caps_json_push_key(ctx, "budget");
    if (!parse_uint(ctx, v, 64, &n))
        return false;
    *budget = n;
    caps_json_pop(ctx);
    *available = n / 2;
    if ((v = json_object_get(obj, "availableForReservation")))
    {
        caps_json_push_key(ctx, "availableForReservation");
        if (!parse_uint(ctx, v, 64, &n))
            return false;
        if (n > *budget)
            return caps_json_fail(ctx, "%" PRIu64 " is more than the budget, %" PRIu64, n, (uint64_t)*budget);
        *available = n;
        caps_json_pop(ctx);
    }
    return true;
}

/* The "adapter" keys of struct caps_adapter_extra, one parser each (called
 * with the key pushed). */
static bool parse_dxgi_flags(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    uint64_t n;

    if (!parse_uint_ex(ctx, v, 32, true, &n))
        return false;
    x->dxgi_flags = (UINT)n;
    return true;
}

static bool parse_preemption(struct caps_json_reader *ctx, UINT *out, const char *kind, const json_t *v)
{
    uint64_t n;

    if (!parse_uint(ctx, v, 32, &n))
        return false;
    if (n > 4)
        return caps_json_fail(ctx, "expected a DXGI_%s_PREEMPTION_GRANULARITY from 0 to 4, got %" PRIu64, kind, n);
    *out = (UINT)n;
    return true;
}

static bool parse_graphics_preemption(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    return parse_preemption(ctx, &x->graphics_preemption, "GRAPHICS", v);
}

static bool parse_compute_preemption(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    return parse_preemption(ctx, &x->compute_preemption, "COMPUTE", v);
}

static bool parse_timestamp_frequency(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    uint64_t n;

    if (!parse_uint_ex(ctx, v, 64, true, &n))
        return false;
    if (!n)
        return caps_json_fail(ctx, "a GPU timestamp frequency is never 0 (ticks per second)");
    x->timestamp_frequency = n;
    return true;
}

static bool parse_umd_version(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    if (!parse_uint_ex(ctx, v, 64, true, &x->umd_version))
        return false;
    x->has_umd_version = true;
    return true;
}

static bool parse_video_memory(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    static const caps_name keys[] = {"local", "nonLocal", ""};
    json_t *item;
    size_t i;

    if (!expect_object(ctx, v) || !check_keys(ctx, v, keys, "\"videoMemory\""))
        return false;
    for (i = 0; i < 2; ++i)
    {
        if (!(item = json_object_get(v, keys[i])))
            return caps_json_fail(ctx, "missing \"%s\"", keys[i]);
        caps_json_push_key(ctx, keys[i]);
        if (!parse_segment(ctx, item, &x->budget[i], &x->available_for_reservation[i]))
            return false;
        caps_json_pop(ctx);
    }
    x->has_video_memory = true;
    return true;
}

static bool parse_allow_tearing(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    return parse_bool(ctx, v, &x->allow_tearing);
}

static bool parse_api_extensions(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    return parse_bool(ctx, v, &x->api_extensions);
}

static bool parse_descriptor_sizes(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    json_t *item;
    uint64_t n;
    size_t i;

    if (!expect_object(ctx, v) || !check_keys(ctx, v, caps_heap_type_keys, "\"descriptorSizes\""))
        return false;
    for (i = 0; caps_heap_type_keys[i][0]; ++i)
    {
        if (!(item = json_object_get(v, caps_heap_type_keys[i])))
            continue;
        caps_json_push_key(ctx, caps_heap_type_keys[i]);
        if (!parse_uint(ctx, item, 32, &n))
            return false;
        if (!n)
            return caps_json_fail(ctx, "a descriptor handle increment is never 0");
        x->descriptor_sizes[i] = (UINT)n;
        caps_json_pop(ctx);
    }
    return true;
}

/* One queue type's priorities: an array of names. */
static bool parse_priority_list(struct caps_json_reader *ctx, const json_t *item, uint8_t *out)
{
    const char *name = NULL;
    unsigned p;
    size_t k;

    if (!json_is_array(item))
        return caps_json_fail(ctx, "expected an array of priorities (\"NORMAL\", \"HIGH\", \"GLOBAL_REALTIME\")");
    *out = 0;
    for (k = 0; k < json_array_size(item); ++k)
    {
        caps_json_push_index(ctx, k);
        if (!parse_string(ctx, json_array_get(item, k), &name))
            return false;
        for (p = 0; caps_priority_names[p][0] && strcmp(caps_priority_names[p], name); ++p)
            ;
        if (!caps_priority_names[p][0])
            return caps_json_fail(ctx, "unknown priority \"%s\" (expected NORMAL, HIGH or GLOBAL_REALTIME)", name);
        *out |= (uint8_t)(1u << p);
        caps_json_pop(ctx);
    }
    return true;
}

static bool parse_queue_priorities(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v)
{
    json_t *item;
    size_t i;

    if (!expect_object(ctx, v) || !check_keys(ctx, v, caps_queue_type_keys, "\"queuePriorities\""))
        return false;
    for (i = 0; i < CAPS_QUEUE_TYPE_SLOTS; ++i)
    {
        if (!(item = json_object_get(v, caps_queue_type_keys[i])))
            continue;
        caps_json_push_key(ctx, caps_queue_type_keys[i]);
        if (i == D3D12_COMMAND_LIST_TYPE_BUNDLE)
            return caps_json_fail(ctx, "a bundle is no command queue type");
        if (!parse_priority_list(ctx, item, &x->queue_priorities[i]))
            return false;
        caps_json_pop(ctx);
    }
    return true;
}

static bool parse_extra(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *obj)
{
    static const struct
    {
        const char *key;
        bool (*parse)(struct caps_json_reader *ctx, struct caps_adapter_extra *x, const json_t *v);
    }
    parsers[] =
    {
        {"dxgiFlags", parse_dxgi_flags}, {"graphicsPreemptionGranularity", parse_graphics_preemption},
        {"computePreemptionGranularity", parse_compute_preemption}, {"timestampFrequency", parse_timestamp_frequency},
        {"umdVersion", parse_umd_version}, {"videoMemory", parse_video_memory}, {"allowTearing", parse_allow_tearing},
        {"descriptorSizes", parse_descriptor_sizes}, {"queuePriorities", parse_queue_priorities},
        {"apiExtensions", parse_api_extensions},
    };
    json_t *v;
    size_t i;

    for (i = 0; i < sizeof(parsers) / sizeof(parsers[0]); ++i)
    {
        if (!(v = json_object_get(obj, parsers[i].key)))
            continue;
        caps_json_push_key(ctx, parsers[i].key);
        if (!parsers[i].parse(ctx, &a->extra, v))
            return false;
        caps_json_pop(ctx);
    }
    return true;
}

static bool parse_identity(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *obj, unsigned *given_uma)
{
    static const caps_name keys[] = {"vendorId", "deviceId", "subSysId", "revision", "luid", "dedicatedVideoMemory",
            "dedicatedSystemMemory", "sharedSystemMemory", "nodeCount", "uma", "cacheCoherentUma", "software",
            CAPS_EXTRA_KEYS, ""};
    struct { const char *key; UINT *out; } u32[] = {
        {"vendorId", &a->vendor_id}, {"deviceId", &a->device_id}, {"subSysId", &a->subsys_id},
        {"revision", &a->revision}, {"nodeCount", &a->node_count},
    };
    struct { const char *key; UINT64 *out; } u64[] = {
        {"dedicatedVideoMemory", &a->dedicated_video_memory},
        {"dedicatedSystemMemory", &a->dedicated_system_memory},
        {"sharedSystemMemory", &a->shared_system_memory},
    };
    json_t *v;
    uint64_t n;
    size_t i;
    bool b = false;

    if (!expect_object(ctx, obj) || !check_keys(ctx, obj, keys, "\"adapter\""))
        return false;
    for (i = 0; i < sizeof(u32) / sizeof(u32[0]); ++i)
    {
        if (!(v = json_object_get(obj, u32[i].key)))
            continue;
        caps_json_push_key(ctx, u32[i].key);
        if (!parse_uint_ex(ctx, v, 32, true, &n))
            return false;
        if (u32[i].out == &a->node_count && (n < 1 || n > 32))
            return caps_json_fail(ctx, "expected a node count from 1 to 32, got %" PRIu64, n);
        *u32[i].out = (UINT)n;
        caps_json_pop(ctx);
    }
    for (i = 0; i < sizeof(u64) / sizeof(u64[0]); ++i)
    {
        if (!(v = json_object_get(obj, u64[i].key)))
            continue;
        caps_json_push_key(ctx, u64[i].key);
        if (!parse_uint(ctx, v, 64, &n))
            return false;
        *u64[i].out = n;
        caps_json_pop(ctx);
    }
    if ((v = json_object_get(obj, "software")))
    {
        caps_json_push_key(ctx, "software");
        if (!parse_bool(ctx, v, &a->software))
            return false;
        caps_json_pop(ctx);
    }
    if ((v = json_object_get(obj, "uma")))
    {
        caps_json_push_key(ctx, "uma");
        if (!parse_bool(ctx, v, &b))
            return false;
        caps_json_pop(ctx);
        a->uma = b;
        *given_uma |= 1;
    }
    if ((v = json_object_get(obj, "cacheCoherentUma")))
    {
        caps_json_push_key(ctx, "cacheCoherentUma");
        if (!parse_bool(ctx, v, &b))
            return false;
        caps_json_pop(ctx);
        a->cache_coherent_uma = b;
        *given_uma |= 2;
    }
    if ((v = json_object_get(obj, "luid")))
    {
        static const caps_name luid_keys[] = {"LowPart", "HighPart", ""};
        json_t *low, *high;
        char buf[160];

        caps_json_push_key(ctx, "luid");
        if (!expect_object(ctx, v) || !check_keys(ctx, v, luid_keys, "\"luid\""))
            return false;
        low = json_object_get(v, "LowPart");
        high = json_object_get(v, "HighPart");
        if (!low || !high)
            return caps_json_fail(ctx, "expected {\"LowPart\": unsigned, \"HighPart\": signed}");
        caps_json_push_key(ctx, "LowPart");
        if (!parse_uint(ctx, low, 32, &n))
            return false;
        a->luid.LowPart = (DWORD)n;
        caps_json_pop(ctx);
        caps_json_push_key(ctx, "HighPart");
        if (!json_is_integer(high) || json_integer_value(high) < INT32_MIN || json_integer_value(high) > INT32_MAX)
            return caps_json_fail(ctx, "expected a signed 32-bit integer, got %s", describe(high, buf, sizeof(buf)));
        a->luid.HighPart = (LONG)json_integer_value(high);
        caps_json_pop(ctx);
        a->luid_explicit = true;
        caps_json_pop(ctx);
    }
    return parse_extra(ctx, a, obj);
}

static bool parse_features(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *obj)
{
    const char *feature_name, *field_name;
    json_t *fields, *v;

    if (!expect_object(ctx, obj))
        return false;
    json_object_foreach((json_t *)obj, feature_name, fields)
    {
        int fi;
        unsigned si;

        caps_json_push_key(ctx, feature_name);
        if ((fi = mk_feature_find(feature_name)) < 0)
            return caps_json_fail(ctx, "unknown feature '%s' (expected a D3D12_FEATURE_ name without the prefix, "
                    "e.g. D3D12_OPTIONS5)", feature_name);
        si = mk_features[fi].struct_index;
        if (struct_is_format_query(si))
            return caps_json_fail(ctx, "%s is answered per format: describe the adapter's formats under \"formats\"",
                    feature_name);
        if (!expect_object(ctx, fields))
            return false;
        json_object_foreach(fields, field_name, v)
        {
            int fld;

            caps_json_push_key(ctx, field_name);
            if ((fld = mk_field_find(si, field_name)) < 0)
                return caps_json_fail(ctx, "%s has no field '%s'", mk_struct_name(&mk_structs[si]), field_name);
            if (!caps_profile_field((unsigned)fld))
                return caps_json_fail(ctx, "%s.%s is an input of the query (or a caller's buffer), not an adapter value",
                        mk_struct_name(&mk_structs[si]), field_name);
            if (!parse_field(ctx, a, (unsigned)fld, v, caps_adapter_struct(a, si)))
                return false;
            a->origins[fld] = CAPS_VALUE_EXPLICIT;
            caps_json_pop(ctx);
        }
        caps_json_pop(ctx);
    }
    return true;
}

static int compare_formats(const void *x, const void *y)
{
    const struct caps_format_override *a = x, *b = y;

    return a->format < b->format ? -1 : a->format > b->format;
}

static bool set_format(struct caps_json_reader *ctx, struct caps_adapter *a, const struct caps_format_override *entry)
{
    struct caps_format_override *f;
    unsigned i;

    for (i = 0; i < a->format_count; ++i)
    {
        if (a->formats[i].format == entry->format)
        {
            a->formats[i] = *entry;
            return true;
        }
    }
    if (!(f = mk_realloc(a->formats, (a->format_count + 1) * sizeof(*f))))
        return caps_json_fail(ctx, "out of memory");
    a->formats = f;
    a->formats[a->format_count++] = *entry;
    return true;
}

/* "MultisampleQualityLevels": {"SampleCount": NumQualityLevels, ...}, the
 * counts powers of two from 1 to 64; counts it leaves out have no level. */
static bool parse_quality_levels(struct caps_json_reader *ctx, const json_t *obj, struct caps_format_override *entry)
{
    const char *key;
    json_t *v;

    if (!expect_object(ctx, obj))
        return false;
    entry->has_quality_levels = true;
    json_object_foreach((json_t *)obj, key, v)
    {
        uint64_t count = 0, levels;
        unsigned slot;

        caps_json_push_key(ctx, key);
        if (!parse_uint_text(key, &count) || !count || (count & (count - 1)) || count > (1u << (CAPS_SAMPLE_COUNT_SLOTS - 1)))
            return caps_json_fail(ctx, "expected a sample count (1, 2, 4, ... %u) as the key", 1u << (CAPS_SAMPLE_COUNT_SLOTS - 1));
        if (!parse_uint(ctx, v, 32, &levels))
            return false;
        for (slot = 0; (1u << slot) != count; ++slot)
            ;
        entry->quality_levels[slot] = (UINT)levels;
        caps_json_pop(ctx);
    }
    return true;
}

static bool parse_formats(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *obj)
{
    static const caps_name keys[] = {"Support1", "Support2", "MultisampleQualityLevels", "PlaneCount", ""};
    int dxgi_format = mk_enum_find("DXGI_FORMAT");
    int support1 = mk_enum_find("D3D12_FORMAT_SUPPORT1"), support2 = mk_enum_find("D3D12_FORMAT_SUPPORT2");
    const char *name;
    json_t *entry;

    if (!expect_object(ctx, obj))
        return false;
    if (dxgi_format < 0 || support1 < 0 || support2 < 0)
        return caps_json_fail(ctx, "the generated tables lack DXGI_FORMAT or D3D12_FORMAT_SUPPORT1/2");
    json_object_foreach((json_t *)obj, name, entry)
    {
        struct caps_format_override f = {0};
        uint32_t format;
        uint64_t planes;
        json_t *v;

        caps_json_push_key(ctx, name);
        if (!enum_member_value(dxgi_format, name, &format) || !strcmp(name, "DXGI_FORMAT_UNKNOWN"))
            return caps_json_fail(ctx, "unknown format '%s' (expected a DXGI_FORMAT name)", name);
        if (!expect_object(ctx, entry) || !check_keys(ctx, entry, keys, "a formats entry"))
            return false;
        f.format = (DXGI_FORMAT)format;
        if ((v = json_object_get(entry, "Support1")))
        {
            caps_json_push_key(ctx, "Support1");
            if (!parse_enum(ctx, NULL, support1, -1, v, &f.support1))
                return false;
            caps_json_pop(ctx);
        }
        if ((v = json_object_get(entry, "Support2")))
        {
            caps_json_push_key(ctx, "Support2");
            if (!parse_enum(ctx, NULL, support2, -1, v, &f.support2))
                return false;
            caps_json_pop(ctx);
        }
        if ((v = json_object_get(entry, "MultisampleQualityLevels")))
        {
            caps_json_push_key(ctx, "MultisampleQualityLevels");
            if (!parse_quality_levels(ctx, v, &f))
                return false;
            caps_json_pop(ctx);
        }
        if ((v = json_object_get(entry, "PlaneCount")))
        {
            caps_json_push_key(ctx, "PlaneCount");
            if (!parse_uint(ctx, v, 8, &planes))
                return false;
            if (planes < 1 || planes > 4)
                return caps_json_fail(ctx, "expected a plane count from 1 to 4, got %" PRIu64, planes);
            f.planes = (uint8_t)planes;
            caps_json_pop(ctx);
        }
        if (!set_format(ctx, a, &f))
            return false;
        caps_json_pop(ctx);
    }
    return true;
}

static bool parse_lower_bounds(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *obj)
{
    unsigned char scratch[1024];
    const char *path;
    json_t *v;

    if (!expect_object(ctx, obj))
        return false;
    json_object_foreach((json_t *)obj, path, v)
    {
        struct caps_lower_bound *lb;
        unsigned field_index;
        const struct mk_field *f;

        caps_json_push_key(ctx, path);
        if (!parse_field_path(ctx, path, &field_index))
            return false;
        f = &mk_fields[field_index];
        if (!mk_field_is_scalar(f) || f->offset + f->size > sizeof(scratch))
            return caps_json_fail(ctx, "%s is not a number, so it has no lower bound", path);
        memset(scratch, 0, sizeof(scratch));
        if (!parse_field(ctx, a, field_index, v, scratch))
            return false;
        if (!(lb = mk_realloc(a->lower_bounds, (a->lower_bound_count + 1) * sizeof(*lb))))
            return caps_json_fail(ctx, "out of memory");
        a->lower_bounds = lb;
        a->lower_bounds[a->lower_bound_count].field_index = field_index;
        a->lower_bounds[a->lower_bound_count].value = mk_field_get(scratch, f);
        ++a->lower_bound_count;
        caps_json_pop(ctx);
    }
    return true;
}

/* ---- "cooperativeVector" ---- */

static const caps_name caps_coop_mul_fields[] = {"InputType", "InputInterpretation", "MatrixInterpretation",
        "BiasInterpretation", "OutputType", "TransposeSupported", ""};
static const caps_name caps_coop_accumulate_fields[] = {"InputType", "AccumulationType", ""};
const caps_name caps_coop_vector_keys[CAPS_COOP_VECTOR_ARRAYS] = {"pMatrixVectorMulAddProperties",
        "pOuterProductAccumulateProperties", "pVectorAccumulateProperties"};
const caps_name *const caps_coop_vector_fields[CAPS_COOP_VECTOR_ARRAYS] = {caps_coop_mul_fields,
        caps_coop_accumulate_fields, caps_coop_accumulate_fields};
const unsigned caps_coop_vector_width[CAPS_COOP_VECTOR_ARRAYS] = {6, 2, 2};
static const caps_name caps_coop_vector_keys_nul[] = {"pMatrixVectorMulAddProperties",
        "pOuterProductAccumulateProperties", "pVectorAccumulateProperties", ""};

/* The three property arrays of D3D12_FEATURE_DATA_COOPERATIVE_VECTOR, keyed as
 * D3d12info writes them: each entry an object of its struct's fields (data
 * types as numbers, TransposeSupported a boolean). */
static bool parse_coop_vector(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *obj)
{
    size_t total = 0, at = 0, i;
    const json_t *list, *item, *v;
    uint32_t *values;
    unsigned k, f;

    if (!expect_object(ctx, obj) || !check_keys(ctx, obj, caps_coop_vector_keys_nul, "cooperativeVector"))
        return false;
    for (k = 0; k < CAPS_COOP_VECTOR_ARRAYS; ++k)
        if ((list = json_object_get(obj, caps_coop_vector_keys[k])) && json_is_array(list))
            total += json_array_size(list) * caps_coop_vector_width[k];
    if (!(values = mk_calloc(total ? total : 1, sizeof(*values))))
        return caps_json_fail(ctx, "out of memory");
    a->coop_vector = values;
    a->owns_coop_vector = true;
    for (k = 0; k < CAPS_COOP_VECTOR_ARRAYS; ++k)
    {
        if (!(list = json_object_get(obj, caps_coop_vector_keys[k])))
            continue;
        caps_json_push_key(ctx, caps_coop_vector_keys[k]);
        if (!json_is_array(list))
            return caps_json_fail(ctx, "expected an array of property entries");
        json_array_foreach(list, i, item)
        {
            caps_json_push_index(ctx, i);
            if (!expect_object(ctx, item) || !check_keys(ctx, item, caps_coop_vector_fields[k], "a property entry"))
                return false;
            for (f = 0; f < caps_coop_vector_width[k]; ++f)
            {
                const char *name = caps_coop_vector_fields[k][f];
                uint64_t n = 0;
                bool b = false;

                if (!(v = json_object_get(item, name)))
                    return caps_json_fail(ctx, "missing \"%s\"", name);
                caps_json_push_key(ctx, name);
                if (!strcmp(name, "TransposeSupported") ? !parse_bool(ctx, v, &b) : !parse_uint(ctx, v, 32, &n))
                    return false;
                values[at++] = !strcmp(name, "TransposeSupported") ? (uint32_t)b : (uint32_t)n;
                caps_json_pop(ctx);
            }
            caps_json_pop(ctx);
        }
        a->coop_vector_counts[k] = (uint32_t)json_array_size(list);
        caps_json_pop(ctx);
    }
    return true;
}

/* ---- "metaCommands" ---- */

const caps_name caps_meta_stage_keys[CAPS_META_STAGES + 1] = {"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION",
        "D3D12_META_COMMAND_PARAMETER_STAGE_INITIALIZATION", "D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION", ""};
const caps_name caps_meta_parameter_keys[] = {"Name", "Type", "Flags", "RequiredResourceState", "StructureOffset",
        ""};

/* "{01234567-89AB-CDEF-0123-456789ABCDEF}", the braces optional. */
bool caps_guid_parse(const char *s, GUID *out)
{
    bool braced = *s == '{';
    unsigned v[11];
    char tail;
    int n;

    if (braced)
        ++s;
    if (strlen(s) < 36 || sscanf(s, "%8x-%4x-%4x-%2x%2x-%2x%2x%2x%2x%2x%2x%n", &v[0], &v[1], &v[2], &v[3], &v[4],
            &v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &n) != 11 || n != 36)
        return false;
    /* Braces both or none. */
    tail = s[36];
    if (braced ? !(tail == '}' && !s[37]) : tail != 0)
        return false;
    for (n = 0; n < 36; ++n)
        if ((n == 8 || n == 13 || n == 18 || n == 23) ? s[n] != '-' : !isxdigit((unsigned char)s[n]))
            return false;
    out->Data1 = v[0];
    out->Data2 = (unsigned short)v[1];
    out->Data3 = (unsigned short)v[2];
    for (n = 0; n < 8; ++n)
        out->Data4[n] = (unsigned char)v[3 + n];
    return true;
}

/* A name: UTF-8 and WCHAR copies. */
static bool parse_name(struct caps_json_reader *ctx, const json_t *obj, WCHAR **wide, char **utf8)
{
    const json_t *v = json_object_get(obj, "Name");
    const char *s = NULL;
    size_t units;

    if (!v)
        return caps_json_fail(ctx, "missing \"Name\"");
    caps_json_push_key(ctx, "Name");
    if (!parse_string(ctx, v, &s))
        return false;
    units = strlen(s) + 1; /* a UTF-8 byte never makes more than one unit */
    if (!(*wide = mk_alloc(units * sizeof(WCHAR))) || !(*utf8 = caps_strdup(s)))
        return caps_json_fail(ctx, "out of memory");
    utf8_to_wchar_units(s, *wide, units);
    caps_json_pop(ctx);
    return true;
}

static bool parse_u32_key(struct caps_json_reader *ctx, const json_t *obj, const char *key, bool required, UINT *out)
{
    const json_t *v = json_object_get(obj, key);
    uint64_t n = 0;

    if (!v)
        return !required || caps_json_fail(ctx, "missing \"%s\"", key);
    caps_json_push_key(ctx, key);
    if (!parse_uint_ex(ctx, v, 32, true, &n))
        return false;
    *out = (UINT)n;
    caps_json_pop(ctx);
    return true;
}

static bool parse_meta_stage(struct caps_json_reader *ctx, const json_t *obj, struct caps_meta_stage *stage)
{
    static const caps_name keys[] = {"TotalStructureSizeInBytes", "Parameters", ""};
    const json_t *list, *item;
    size_t i;

    if (!expect_object(ctx, obj) || !check_keys(ctx, obj, keys, "a meta command stage")
            || !parse_u32_key(ctx, obj, "TotalStructureSizeInBytes", true, &stage->total_size))
        return false;
    stage->present = true;
    if (!(list = json_object_get(obj, "Parameters")))
        return true;
    caps_json_push_key(ctx, "Parameters");
    if (!json_is_array(list))
        return caps_json_fail(ctx, "expected an array of parameters");
    if (json_array_size(list) && !(stage->parameters = mk_calloc(json_array_size(list), sizeof(*stage->parameters))))
        return caps_json_fail(ctx, "out of memory");
    json_array_foreach(list, i, item)
    {
        struct caps_meta_parameter *p = &stage->parameters[i];

        caps_json_push_index(ctx, i);
        ++stage->parameter_count;
        if (!expect_object(ctx, item) || !check_keys(ctx, item, caps_meta_parameter_keys, "a meta command parameter")
                || !parse_name(ctx, item, &p->name, &p->utf8_name)
                || !parse_u32_key(ctx, item, "Type", true, &p->type)
                || !parse_u32_key(ctx, item, "Flags", false, &p->flags)
                || !parse_u32_key(ctx, item, "RequiredResourceState", false, &p->required_state)
                || !parse_u32_key(ctx, item, "StructureOffset", true, &p->offset))
            return false;
        if (p->type > D3D12_META_COMMAND_PARAMETER_TYPE_GPU_DESCRIPTOR_HANDLE_HEAP_TYPE_CBV_SRV_UAV)
            return caps_json_fail(ctx, "Type %u is no D3D12_META_COMMAND_PARAMETER_TYPE", p->type);
        if (p->offset >= stage->total_size && stage->total_size)
            return caps_json_fail(ctx, "StructureOffset %u is past TotalStructureSizeInBytes, %u", p->offset, stage->total_size);
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

static bool parse_meta_commands(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *list)
{
    static const caps_name keys[] = {"Id", "Name", "InitializationDirtyState", "ExecutionDirtyState",
            "D3D12_META_COMMAND_PARAMETER_STAGE_CREATION", "D3D12_META_COMMAND_PARAMETER_STAGE_INITIALIZATION",
            "D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION", ""};
    const json_t *item, *v;
    size_t i, k;
    unsigned st;

    if (!json_is_array(list))
        return caps_json_fail(ctx, "expected an array of meta commands");
    a->owns_meta_commands = true;
    if (json_array_size(list) && !(a->meta_commands = mk_calloc(json_array_size(list), sizeof(*a->meta_commands))))
        return caps_json_fail(ctx, "out of memory");
    json_array_foreach(list, i, item)
    {
        struct caps_meta_command *m = &a->meta_commands[i];
        const char *id = NULL;

        caps_json_push_index(ctx, i);
        ++a->meta_command_count;
        if (!expect_object(ctx, item) || !check_keys(ctx, item, keys, "a meta command"))
            return false;
        if (!(v = json_object_get(item, "Id")))
            return caps_json_fail(ctx, "missing \"Id\"");
        caps_json_push_key(ctx, "Id");
        if (!parse_string(ctx, v, &id))
            return false;
        if (!caps_guid_parse(id, &m->id))
            return caps_json_fail(ctx, "expected a GUID \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got \"%s\"", id);
        for (k = 0; k < i; ++k)
            if (!memcmp(&a->meta_commands[k].id, &m->id, sizeof(GUID)))
                return caps_json_fail(ctx, "meta command %s is declared twice", id);
        caps_json_pop(ctx);
        if (!parse_name(ctx, item, &m->name, &m->utf8_name)
                || !parse_u32_key(ctx, item, "InitializationDirtyState", false, &m->initialization_dirty)
                || !parse_u32_key(ctx, item, "ExecutionDirtyState", false, &m->execution_dirty))
            return false;
        for (st = 0; st < CAPS_META_STAGES; ++st)
        {
            if (!(v = json_object_get(item, caps_meta_stage_keys[st])))
                continue;
            caps_json_push_key(ctx, caps_meta_stage_keys[st]);
            if (!parse_meta_stage(ctx, v, &m->stages[st]))
                return false;
            caps_json_pop(ctx);
        }
        caps_json_pop(ctx);
    }
    return true;
}

/* ---- "outputs" ---- */

/* The names of an "outputs" entry (adapter.h). */
const caps_name caps_rotation_names[] = {"DXGI_MODE_ROTATION_UNSPECIFIED", "DXGI_MODE_ROTATION_IDENTITY",
        "DXGI_MODE_ROTATION_ROTATE90", "DXGI_MODE_ROTATION_ROTATE180", "DXGI_MODE_ROTATION_ROTATE270", ""};
const caps_name caps_scanline_names[] = {"DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED",
        "DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE", "DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST",
        "DXGI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST", ""};
const caps_name caps_scaling_names[] = {"DXGI_MODE_SCALING_UNSPECIFIED", "DXGI_MODE_SCALING_CENTERED",
        "DXGI_MODE_SCALING_STRETCHED", ""};
const caps_name caps_output_color_space_names[] = {"DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709",
        "DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020", ""};
const UINT caps_output_color_space_values[] = {CAPS_COLOR_SPACE_SDR, CAPS_COLOR_SPACE_HDR};
const caps_name caps_output_primary_keys[] = {"redPrimary", "greenPrimary", "bluePrimary", "whitePoint", ""};
const caps_name caps_output_luminance_keys[] = {"minLuminance", "maxLuminance", "maxFullFrameLuminance", ""};
const double caps_output_sdr_primaries[4][2] = {{0.64, 0.33}, {0.30, 0.60}, {0.15, 0.06}, {0.3127, 0.3290}};
const double caps_output_sdr_luminance[3] = {0.5, 270.0, 270.0};

/* One of `names` (its index is the value), or an integer below their count. */
static bool parse_name_index(struct caps_json_reader *ctx, const json_t *obj, const char *key, const caps_name *names,
        UINT *out)
{
    const json_t *v = json_object_get(obj, key);
    char buf[160];
    unsigned i, count = 0;

    if (!v)
        return true;
    caps_json_push_key(ctx, key);
    while (names[count][0])
        ++count;
    if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) < (json_int_t)count)
        *out = (UINT)json_integer_value(v);
    else if (json_is_string(v))
    {
        for (i = 0; i < count && strcmp(names[i], json_string_value(v)); ++i)
            ;
        if (i == count)
            return caps_json_fail(ctx, "expected one of %s ... %s, got %s", names[0], names[count - 1],
                    describe(v, buf, sizeof(buf)));
        *out = i;
    }
    else
        return caps_json_fail(ctx, "expected one of %s ... %s, got %s", names[0], names[count - 1], describe(v, buf, sizeof(buf)));
    caps_json_pop(ctx);
    return true;
}

static bool parse_output_mode(struct caps_json_reader *ctx, const json_t *obj, struct caps_output_mode *m)
{
    static const caps_name keys[] = {"width", "height", "refreshRate", "format", "scanlineOrdering", "scaling",
            "stereo", ""};
    int dxgi_format = mk_enum_find("DXGI_FORMAT");
    const json_t *v;
    uint64_t n[2];
    uint32_t format;
    const char *name = NULL; /* gcc -O2 -D_FORTIFY_SOURCE=2 (the Debian packages) warns without it */
    unsigned i;

    if (!expect_object(ctx, obj) || !check_keys(ctx, obj, keys, "an output mode")
            || !parse_u32_key(ctx, obj, "width", true, &m->width)
            || !parse_u32_key(ctx, obj, "height", true, &m->height))
        return false;
    if (!m->width || !m->height)
        return caps_json_fail(ctx, "a mode is at least 1x1, not %ux%u", m->width, m->height);
    if (!(v = json_object_get(obj, "refreshRate")))
        return caps_json_fail(ctx, "missing \"refreshRate\"");
    caps_json_push_key(ctx, "refreshRate");
    if (!json_is_array(v) || json_array_size(v) != 2)
        return caps_json_fail(ctx, "expected [numerator, denominator]");
    for (i = 0; i < 2; ++i)
    {
        caps_json_push_index(ctx, i);
        if (!parse_uint(ctx, json_array_get(v, i), 32, &n[i]))
            return false;
        caps_json_pop(ctx);
    }
    if (!n[1])
        return caps_json_fail(ctx, "the denominator of a refresh rate is not 0");
    m->refresh_numerator = (UINT)n[0];
    m->refresh_denominator = (UINT)n[1];
    caps_json_pop(ctx);
    if (!(v = json_object_get(obj, "format")))
        return caps_json_fail(ctx, "missing \"format\"");
    caps_json_push_key(ctx, "format");
    if (!parse_string(ctx, v, &name))
        return false;
    if (dxgi_format < 0 || !enum_member_value(dxgi_format, name, &format) || !format)
        return caps_json_fail(ctx, "unknown format '%s' (expected a DXGI_FORMAT name other than DXGI_FORMAT_UNKNOWN)", name);
    m->format = format;
    caps_json_pop(ctx);
    m->scanline_ordering = CAPS_SCANLINE_PROGRESSIVE;
    if (!parse_name_index(ctx, obj, "scanlineOrdering", caps_scanline_names, &m->scanline_ordering)
            || !parse_name_index(ctx, obj, "scaling", caps_scaling_names, &m->scaling))
        return false;
    if ((v = json_object_get(obj, "stereo")))
    {
        caps_json_push_key(ctx, "stereo");
        if (!parse_bool(ctx, v, &m->stereo))
            return false;
        caps_json_pop(ctx);
    }
    return true;
}

/* A JSON number (an integer or a real) within [lo, hi]. */
static bool parse_number(struct caps_json_reader *ctx, const json_t *v, double lo, double hi, const char *what,
        double *out)
{
    char buf[160];

    if (!json_is_number(v) || json_number_value(v) < lo || json_number_value(v) > hi)
        return caps_json_fail(ctx, "expected %s from %g to %g, got %s", what, lo, hi, describe(v, buf, sizeof(buf)));
    *out = json_number_value(v);
    return true;
}

/* The optional colour keys of an output (DXGI_OUTPUT_DESC1), over the SDR
 * defaults: colorSpace, bitsPerColor, the primaries and the luminances. */
static bool parse_output_colour(struct caps_json_reader *ctx, const json_t *obj, struct caps_output *o)
{
    static const UINT bits[] = {6, 8, 10, 12, 16};
    const json_t *v;
    UINT index = 0;
    unsigned i, k;

    memcpy(o->primaries, caps_output_sdr_primaries, sizeof(o->primaries));
    memcpy(o->luminance, caps_output_sdr_luminance, sizeof(o->luminance));
    o->bits_per_color = CAPS_OUTPUT_SDR_BITS;
    if ((v = json_object_get(obj, "colorSpace")) && !json_is_string(v)) /* an index would not be the DXGI value */
    {
        caps_json_push_key(ctx, "colorSpace");
        return caps_json_fail(ctx, "expected %s or %s", caps_output_color_space_names[0], caps_output_color_space_names[1]);
    }
    if (!parse_name_index(ctx, obj, "colorSpace", caps_output_color_space_names, &index)
            || !parse_u32_key(ctx, obj, "bitsPerColor", false, &o->bits_per_color))
        return false;
    o->color_space = caps_output_color_space_values[index];
    for (i = 0; i < sizeof(bits) / sizeof(bits[0]) && bits[i] != o->bits_per_color; ++i)
        ;
    if (i == sizeof(bits) / sizeof(bits[0]))
    {
        caps_json_push_key(ctx, "bitsPerColor");
        return caps_json_fail(ctx, "a display has 6, 8, 10, 12 or 16 bits per colour, not %u", o->bits_per_color);
    }
    for (i = 0; caps_output_primary_keys[i][0]; ++i)
    {
        if (!(v = json_object_get(obj, caps_output_primary_keys[i])))
            continue;
        caps_json_push_key(ctx, caps_output_primary_keys[i]);
        if (!json_is_array(v) || json_array_size(v) != 2)
            return caps_json_fail(ctx, "expected [x, y] (CIE 1931 chromaticity)");
        for (k = 0; k < 2; ++k)
        {
            caps_json_push_index(ctx, k);
            if (!parse_number(ctx, json_array_get(v, k), 0.0, 1.0, "a chromaticity coordinate", &o->primaries[i][k]))
                return false;
            caps_json_pop(ctx);
        }
        if (o->primaries[i][0] + o->primaries[i][1] > 1.0)
            return caps_json_fail(ctx, "x + y of a chromaticity is at most 1, not %g", o->primaries[i][0] + o->primaries[i][1]);
        caps_json_pop(ctx);
    }
    for (i = 0; caps_output_luminance_keys[i][0]; ++i)
    {
        if (!(v = json_object_get(obj, caps_output_luminance_keys[i])))
            continue;
        caps_json_push_key(ctx, caps_output_luminance_keys[i]);
        if (!parse_number(ctx, v, 0.0, 10000.0, "a luminance in nits", &o->luminance[i]))
            return false;
        caps_json_pop(ctx);
    }
    if (!(o->luminance[0] < o->luminance[2] && o->luminance[2] <= o->luminance[1]))
        return caps_json_fail(ctx, "minLuminance < maxFullFrameLuminance <= maxLuminance, not %g, %g, %g",
                o->luminance[0], o->luminance[2], o->luminance[1]);
    return true;
}

static bool parse_output(struct caps_json_reader *ctx, const json_t *obj, struct caps_output *o,
        const struct caps_output *previous, unsigned previous_count)
{
    static const caps_name keys[] = {"name", "desktopCoordinates", "rotation", "modes", "colorSpace", "bitsPerColor",
            "redPrimary", "greenPrimary", "bluePrimary", "whitePoint", "minLuminance", "maxLuminance",
            "maxFullFrameLuminance", ""};
    const json_t *v, *item;
    const char *name = NULL;
    int32_t rect[4];
    size_t i, k;

    if (!expect_object(ctx, obj) || !check_keys(ctx, obj, keys, "an output"))
        return false;
    if (!(v = json_object_get(obj, "name")))
        return caps_json_fail(ctx, "missing \"name\"");
    caps_json_push_key(ctx, "name");
    if (!parse_string(ctx, v, &name))
        return false;
    if (!*name || strlen(name) >= CAPS_OUTPUT_NAME_SIZE)
        return caps_json_fail(ctx, "an output's name has 1 to %u characters (DXGI_OUTPUT_DESC.DeviceName)",
                CAPS_OUTPUT_NAME_SIZE - 1);
    for (k = 0; name[k]; ++k)
        if ((unsigned char)name[k] < 0x20 || (unsigned char)name[k] > 0x7e)
            return caps_json_fail(ctx, "an output's name is printable ASCII (\"\\\\\\\\.\\\\DISPLAY1\")");
    for (k = 0; k < previous_count; ++k)
        if (!strcmp(previous[k].name, name))
            return caps_json_fail(ctx, "output \"%s\" is declared twice", name);
    memcpy(o->name, name, strlen(name) + 1);
    caps_json_pop(ctx);

    if (!(v = json_object_get(obj, "desktopCoordinates")))
        return caps_json_fail(ctx, "missing \"desktopCoordinates\"");
    caps_json_push_key(ctx, "desktopCoordinates");
    if (!json_is_array(v) || json_array_size(v) != 4)
        return caps_json_fail(ctx, "expected [left, top, right, bottom]");
    for (i = 0; i < 4; ++i)
    {
        const json_t *c = json_array_get(v, i);
        char buf[160];

        caps_json_push_index(ctx, i);
        if (!json_is_integer(c) || json_integer_value(c) < INT32_MIN || json_integer_value(c) > INT32_MAX)
            return caps_json_fail(ctx, "expected a signed 32-bit integer, got %s", describe(c, buf, sizeof(buf)));
        rect[i] = (int32_t)json_integer_value(c);
        caps_json_pop(ctx);
    }
    if (rect[2] <= rect[0] || rect[3] <= rect[1])
        return caps_json_fail(ctx, "right must exceed left and bottom top: [%d, %d, %d, %d]", (int)rect[0], (int)rect[1],
                (int)rect[2], (int)rect[3]);
    o->left = rect[0];
    o->top = rect[1];
    o->right = rect[2];
    o->bottom = rect[3];
    caps_json_pop(ctx);

    o->rotation = CAPS_ROTATION_IDENTITY;
    if (!parse_name_index(ctx, obj, "rotation", caps_rotation_names, &o->rotation) || !parse_output_colour(ctx, obj, o))
        return false;

    if (!(v = json_object_get(obj, "modes")))
        return caps_json_fail(ctx, "missing \"modes\"");
    caps_json_push_key(ctx, "modes");
    if (!json_is_array(v) || !json_array_size(v))
        return caps_json_fail(ctx, "expected an array of at least one mode");
    if (json_array_size(v) > CAPS_MAX_OUTPUT_MODES)
        return caps_json_fail(ctx, "at most %u modes per output", CAPS_MAX_OUTPUT_MODES);
    if (!(o->modes = mk_calloc(json_array_size(v), sizeof(*o->modes))))
        return caps_json_fail(ctx, "out of memory");
    json_array_foreach(v, i, item)
    {
        caps_json_push_index(ctx, i);
        if (!parse_output_mode(ctx, item, &o->modes[i]))
            return false;
        ++o->mode_count;
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

static bool parse_outputs(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *list)
{
    const json_t *item;
    size_t i;

    if (!json_is_array(list))
        return caps_json_fail(ctx, "expected an array of outputs");
    if (json_array_size(list) > CAPS_MAX_OUTPUTS)
        return caps_json_fail(ctx, "at most %u outputs", CAPS_MAX_OUTPUTS);
    a->owns_outputs = true;
    if (json_array_size(list) && !(a->outputs = mk_calloc(json_array_size(list), sizeof(*a->outputs))))
        return caps_json_fail(ctx, "out of memory");
    json_array_foreach(list, i, item)
    {
        caps_json_push_index(ctx, i);
        ++a->output_count;
        if (!parse_output(ctx, item, &a->outputs[i], a->outputs, (unsigned)i))
            return false;
        caps_json_pop(ctx);
    }
    return true;
}

static void free_outputs(struct caps_output *outputs, unsigned count)
{
    unsigned i;

    for (i = 0; i < count; ++i)
        mk_free(outputs[i].modes);
    mk_free(outputs);
}

static void free_meta_commands(struct caps_meta_command *commands, unsigned count)
{
    unsigned i, st, p;

    for (i = 0; i < count; ++i)
    {
        mk_free(commands[i].name);
        mk_free(commands[i].utf8_name);
        for (st = 0; st < CAPS_META_STAGES; ++st)
        {
            for (p = 0; p < commands[i].stages[st].parameter_count; ++p)
            {
                mk_free(commands[i].stages[st].parameters[p].name);
                mk_free(commands[i].stages[st].parameters[p].utf8_name);
            }
            mk_free(commands[i].stages[st].parameters);
        }
    }
    mk_free(commands);
}

/* ---- The adapter ---- */

static struct caps_adapter *adapter_alloc(void)
{
    struct caps_adapter *a;

    if (!(a = mk_calloc(1, sizeof(*a))))
        return NULL;
    a->value_block = mk_calloc(1, mk_value_block_size);
    a->origins = mk_calloc(mk_field_count ? mk_field_count : 1, 1);
    if (!a->value_block || !a->origins)
    {
        caps_adapter_free(a);
        return NULL;
    }
    a->node_count = 1;
    a->report_index = -1;
    caps_adapter_extra_defaults(&a->extra);
    return a;
}

void caps_adapter_free(struct caps_adapter *a)
{
    unsigned i;

    if (!a)
        return;
    mk_free(a->id);
    mk_free(a->description);
    mk_free(a->origin);
    mk_free(a->inherits);
    mk_free(a->value_block);
    mk_free(a->origins);
    mk_free(a->formats);
    for (i = 0; i < a->new_value_count; ++i)
        mk_free((char *)a->new_values[i].name);
    mk_free(a->new_values);
    mk_free(a->lower_bounds);
    if (a->owns_meta_commands)
        free_meta_commands(a->meta_commands, a->meta_command_count);
    if (a->owns_outputs)
        free_outputs(a->outputs, a->output_count);
    if (a->owns_coop_vector)
        mk_free((void *)a->coop_vector);
    if (a->metadata)
        json_decref(a->metadata);
    mk_free(a);
}

json_t *caps_adapter_metadata(const struct caps_adapter *a)
{
    if (a->metadata)
        return json_incref(a->metadata);
    /* Baked text came from json_dumps of a valid object: only memory can fail. */
    return a->metadata_json ? json_loads(a->metadata_json, 0, NULL) : NULL;
}

static bool inherit(struct caps_json_reader *ctx, struct caps_adapter *a, const struct caps_adapter *parent,
        const json_t *identity)
{
    static const caps_name keys[] = {"vendorId", "deviceId", "subSysId", "revision", "dedicatedVideoMemory",
            "dedicatedSystemMemory", "sharedSystemMemory", "nodeCount", "software", ""};
    const caps_name *k;
    size_t i;

    /* Identity: what the child leaves out (the LUID never: each adapter has its own). */
    for (k = keys; (*k)[0]; ++k)
    {
        if (identity && json_object_get(identity, *k))
            continue;
        if (!strcmp(*k, "vendorId")) a->vendor_id = parent->vendor_id;
        else if (!strcmp(*k, "deviceId")) a->device_id = parent->device_id;
        else if (!strcmp(*k, "subSysId")) a->subsys_id = parent->subsys_id;
        else if (!strcmp(*k, "revision")) a->revision = parent->revision;
        else if (!strcmp(*k, "dedicatedVideoMemory")) a->dedicated_video_memory = parent->dedicated_video_memory;
        else if (!strcmp(*k, "dedicatedSystemMemory")) a->dedicated_system_memory = parent->dedicated_system_memory;
        else if (!strcmp(*k, "sharedSystemMemory")) a->shared_system_memory = parent->shared_system_memory;
        else if (!strcmp(*k, "nodeCount")) a->node_count = parent->node_count;
        else if (!strcmp(*k, "software")) a->software = parent->software;
    }
    {
        static const caps_name extra_keys[] = {CAPS_EXTRA_KEYS, ""};
        struct caps_adapter_extra *x = &a->extra;
        const struct caps_adapter_extra *px = &parent->extra;

        for (k = extra_keys; (*k)[0]; ++k)
        {
            if (identity && json_object_get(identity, *k))
                continue;
            if (!strcmp(*k, "dxgiFlags")) x->dxgi_flags = px->dxgi_flags;
            else if (!strcmp(*k, "graphicsPreemptionGranularity")) x->graphics_preemption = px->graphics_preemption;
            else if (!strcmp(*k, "computePreemptionGranularity")) x->compute_preemption = px->compute_preemption;
            else if (!strcmp(*k, "umdVersion"))
                x->has_umd_version = px->has_umd_version, x->umd_version = px->umd_version;
            else if (!strcmp(*k, "videoMemory"))
            {
                x->has_video_memory = px->has_video_memory;
                memcpy(x->budget, px->budget, sizeof(x->budget));
                memcpy(x->available_for_reservation, px->available_for_reservation, sizeof(x->budget));
            }
            else if (!strcmp(*k, "allowTearing")) x->allow_tearing = px->allow_tearing;
            else if (!strcmp(*k, "descriptorSizes")) memcpy(x->descriptor_sizes, px->descriptor_sizes, sizeof(x->descriptor_sizes));
            else if (!strcmp(*k, "queuePriorities")) memcpy(x->queue_priorities, px->queue_priorities, sizeof(x->queue_priorities));
            else if (!strcmp(*k, "timestampFrequency")) x->timestamp_frequency = px->timestamp_frequency;
            else if (!strcmp(*k, "apiExtensions")) x->api_extensions = px->api_extensions;
        }
    }

    /* Values the child does not give. */
    for (i = 0; i < mk_field_count; ++i)
    {
        const struct mk_field *f = &mk_fields[i];
        if (!caps_profile_field((unsigned)i) || a->origins[i] == CAPS_VALUE_EXPLICIT)
            continue;
        memcpy(caps_adapter_struct(a, f->struct_index) + f->offset, caps_adapter_struct(parent, f->struct_index) + f->offset, f->size);
        a->origins[i] = CAPS_VALUE_INHERITED;
    }

    /* Meta commands: the parent's (shared; parents outlive their children). */
    if (!a->owns_meta_commands)
    {
        a->meta_commands = parent->meta_commands;
        a->meta_command_count = parent->meta_command_count;
    }
    /* Cooperative-vector properties: the parent's likewise. */
    if (!a->owns_coop_vector)
    {
        a->coop_vector = parent->coop_vector;
        memcpy(a->coop_vector_counts, parent->coop_vector_counts, sizeof(a->coop_vector_counts));
    }
    /* Outputs: the parent's likewise (`"outputs": []` makes a child headless). */
    if (!a->owns_outputs)
    {
        a->outputs = parent->outputs;
        a->output_count = parent->output_count;
    }

    /* Formats the child does not list. */
    for (i = 0; i < parent->format_count; ++i)
    {
        unsigned j;
        for (j = 0; j < a->format_count; ++j)
            if (a->formats[j].format == parent->formats[i].format)
                break;
        if (j == a->format_count && !set_format(ctx, a, &parent->formats[i]))
            return false;
    }
    return true;
}

/* DXGI_ADAPTER_DESC3.Flags and "software" say the same about the software
 * bit: a profile that gives only one of them sets the other. */
static bool finish_dxgi_flags(struct caps_json_reader *ctx, struct caps_adapter *a, const json_t *identity,
        const struct caps_adapter *parent)
{
    bool flags_given = identity && json_object_get(identity, "dxgiFlags");
    bool software_given = identity && json_object_get(identity, "software");
    bool flag = (a->extra.dxgi_flags & CAPS_DXGI_FLAG3_SOFTWARE) != 0;

    if (flags_given && software_given && flag != a->software)
    {
        caps_json_push_key(ctx, "adapter");
        caps_json_push_key(ctx, "dxgiFlags");
        return caps_json_fail(ctx, "the CAPS_DXGI_FLAG3_SOFTWARE bit (%#x) contradicts \"software\": %s",
                (unsigned)CAPS_DXGI_FLAG3_SOFTWARE, a->software ? "true" : "false");
    }
    if (flags_given)
        a->software = flag;
    else
    {
        if (!parent)
            a->extra.dxgi_flags = CAPS_DEFAULT_DXGI_FLAGS;
        a->extra.dxgi_flags = (a->extra.dxgi_flags & ~(UINT)CAPS_DXGI_FLAG3_SOFTWARE)
                | (a->software ? (UINT)CAPS_DXGI_FLAG3_SOFTWARE : 0u);
    }
    return true;
}

static void set_bool_field(struct caps_adapter *a, const char *feature, const char *field, bool value,
        bool *conflict)
{
    int fi = mk_feature_find(feature), fld;
    const struct mk_field *f;

    if (fi < 0 || (fld = mk_field_find(mk_features[fi].struct_index, field)) < 0)
        return;
    f = &mk_fields[fld];
    if (a->origins[fld] == CAPS_VALUE_EXPLICIT)
    {
        if (!!mk_field_get(caps_adapter_struct(a, f->struct_index), f) != value)
            *conflict = true;
        return;
    }
    mk_field_set(caps_adapter_struct(a, f->struct_index), f, value);
    a->origins[fld] = CAPS_VALUE_EXPLICIT;
}

static uint64_t get_value(const struct caps_adapter *a, const char *feature, const char *field)
{
    int fi = mk_feature_find(feature), fld;

    if (fi < 0 || (fld = mk_field_find(mk_features[fi].struct_index, field)) < 0)
        return 0;
    return mk_field_get(caps_adapter_struct(a, mk_fields[fld].struct_index), &mk_fields[fld]);
}

static atomic_bool json_alloc_set;
static mk_mutex json_alloc_lock = MK_MUTEX_INIT;

void caps_json_init(void)
{
    if (atomic_load_explicit(&json_alloc_set, memory_order_acquire))
        return;
    mk_mutex_lock(&json_alloc_lock);
    if (!atomic_load_explicit(&json_alloc_set, memory_order_relaxed))
    {
        json_set_alloc_funcs(mk_jansson_alloc, mk_free);
        atomic_store_explicit(&json_alloc_set, true, memory_order_release);
    }
    mk_mutex_unlock(&json_alloc_lock);
}

/* "id", "description" and "inherits" (the parent, found by `find_parent`). */
static bool parse_names(struct caps_json_reader *ctx, struct caps_adapter *a, json_t *root,
        const struct caps_adapter *(*find_parent)(const char *id), const struct caps_adapter **parent)
{
    const char *s = NULL;
    json_t *v;

    if (!(v = json_object_get(root, "id")))
    {
        caps_json_fail(ctx, "missing \"id\"");
        return false;
    }
    caps_json_push_key(ctx, "id");
    if (!parse_string(ctx, v, &s))
        return false;
    if (!caps_profile_id_valid(s))
    {
        caps_json_fail(ctx, "expected %s, got \"%s\"", CAPS_PROFILE_ID_RULE, s);
        return false;
    }
    if (!(a->id = caps_strdup(s)))
    {
        caps_json_fail(ctx, "out of memory");
        return false;
    }
    caps_json_pop(ctx);
    if ((v = json_object_get(root, "description")))
    {
        caps_json_push_key(ctx, "description");
        if (!parse_string(ctx, v, &s))
            return false;
        a->description = caps_strdup(s);
        caps_json_pop(ctx);
    }
    else
        a->description = caps_strdup(a->id);
    a->origin = caps_strdup(ctx->origin);
    if (!a->id || !a->description || !a->origin)
    {
        caps_json_fail(ctx, "out of memory");
        return false;
    }
    if ((v = json_object_get(root, "inherits")))
    {
        caps_json_push_key(ctx, "inherits");
        if (!parse_string(ctx, v, &s))
            return false;
        if (!strcmp(s, a->id))
        {
            caps_json_fail(ctx, "a profile cannot inherit from itself");
            return false;
        }
        if (!(*parent = find_parent ? find_parent(s) : NULL))
        {
            caps_json_fail(ctx, "unknown profile '%s' (inherits names a profile registered before this one)", s);
            return false;
        }
        if (!(a->inherits = caps_strdup(s)))
        {
            caps_json_fail(ctx, "out of memory");
            return false;
        }
        caps_json_pop(ctx);
    }

    return true;
}

/* The parent's new enum values, then the profile's own: before "features",
 * which may use their names. */
static bool take_new_values(struct caps_json_reader *ctx, struct caps_adapter *a, json_t *root,
        const struct caps_adapter *parent)
{
    json_t *v;

    if (parent && parent->new_value_count)
    {
        if (!(a->new_values = mk_alloc(parent->new_value_count * sizeof(*a->new_values))))
        {
            caps_json_fail(ctx, "out of memory");
            return false;
        }
        for (; a->new_value_count < parent->new_value_count; ++a->new_value_count)
        {
            a->new_values[a->new_value_count] = parent->new_values[a->new_value_count];
            if (!(a->new_values[a->new_value_count].name = caps_strdup(parent->new_values[a->new_value_count].name)))
            {
                caps_json_fail(ctx, "out of memory");
                return false;
            }
        }
    }
    if ((v = json_object_get(root, "newValues")))
    {
        caps_json_push_key(ctx, "newValues");
        if (!parse_new_values(ctx, a, v))
            return false;
        caps_json_pop(ctx);
    }
    if (a->new_value_count)
        qsort(a->new_values, a->new_value_count, sizeof(*a->new_values), compare_new_values);

    return true;
}

/* "adapter" UMA flags are the ARCHITECTURE(1) values of every node: the
 * features may not say otherwise. */
static bool take_uma(struct caps_json_reader *ctx, struct caps_adapter *a, unsigned given_uma)
{
    bool conflict = false;

    if (given_uma & 1)
    {
        set_bool_field(a, "ARCHITECTURE1", "UMA", a->uma, &conflict);
        set_bool_field(a, "ARCHITECTURE", "UMA", a->uma, &conflict);
    }
    if (given_uma & 2)
    {
        set_bool_field(a, "ARCHITECTURE1", "CacheCoherentUMA", a->cache_coherent_uma, &conflict);
        set_bool_field(a, "ARCHITECTURE", "CacheCoherentUMA", a->cache_coherent_uma, &conflict);
    }
    if (conflict)
    {
        caps_json_push_key(ctx, "adapter");
        caps_json_push_key(ctx, (given_uma & 1) ? "uma" : "cacheCoherentUma");
        caps_json_fail(ctx, "contradicts features.ARCHITECTURE1 / ARCHITECTURE");
        return false;
    }

    return true;
}

/* The adapter's derived facts, and a feature level a D3D12 adapter has. */
static bool take_feature_level(struct caps_json_reader *ctx, struct caps_adapter *a)
{
    a->uma = get_value(a, "ARCHITECTURE1", "UMA") != 0;
    a->cache_coherent_uma = get_value(a, "ARCHITECTURE1", "CacheCoherentUMA") != 0;
    a->max_feature_level = (D3D_FEATURE_LEVEL)get_value(a, "FEATURE_LEVELS", "MaxSupportedFeatureLevel");
    /* No D3D12 adapter is below 11_0 (the rules raise an unstated level to
     * it): a lower one stated, or inherited, is refused here, not at device
     * creation. */
    if ((UINT)a->max_feature_level < (UINT)D3D_FEATURE_LEVEL_11_0)
    {
        const char *name = caps_value_name(a, (unsigned)mk_field_find(mk_features[mk_feature_find("FEATURE_LEVELS")]
                .struct_index, "MaxSupportedFeatureLevel"), (uint32_t)a->max_feature_level);

        caps_json_push_key(ctx, "features");
        caps_json_push_key(ctx, "FEATURE_LEVELS");
        caps_json_push_key(ctx, "MaxSupportedFeatureLevel");
        caps_json_fail(ctx, "a D3D12 adapter's feature level is at least D3D_FEATURE_LEVEL_11_0, got %s (%#x)",
                name ? name : "an unnamed level", (unsigned)a->max_feature_level);
        return false;
    }
    return true;
}

static bool parse_adapter_section(struct caps_json_reader *ctx, struct caps_adapter *a, json_t *v, unsigned *given_uma)
{
    return parse_identity(ctx, a, v, given_uma);
}

#define PROFILE_SECTION(name, parse) \
    static bool name(struct caps_json_reader *ctx, struct caps_adapter *a, json_t *v, unsigned *given_uma) \
    { \
        (void)given_uma; \
        return parse(ctx, a, v); \
    }
PROFILE_SECTION(parse_features_section, parse_features)
PROFILE_SECTION(parse_formats_section, parse_formats)
PROFILE_SECTION(parse_lower_bounds_section, parse_lower_bounds)
PROFILE_SECTION(parse_meta_commands_section, parse_meta_commands)
PROFILE_SECTION(parse_outputs_section, parse_outputs)
PROFILE_SECTION(parse_coop_vector_section, parse_coop_vector)
#undef PROFILE_SECTION

static bool parse_metadata_section(struct caps_json_reader *ctx, struct caps_adapter *a, json_t *v, unsigned *given_uma)
{
    (void)given_uma;
    if (!expect_object(ctx, v))
        return false;
    a->metadata = json_incref(v);
    return true;
}

/* The profile's sections after its names and new values, in this order. */
static const struct
{
    const char *key;
    bool (*parse)(struct caps_json_reader *ctx, struct caps_adapter *a, json_t *v, unsigned *given_uma);
}
profile_sections[] =
{
    {"adapter", parse_adapter_section}, {"features", parse_features_section}, {"formats", parse_formats_section},
    {"lowerBounds", parse_lower_bounds_section}, {"metaCommands", parse_meta_commands_section},
    {"outputs", parse_outputs_section}, {"cooperativeVector", parse_coop_vector_section},
    {"metadata", parse_metadata_section},
};

struct caps_adapter *caps_profile_parse(const char *bytes, size_t length, const char *origin,
        const struct caps_adapter *(*find_parent)(const char *id), char *error, size_t error_size)
{
    static const caps_name top_keys[] = {"id", "description", "inherits", "adapter", "features", "formats",
            "newValues", "lowerBounds", "metaCommands", "outputs", "cooperativeVector", "metadata", ""};
    struct caps_json_reader ctx = {bytes, length, origin ? origin : "<string>", error, error_size, false, {{{0}}, 0}, NULL};
    const struct caps_adapter *parent = NULL;
    struct caps_adapter *a = NULL;
    json_error_t jerr = {0};
    unsigned given_uma = 0, i;
    json_t *root, *v;

    if (error && error_size)
        error[0] = 0;
    caps_json_init();
    if (!(root = json_loadb(bytes, length, JSON_REJECT_DUPLICATES, &jerr)))
    {
        if (error)
            caps_json_load_error(&jerr, ctx.origin, error, error_size);
        return NULL;
    }
    if (!(a = adapter_alloc()))
    {
        caps_json_fail(&ctx, "out of memory");
        goto failed;
    }
    if (!expect_object(&ctx, root) || !check_keys(&ctx, root, top_keys, "a profile"))
        goto failed;

    if (!parse_names(&ctx, a, root, find_parent, &parent) || !take_new_values(&ctx, a, root, parent))
        goto failed;
    for (i = 0; i < sizeof(profile_sections) / sizeof(profile_sections[0]); ++i)
    {
        if (!(v = json_object_get(root, profile_sections[i].key)))
            continue;
        caps_json_push_key(&ctx, profile_sections[i].key);
        if (!profile_sections[i].parse(&ctx, a, v, &given_uma))
            goto failed;
        caps_json_pop(&ctx);
    }
    if (!take_uma(&ctx, a, given_uma))
        goto failed;
    if (parent && !inherit(&ctx, a, parent, json_object_get(root, "adapter")))
        goto failed;
    if (!finish_dxgi_flags(&ctx, a, json_object_get(root, "adapter"), parent))
        goto failed;
    /* Every D3D10+ adapter of Windows answers CheckInterfaceSupport(IDXGIDevice). */
    if (!a->extra.has_umd_version)
    {
        a->extra.has_umd_version = true;
        a->extra.umd_version = CAPS_SYNTHETIC_UMD_VERSION;
    }
    if (!caps_apply_rules(a, error, error_size))
    {
        ctx.failed = true;
        goto failed;
    }

    if (!take_feature_level(&ctx, a))
        goto failed;
    if (a->format_count)
        qsort(a->formats, a->format_count, sizeof(*a->formats), compare_formats);
    json_decref(root);
    return a;

failed:
    if (!ctx.failed && error && error_size)
        snprintf(error, error_size, "%s: invalid profile", ctx.origin);
    caps_adapter_free(a);
    json_decref(root);
    return NULL;
}
