/*
 * FORMAT_SUPPORT derived from a Vulkan report's format properties: each DXGI
 * format's VkFormat (data/vulkan-formats.tsv) and the bit rules of
 * data/vulkan-format-rules.tsv, both compiled by tools/gen_vulkan_formats.py.
 * The rows are applied in order to the format's image and buffer features as
 * the rule set's layer reads them (docs/vulkan.md, "Formats").
 */
#include <stdio.h>
#include <string.h>

#include "caps/vulkan.h"

#define MAX_FEATURES 64

/* Format feature bits by short name (SAMPLED_IMAGE), whatever the struct. */
struct feature_set
{
    char names[MAX_FEATURES][48];
    size_t count;
};

struct format_view
{
    struct feature_set image, buffer;
    const char *image_source, *buffer_source;
    bool optimal, emulated;
    char vk[96];      /* the VK_FORMAT_ name read */
    bool in_report;
};

static bool set_has(const struct feature_set *s, const char *name, size_t len)
{
    size_t i;

    for (i = 0; i < s->count; ++i)
        if (strlen(s->names[i]) == len && !strncmp(s->names[i], name, len))
            return true;
    return false;
}

static void set_add(struct feature_set *s, const char *name, size_t len)
{
    if (s->count == MAX_FEATURES || len >= sizeof(s->names[0]) || set_has(s, name, len))
        return;
    memcpy(s->names[s->count], name, len);
    s->names[s->count++][len] = 0;
}

/* Adds a JSON list of VK_FORMAT_FEATURE_[2_]X_BIT[_KHR|_EXT] names as X. */
static void set_add_list(struct feature_set *s, const json_t *list)
{
    static const char suffixes[][9] = {"_BIT_KHR", "_BIT_EXT", "_BIT"};
    const char *name;
    size_t i, j, len;

    for (i = 0; list && i < json_array_size(list); ++i)
    {
        if (!(name = json_string_value(json_array_get(list, i))))
            continue;
        if (!strncmp(name, "VK_FORMAT_FEATURE_2_", 20))
            name += 20;
        else if (!strncmp(name, "VK_FORMAT_FEATURE_", 18))
            name += 18;
        len = strlen(name);
        for (j = 0; j < 3; ++j)
        {
            size_t sl = strlen(suffixes[j]);
            if (len > sl && !strcmp(name + len - sl, suffixes[j]))
            {
                len -= sl;
                break;
            }
        }
        set_add(s, name, len);
    }
}

/* The report's entry for VK_FORMAT_<vk>, also under its _KHR/_EXT alias. */
static const json_t *report_format(const struct caps_vulkan_report *report, const char *vk, char *full, size_t size)
{
    static const char suffixes[][5] = {"", "_KHR", "_EXT"};
    const json_t *f;
    size_t i;

    for (i = 0; i < 3; ++i)
    {
        snprintf(full, size, "VK_FORMAT_%s%s", vk, suffixes[i]);
        if ((f = json_object_get(report->formats, full)))
            return f;
    }
    snprintf(full, size, "VK_FORMAT_%s", vk);
    return NULL;
}

static const json_t *properties(const json_t *format, bool v3_first, const char **which)
{
    const json_t *v3 = json_object_get(format, "VkFormatProperties3");
    const json_t *v1 = json_object_get(format, "VkFormatProperties");
    const json_t *p = v3_first ? (v3 ? v3 : v1) : (v1 ? v1 : v3);

    *which = p == v3 ? "VkFormatProperties3" : "VkFormatProperties";
    return p;
}

static void tiling_features(const json_t *format, bool v3_first, const char *tiling, struct feature_set *out)
{
    const char *which;

    set_add_list(out, json_object_get(properties(format, v3_first, &which), tiling));
}

/* vkd3d-proton keeps optimal tiling unless only linear tiling has one of
 * these; depth-stencil table entries always use optimal tiling. */
static bool tiling_usable(const struct feature_set *s)
{
    static const char usable[][17] = {"SAMPLED_IMAGE", "STORAGE_IMAGE", "COLOR_ATTACHMENT", "TRANSFER_SRC",
            "TRANSFER_DST"};
    size_t i;

    for (i = 0; i < 5; ++i)
        if (set_has(s, usable[i], strlen(usable[i])))
            return true;
    return false;
}

/* Does `s` have every comma-separated item, an item being A|B? "any" and
 * "none" test emptiness. */
static bool features_match(const struct feature_set *s, const char *cond)
{
    const char *p = cond, *end, *alt;
    bool any;

    if (!cond)
        return true;
    if (!strcmp(cond, "any"))
        return s->count != 0;
    if (!strcmp(cond, "none"))
        return s->count == 0;
    while (*p)
    {
        end = p + strcspn(p, ",");
        any = false;
        while (p < end)
        {
            alt = p + strcspn(p, "|,");
            any |= set_has(s, p, (size_t)(alt - p));
            p = *alt == '|' ? alt + 1 : alt;
        }
        if (!any)
            return false;
        p = *end ? end + 1 : end;
    }
    return true;
}

static bool predicate(const struct caps_vulkan_format_map *m, const struct format_view *v, const char *name, size_t len)
{
    static const struct
    {
        const char *name;
        unsigned attrs;
    }
    attrs[] =
    {
        {"typeless", CAPS_VULKAN_TYPE_TYPELESS}, {"uint", CAPS_VULKAN_TYPE_UINT}, {"sint", CAPS_VULKAN_TYPE_SINT},
        {"other", CAPS_VULKAN_TYPE_OTHER}, {"color", CAPS_VULKAN_ASPECT_COLOR}, {"depth", CAPS_VULKAN_ASPECT_DEPTH},
        {"planar", CAPS_VULKAN_ASPECT_PLANAR}, {"block1", CAPS_VULKAN_FORMAT_BLOCK1}, {"dsv", CAPS_VULKAN_FORMAT_DSV},
        {"depth_view", CAPS_VULKAN_FORMAT_DEPTH_VIEW}, {"cast_family", CAPS_VULKAN_FORMAT_CAST_FAMILY},
        {"depth_table", CAPS_VULKAN_FORMAT_DEPTH_TABLE},
    };
    unsigned aspect = m->attrs & (CAPS_VULKAN_ASPECT_DEPTH_STENCIL | CAPS_VULKAN_ASPECT_COLOR | CAPS_VULKAN_ASPECT_PLANAR);
    bool negate = len && name[0] == '!';
    bool result = false;
    size_t i;

    if (negate)
        ++name, --len;
#define IS(s) (len == strlen(s) && !strncmp(name, s, len))
    if (IS("stencil_only"))
        result = aspect == CAPS_VULKAN_ASPECT_STENCIL;
    else if (IS("single_aspect"))
        result = aspect == CAPS_VULKAN_ASPECT_COLOR || aspect == CAPS_VULKAN_ASPECT_DEPTH
                || aspect == CAPS_VULKAN_ASPECT_STENCIL;
    else if (IS("emulated"))
        result = v->emulated;
    else if (IS("optimal"))
        result = v->optimal;
    else
        for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); ++i)
            if (IS(attrs[i].name))
                result = (m->attrs & attrs[i].attrs) != 0;
#undef IS
    return negate ? !result : result;
}

static bool format_is(const struct caps_vulkan_format_map *m, const struct format_view *v, const char *cond)
{
    const char *p = cond, *end, *alt;
    bool any;

    if (!cond)
        return true;
    while (*p)
    {
        end = p + strcspn(p, ",");
        any = false;
        while (p < end)
        {
            alt = p + strcspn(p, "|,");
            any |= predicate(m, v, p, (size_t)(alt - p));
            p = *alt == '|' ? alt + 1 : alt;
        }
        if (!any)
            return false;
        p = *end ? end + 1 : end;
    }
    return true;
}

static bool in_list(const char *list, const char *name)
{
    size_t len = strlen(name);
    const char *p = list;

    if (!list)
        return true;
    while (*p)
    {
        size_t n = strcspn(p, ",");
        if (n == len && !strncmp(p, name, len))
            return true;
        p += n;
        if (*p)
            ++p;
    }
    return false;
}

/* Reads the features the rule set's layer sees for a mapped format. */
static void read_view(const struct caps_vulkan_report *report, enum caps_vulkan_ruleset ruleset,
        const struct caps_vulkan_format_map *m, struct format_view *v)
{
    bool proton = ruleset == CAPS_VULKAN_RULES_VKD3D_PROTON;
    const char *vk = caps_vulkan_format_string(m->vk), *which;
    char other[96], fallback_vk[64];
    const json_t *f, *g;
    struct feature_set a, b;

    memset(v, 0, sizeof(*v));
    v->optimal = true;
    f = report_format(report, vk, v->vk, sizeof(v->vk));
    if (m->fallback)
    {
        const char *fallback = caps_vulkan_format_string(m->fallback), *space = strchr(fallback, ' ');
        const char *bits = strchr(space + 1, ' ') + 1;
        bool lacks = !strncmp(space + 1, "if-lacks", 8), use = false;

        snprintf(fallback_vk, sizeof(fallback_vk), "%.*s", (int)(space - fallback), fallback);
        g = report_format(report, fallback_vk, other, sizeof(other));
        memset(&a, 0, sizeof(a));
        memset(&b, 0, sizeof(b));
        if (f)
            tiling_features(f, proton, "optimalTilingFeatures", &a);
        if (lacks)
            use = !features_match(&a, bits);
        else
        {
            /* The fallback is used when it has one of the bits the
             * format lacks (optimal tiling and buffer features). */
            const char *p = bits;
            if (f)
                set_add_list(&a, json_object_get(properties(f, proton, &which), "bufferFeatures"));
            if (g)
            {
                tiling_features(g, proton, "optimalTilingFeatures", &b);
                set_add_list(&b, json_object_get(properties(g, proton, &which), "bufferFeatures"));
            }
            while (*p && !use)
            {
                size_t n = strcspn(p, ",");
                use = set_has(&b, p, n) && !set_has(&a, p, n);
                p += n;
                if (*p)
                    ++p;
            }
        }
        if (use)
        {
            v->emulated = true;
            f = g;
            memcpy(v->vk, other, sizeof(v->vk));
        }
    }
    v->in_report = f != NULL;
    /* A planar format unites its view formats' features even when the
     * report lacks the planar format itself. */
    if (!f && !(proton && m->cast))
        return;

    if (!proton)
    {
        tiling_features(f, false, "linearTilingFeatures", &v->image);
        tiling_features(f, false, "optimalTilingFeatures", &v->image);
        set_add_list(&v->buffer, json_object_get(properties(f, false, &which), "bufferFeatures"));
        v->image_source = which[18] ? "VkFormatProperties3.linearTilingFeatures | optimalTilingFeatures"
                : "VkFormatProperties.linearTilingFeatures | optimalTilingFeatures";
        v->buffer_source = which[18] ? "VkFormatProperties3.bufferFeatures" : "VkFormatProperties.bufferFeatures";
        return;
    }

    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    tiling_features(f, true, "optimalTilingFeatures", &a);
    tiling_features(f, true, "linearTilingFeatures", &b);
    properties(f, true, &which);
    v->optimal = (m->attrs & CAPS_VULKAN_FORMAT_DEPTH_TABLE) || tiling_usable(&a) || !tiling_usable(&b);
    v->image = v->optimal ? a : b;
    v->image_source = v->optimal ? (which[18] ? "VkFormatProperties3.optimalTilingFeatures"
            : "VkFormatProperties.optimalTilingFeatures") : (which[18] ? "VkFormatProperties3.linearTilingFeatures"
            : "VkFormatProperties.linearTilingFeatures");
    if (m->cast)
    {
        /* Planar formats: the features of every format a view may use. */
        const char *p = caps_vulkan_format_string(m->cast);
        while (*p)
        {
            size_t n = strcspn(p, ",");
            snprintf(fallback_vk, sizeof(fallback_vk), "%.*s", (int)n, p);
            if ((g = report_format(report, fallback_vk, other, sizeof(other))))
                tiling_features(g, true, v->optimal ? "optimalTilingFeatures" : "linearTilingFeatures", &v->image);
            p += n;
            if (*p)
                ++p;
        }
    }
    if (!(m->attrs & CAPS_VULKAN_FORMAT_DEPTH_TABLE))
    {
        set_add_list(&v->buffer, json_object_get(properties(f, true, &which), "bufferFeatures"));
        v->buffer_source = which[18] ? "VkFormatProperties3.bufferFeatures" : "VkFormatProperties.bufferFeatures";
    }
}

static json_t *flags_value(unsigned which, unsigned value)
{
    char text[1024];
    size_t i, o = 0;

    if (!value)
        return json_integer(0);
    text[0] = 0;
    for (i = 0; i < caps_vulkan_format_flag_count; ++i)
    {
        const struct caps_vulkan_format_flag *f = &caps_vulkan_format_flags[i];
        if (f->which == which && (value & f->value) == f->value)
            o += (size_t)snprintf(text + o, sizeof(text) - o, "%s%s", o ? " | " : "",
                    caps_vulkan_format_string(f->name));
        if (o >= sizeof(text))
            return json_integer((json_int_t)value);
    }
    return json_string(text);
}

static size_t append(char *out, size_t size, size_t o, const char *fmt, const char *a, const char *b)
{
    if (o < size)
        o += (size_t)snprintf(out + o, size - o, fmt, a, b);
    return o;
}

static size_t append_set(char *out, size_t size, size_t o, const struct feature_set *s)
{
    size_t i;

    if (!s->count)
        return append(out, size, o, "%s%s", "(none)", "");
    for (i = 0; i < s->count; ++i)
        o = append(out, size, o, "%s%s", i ? "," : "", s->names[i]);
    return o;
}

bool caps_vulkan_derive_formats(const struct caps_vulkan_report *report, enum caps_vulkan_ruleset ruleset,
        caps_vulkan_condition_fn condition, void *ctx, json_t *formats, json_t *provenance,
        char *error, size_t error_size)
{
    signed char device[256];
    char text[2048], trace[1024], line[16];
    size_t i, r, o;

    (void)error;
    (void)error_size;
    if (caps_vulkan_format_rule_count > sizeof(device))
        return false;
    memset(device, -2, sizeof(device));
    for (i = 0; i < caps_vulkan_format_map_count; ++i)
    {
        const struct caps_vulkan_format_map *m = &caps_vulkan_format_maps[i];
        unsigned support1 = 0, support2 = 0;
        struct format_view v;
        char name[96];
        bool first = true;
        int ok;
        json_t *entry;

        if (m->rules != ruleset)
            continue;
        snprintf(name, sizeof(name), "DXGI_FORMAT_%s", caps_vulkan_format_string(m->dxgi));
        o = 0;
        text[0] = 0;
        if (m->when && (ok = condition(ctx, caps_vulkan_format_string(m->when), trace, sizeof(trace))) <= 0)
        {
            if (ok < 0)
                return false;
            snprintf(text, sizeof(text), "mapped to VK_FORMAT_%s only when %s (data/vulkan-formats.tsv:%u): %s; "
                    "not supported", caps_vulkan_format_string(m->vk), caps_vulkan_format_string(m->when), m->line,
                    trace);
        }
        else if (!m->vk)
        {
            snprintf(text, sizeof(text), "no VkFormat in the %s format table (data/vulkan-formats.tsv): not supported",
                    ruleset == CAPS_VULKAN_RULES_VKD3D ? "vkd3d" : "vkd3d-proton");
        }
        else
        {
            read_view(report, ruleset, m, &v);
            if (!v.in_report)
                o = append(text, sizeof(text), o, "%s is not in the report (no features)%s", v.vk, "");
            else
            {
                o = append(text, sizeof(text), o, "%s%s", v.vk, v.emulated ? " (the fallback)" : "");
                o = append(text, sizeof(text), o, " %s = %s", v.image_source, "");
                o = append_set(text, sizeof(text), o, &v.image);
                if (v.buffer_source)
                {
                    o = append(text, sizeof(text), o, "; %s = %s", v.buffer_source, "");
                    o = append_set(text, sizeof(text), o, &v.buffer);
                }
            }
            for (r = 0; r < caps_vulkan_format_rule_count; ++r)
            {
                const struct caps_vulkan_format_rule *rule = &caps_vulkan_format_rules[r];

                if (rule->rules != CAPS_VULKAN_RULES_ANY && rule->rules != ruleset)
                    continue;
                if (!in_list(caps_vulkan_format_string(rule->formats), caps_vulkan_format_string(m->dxgi))
                        || !format_is(m, &v, caps_vulkan_format_string(rule->format_is))
                        || !features_match(&v.image, caps_vulkan_format_string(rule->image))
                        || !features_match(&v.buffer, caps_vulkan_format_string(rule->buffer)))
                    continue;
                if (rule->device)
                {
                    if (device[r] == -2)
                        device[r] = (signed char)condition(ctx, caps_vulkan_format_string(rule->device), trace,
                                sizeof(trace));
                    if (device[r] < 0)
                        return false;
                    if (!device[r])
                        continue;
                }
                if (rule->op == CAPS_VULKAN_FORMAT_CLEAR)
                {
                    if (!(support1 & rule->support1) && !(support2 & rule->support2))
                        continue;
                    support1 &= ~rule->support1;
                    support2 &= ~rule->support2;
                }
                else
                {
                    support1 |= rule->support1;
                    support2 |= rule->support2;
                }
                snprintf(line, sizeof(line), "%u", rule->line);
                o = append(text, sizeof(text), o, first ? "; data/vulkan-format-rules.tsv:%s%s" : ",%s%s", line,
                        rule->op == CAPS_VULKAN_FORMAT_CLEAR ? "(clear)"
                        : !strcmp(caps_vulkan_format_string(rule->kind), "assumed") ? "(assumed)" : "");
                first = false;
                if (rule->op == CAPS_VULKAN_FORMAT_ONLY)
                    break;
            }
        }
        entry = json_object();
        json_object_set_new(entry, "Support1", flags_value(1, support1));
        json_object_set_new(entry, "Support2", flags_value(2, support2));
        json_object_set_new(formats, name, entry);
        json_object_set_new(provenance, name, json_string(text));
    }
    return true;
}
