/*
 * mockd3d12 forward-check: finds exact-value capability checks. For each
 * adapter it runs the command once as a baseline with a capability trace,
 * then once per capability field the trace shows it read with that field
 * raised (the next value the SDK defines, a value above every published
 * one, TRUE, one more flag bit, a doubled limit) and once with it lowered,
 * each through a derived profile (the adapter, "inherits", plus the one
 * field). Every run is on the configured runtime moved before the
 * CheckFeatureSupport1 cutoff, where nothing is pinned, so the raised value
 * reaches the legacy entry point; what CheckFeatureSupport1 at the
 * program's own SDK version (which a probe run on the configured runtime
 * shows) would have shown is asked of the runtime here, in this process,
 * through the same walk. A raise regresses when the exit
 * status turns non-zero or the output gets back a line of the lower
 * value's (forward_rules.c). docs/forward-check.md.
 */
#ifndef _WIN32
#define _XOPEN_SOURCE 700
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#ifdef _WIN32
#include <direct.h>
#else
#include <sys/stat.h>
#endif

#include "forward.h"

#define FC_DEFAULT_TIMEOUT 300.0
/* The runs' cutoff: past every runtime the runs use, so none has
 * CheckFeatureSupport1 and the legacy entry point pins nothing the derived
 * profiles declare (their newValues come one SDK after the runtime's). */
#define FC_CUTOFF_RETAIL 699u
#define FC_CUTOFF_PREVIEW 65534u

static const char *const fc_variables[] =
{
    "MOCKD3D12_ADAPTER", "MOCKD3D12_RUNTIME_KIND", "MOCKD3D12_SDK_VERSION", "MOCKD3D12_PREVIEW_SDK_VERSION",
    "MOCKD3D12_CUTOFF_SDK_VERSION", "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION", "MOCKD3D12_CLAMP_RETROACTIVE",
    "MOCKD3D12_TRACE", "MOCKD3D12_PROFILE_PATH",
};
#define FC_VARIABLE_COUNT (sizeof(fc_variables) / sizeof(fc_variables[0]))

/* ---- The runs' environment ---- */

/* The first phase runs each adapter's baseline (index a) and its SDK probe
 * (index adapter_count + a); the second, the raises. */
static struct cli_run *runner_run(void *ctx, unsigned index)
{
    struct fc_check *c = ctx;

    if (!c->derived_phase)
        return index < c->adapter_count ? &c->runs[index].baseline : &c->runs[index - c->adapter_count].probe;
    return c->raises[index].loaded ? &c->raises[index].run : NULL;
}

static bool runner_value(void *ctx, unsigned index, unsigned variable, char *buffer, size_t size)
{
    struct fc_check *c = ctx;
    const struct fc_raise *raise = c->derived_phase ? &c->raises[index] : NULL;
    bool probe = !raise && index >= c->adapter_count;
    unsigned adapter = raise ? raise->adapter : probe ? index - c->adapter_count : index;
    const struct fc_adapter_run *run = &c->runs[adapter];
    const mockd3d12_runtime *rt = &c->runtime;

    switch (variable)
    {
        case 0: snprintf(buffer, size, "%s", raise ? raise->path : c->adapters[adapter].env_value); return true;
        case 1: snprintf(buffer, size, "%s", rt->kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail"); return true;
        case 2: snprintf(buffer, size, "%u", rt->sdk_version); return true;
        case 3: snprintf(buffer, size, "%u", rt->preview_sdk_version); return true;
        /* The probe runs on the configured runtime as it is, CheckFeatureSupport1 and all. */
        case 4: snprintf(buffer, size, "%u", probe ? rt->cutoff_sdk_version : FC_CUTOFF_RETAIL); return true;
        case 5: snprintf(buffer, size, "%u", probe ? rt->cutoff_preview_sdk_version : FC_CUTOFF_PREVIEW); return true;
        case 6: snprintf(buffer, size, "%d", probe && rt->retroactive ? 1 : 0); return true;
        case 7:
            if (raise)
                return false;
            snprintf(buffer, size, "%s", probe ? run->probe_trace_path : run->trace_path);
            return true;
        default:
            /* A file's adapter is not registered in the command's process: its
             * dump is, from a directory of the profile path, for "inherits". */
            if (raise && run->parent_dir)
            {
                snprintf(buffer, size, "%s%s%s", run->parent_dir, c->profile_path ? ":" : "",
                        c->profile_path ? c->profile_path : "");
                return true;
            }
            if (!c->profile_path)
                return false;
            snprintf(buffer, size, "%s", c->profile_path);
            return true;
    }
}

static int run_all(struct fc_check *c, bool derived)
{
    struct cli_runner runner;

    memset(&runner, 0, sizeof(runner));
    c->derived_phase = derived;
    runner.name = "forward-check";
    runner.noun = "runs";
    runner.command = c->command;
    runner.jobs = c->jobs;
    runner.timeout = c->timeout;
    runner.variables = fc_variables;
    runner.variable_count = FC_VARIABLE_COUNT;
    runner.count = derived ? c->raise_count : 2 * c->adapter_count;
    runner.run = runner_run;
    runner.value = runner_value;
    runner.ctx = c;
    return cli_run_commands(&runner);
}

/* ---- What the baseline read ---- */

struct fc_read
{
    unsigned field;
    unsigned sdk;            /* the SDK version it passed to CheckFeatureSupport1, 0 for the legacy entry point */
};

struct fc_reads
{
    struct fc_read *items;
    unsigned count;
};

/* The fields a raise can change: a profile states them, they are a runtime
 * output, and they are a boolean, a number or an enum. */
static bool raisable(const mockd3d12_field_desc *f)
{
    return f->profile_field && f->scalar && f->kind != MOCKD3D12_FIELD_OPAQUE && f->direction != MOCKD3D12_FIELD_IN;
}

static void read_record(void *ctx, json_t *record)
{
    struct fc_reads *reads = ctx;
    const char *entry = json_string_value(json_object_get(record, "entry"));
    const char *hr = json_string_value(json_object_get(record, "hr"));
    const char *feature = json_string_value(json_object_get(record, "feature"));
    json_t *sdk = json_object_get(record, "sdkVersion"), *value;
    const char *name;

    if (!entry || strncmp(entry, "CheckFeatureSupport", 19) || !hr || strcmp(hr, "S_OK") || !feature)
        return;
    json_object_foreach(json_object_get(record, "answer"), name, value)
    {
        struct fc_read *grown;
        UINT index;
        unsigned i;

        (void)value;
        if (FAILED(mockd3d12_find_field(feature, name, &index)) || !raisable(cli_field(index)))
            continue;
        for (i = 0; i < reads->count && reads->items[i].field != index; ++i)
            ;
        if (i == reads->count)
        {
            if (!(grown = realloc(reads->items, (reads->count + 1) * sizeof(*grown))))
                return;
            reads->items = grown;
            reads->items[reads->count].field = index;
            reads->items[reads->count++].sdk = 0;
        }
        if (json_is_integer(sdk) && !reads->items[i].sdk)
            reads->items[i].sdk = (unsigned)json_integer_value(sdk);
    }
}

/* The SDK version the probe passed to CheckFeatureSupport1 for a feature
 * (the first it passed), by feature index. */
struct fc_sdk_versions
{
    unsigned versions[CLI_MAX_FEATURES];
};

static void read_sdk_record(void *ctx, json_t *record)
{
    struct fc_sdk_versions *sdk = ctx;
    const char *entry = json_string_value(json_object_get(record, "entry"));
    const char *feature = json_string_value(json_object_get(record, "feature"));
    json_t *version = json_object_get(record, "sdkVersion");
    UINT index;

    if (entry && !strcmp(entry, "CheckFeatureSupport1") && feature && json_is_integer(version)
            && SUCCEEDED(mockd3d12_find_feature(feature, &index)) && index < CLI_MAX_FEATURES
            && !sdk->versions[index])
        sdk->versions[index] = (unsigned)json_integer_value(version);
}

/* ---- Values ---- */

static const mockd3d12_feature_desc *feature_of(unsigned field)
{
    static mockd3d12_feature_desc desc;

    mockd3d12_get_feature_desc(cli_field(field)->feature_index, &desc);
    return &desc;
}

/* The values the SDK defines for an enum field, and those the adapter
 * declares (newValues): allocated, *count of them. */
static uint32_t *defined_values(const char *adapter, unsigned field, unsigned *count)
{
    const mockd3d12_field_desc *f = cli_field(field);
    mockd3d12_enum_value_desc *members, *declared = NULL;
    UINT member_count, declared_count = 0, i;
    uint32_t *values;

    members = cli_enum_values(f->enum_name, &member_count);
    if (SUCCEEDED(mockd3d12_adapter_declared_values(adapter, field, NULL, 0, &declared_count)) && declared_count
            && (declared = calloc(declared_count, sizeof(*declared))))
        mockd3d12_adapter_declared_values(adapter, field, declared, declared_count, &declared_count);
    else
        declared_count = 0;
    *count = 0;
    if ((values = calloc(member_count + declared_count + 1, sizeof(*values))))
    {
        for (i = 0; i < member_count; ++i)
            if (!members[i].is_alias)
                values[(*count)++] = members[i].value;
        for (i = 0; i < declared_count; ++i)
            values[(*count)++] = declared[i].value;
    }
    free(members);
    free(declared);
    return values;
}

static void facts_of(const char *adapter, unsigned field, struct fc_field_facts *facts, uint32_t **values)
{
    const mockd3d12_field_desc *f = cli_field(field);

    memset(facts, 0, sizeof(*facts));
    *values = NULL;
    if (f->kind == MOCKD3D12_FIELD_BOOL)
        facts->kind = FC_BOOL;
    else if (f->kind == MOCKD3D12_FIELD_UINT)
    {
        facts->kind = FC_LIMIT;
        facts->max = f->size >= 8 ? UINT64_MAX : (UINT64_C(1) << (8 * f->size)) - 1;
    }
    else
    {
        facts->kind = f->enum_is_flags ? FC_FLAGS : FC_ENUM;
        *values = defined_values(adapter, field, &facts->value_count);
        facts->values = *values;
    }
}

/* The name of an enum value: the tables', then the adapter's newValues. */
static const char *value_name(const char *adapter, unsigned field, uint64_t value)
{
    const char *name = NULL;

    if (mockd3d12_adapter_value_name(adapter, field, (UINT)value, &name) != S_OK)
        return NULL;
    return name;
}

static void value_text(const char *adapter, unsigned field, uint64_t value, bool unpublished, char *buffer,
        size_t size)
{
    const mockd3d12_field_desc *f = cli_field(field);
    const char *name;

    if (f->kind == MOCKD3D12_FIELD_BOOL)
        snprintf(buffer, size, "%s", value ? "TRUE" : "FALSE");
    else if (f->kind == MOCKD3D12_FIELD_UINT)
        snprintf(buffer, size, "%llu", (unsigned long long)value);
    else if (f->enum_is_flags)
    {
        unsigned char data[1024] = {0};
        uint32_t v32 = (uint32_t)value;

        memcpy(data + f->offset, &v32, sizeof(v32) < f->size ? sizeof(v32) : f->size);
        cli_format_field(adapter, field, data, buffer, size);
        if (unpublished && strlen(buffer) + 15 < size)
            strcat(buffer, " (unpublished)");
    }
    else if (unpublished || !(name = value_name(adapter, field, value)))
        snprintf(buffer, size, "%llu%s", (unsigned long long)value, unpublished ? " (unpublished)" : "");
    else
        snprintf(buffer, size, "%s", cli_enum_tail(name));
}

/* ---- Derived profiles ---- */

static char *join_path(const char *dir, const char *name)
{
    char *path = malloc(strlen(dir) + strlen(name) + 2);

    if (path)
        sprintf(path, "%s/%s", dir, name);
    return path;
}

static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;

    if (f && fclose(f))
        ok = false;
    if (!ok)
        fprintf(stderr, "mockd3d12 forward-check: cannot write %s: %s\n", path, strerror(errno));
    return ok;
}

static bool make_dir(const char *path)
{
#ifdef _WIN32
    return !_mkdir(path);
#else
    return !mkdir(path, 0700);
#endif
}

/* The value as the profile states it: a name for an enum, a number else. */
static json_t *profile_value(const struct fc_raise *raise, const char *adapter, const char *unpublished_name)
{
    const mockd3d12_field_desc *f = cli_field(raise->field);
    const char *name;
    char text[32];

    if (f->kind == MOCKD3D12_FIELD_BOOL)
        return json_boolean(raise->to != 0);
    if (f->kind == MOCKD3D12_FIELD_ENUM && !f->enum_is_flags)
    {
        if (unpublished_name)
            return json_string(unpublished_name);
        if ((name = value_name(adapter, raise->field, raise->to)))
            return json_string(name);
    }
    if (f->size >= 8)
    {
        snprintf(text, sizeof(text), "0x%llX", (unsigned long long)raise->to);
        return json_string(text);
    }
    return json_integer((json_int_t)raise->to);
}

/* The adapter with the raise's one field changed, as a profile that
 * inherits the adapter; a value above every published one is declared
 * under newValues, one SDK after the runtime's (unknown to every caller the
 * runtime accepts). Written to the directory and registered here, which
 * says whether the loader takes it. */
static bool derive_profile(struct fc_check *c, struct fc_raise *raise, unsigned number)
{
    const struct cli_adapter *a = &c->adapters[raise->adapter];
    const mockd3d12_field_desc *f = cli_field(raise->field);
    const mockd3d12_feature_desc *feature = feature_of(raise->field);
    json_t *root, *fields, *features;
    char name[256], file[96], field_path[256];
    char *text;
    bool ok;

    snprintf(raise->id, sizeof(raise->id), "forward-check-%u", number);
    snprintf(file, sizeof(file), "%s.json", raise->id);
    snprintf(field_path, sizeof(field_path), "%s.%s", feature->name, f->name);
    snprintf(name, sizeof(name), "%s_UNPUBLISHED", f->enum_name ? f->enum_name : "VALUE");
    root = json_pack("{s:s, s:s, s:s}", "id", raise->id, "description", a->description, "inherits", a->id);
    fields = json_object();
    json_object_set_new(fields, f->name, profile_value(raise, a->id, raise->variant == FC_RAISE_ABOVE
            && !f->enum_is_flags ? name : NULL));
    features = json_object();
    json_object_set_new(features, feature->name, fields);
    json_object_set_new(root, "features", features);
    if (raise->variant == FC_RAISE_ABOVE)
    {
        const mockd3d12_runtime *rt = &c->runtime;
        uint32_t value = (uint32_t)raise->to;

        /* A flags field declares the new bit alone. */
        if (f->enum_is_flags)
            value = (uint32_t)(raise->to & ~raise->from);
        json_object_set_new(root, "newValues", json_pack("[{s:s, s:s, s:I, s:i, s:i}]", "field", field_path,
                "name", name, "value", (json_int_t)value,
                "firstRetail", (json_int_t)(rt->sdk_version < 699 ? rt->sdk_version + 1 : 699),
                "firstPreview", (json_int_t)(rt->preview_sdk_version < 65534 ? rt->preview_sdk_version + 1 : 65534)));
    }
    json_object_set_new(root, "metadata", json_pack("{s:s, s:s}", "confidence", "synthetic", "note",
            "mockd3d12 forward-check: the adapter it inherits with one field changed"));
    text = json_dumps(root, JSON_INDENT(2));
    json_decref(root);
    if (!text || !(raise->path = join_path(c->dir, file)))
    {
        free(text);
        return false;
    }
    ok = write_text(raise->path, text);
    raise->loaded = ok && SUCCEEDED(mockd3d12_register_profile(text, raise->why, sizeof(raise->why)));
    free(text);
    return ok;
}

/* A file's adapter: its dump in a directory of its own, which the derived
 * runs add to MOCKD3D12_PROFILE_PATH so that "inherits" finds it. */
static bool write_parent(struct fc_check *c, unsigned adapter)
{
    const struct cli_adapter *a = &c->adapters[adapter];
    struct fc_adapter_run *run = &c->runs[adapter];
    char name[96], *json = NULL, *path, *text;
    json_t *dump;
    bool ok;

    if (!strcmp(a->env_value, a->id) || run->parent_dir)
        return true;
    snprintf(name, sizeof(name), "parent-%u", adapter);
    if (!(run->parent_dir = join_path(c->dir, name)) || !make_dir(run->parent_dir))
    {
        fprintf(stderr, "mockd3d12 forward-check: cannot make a directory in %s\n", c->dir);
        return false;
    }
    snprintf(name, sizeof(name), "%s.json", a->id);
    if (FAILED(mockd3d12_adapter_to_json(a->id, &json)) || !(path = join_path(run->parent_dir, name)))
    {
        mockd3d12_free(json);
        return false;
    }
    /* Without its LUID: a report of a built-in GPU has the built-in's, which
     * the command's process has registered already. */
    if ((dump = json_loads(json, 0, NULL)))
        json_object_del(json_object_get(dump, "adapter"), "luid");
    text = dump ? json_dumps(dump, JSON_INDENT(2)) : NULL;
    ok = text && write_text(path, text);
    json_decref(dump);
    free(text);
    mockd3d12_free(json);
    free(path);
    return ok;
}

/* ---- CheckFeatureSupport1 at the program's SDK version ---- */

/* A runtime that has CheckFeatureSupport1 and accepts `sdk`: the configured
 * one, moved up to its cutoff (and to `sdk`) where it is older. */
static mockd3d12_runtime cfs1_runtime(const mockd3d12_runtime *configured, unsigned sdk)
{
    mockd3d12_runtime rt = *configured;

    if (rt.kind == MOCKD3D12_RUNTIME_PREVIEW)
    {
        if (rt.preview_sdk_version < rt.cutoff_preview_sdk_version)
            rt.preview_sdk_version = rt.cutoff_preview_sdk_version;
        if (sdk >= 700 && sdk > rt.preview_sdk_version)
            rt.preview_sdk_version = sdk;
    }
    else
    {
        if (rt.sdk_version < rt.cutoff_sdk_version)
            rt.sdk_version = rt.cutoff_sdk_version;
        if (sdk < 700 && sdk > rt.sdk_version)
            rt.sdk_version = sdk;
    }
    return rt;
}

static void check_cfs1(struct fc_check *c, struct fc_raise *raise, struct cli_report *report)
{
    mockd3d12_runtime rt = cfs1_runtime(&c->runtime, raise->sdk);
    const mockd3d12_feature_desc *feature = feature_of(raise->field);
    struct cli_options options;
    size_t i;

    memset(&options, 0, sizeof(options));
    options.has_sdk_version = true;
    options.sdk_version = raise->sdk;
    snprintf(raise->cfs1, sizeof(raise->cfs1), "CheckFeatureSupport1 with SDK %u: not asked", raise->sdk);
    if (FAILED(mockd3d12_set_runtime(&rt)) || cli_report_build(&options, raise->id, report) != CLI_OK)
        return;
    for (i = 0; i < report->count; ++i)
    {
        const struct cli_feature_report *r = &report->features[i];

        if (r->feature.value != feature->value)
            continue;
        if (!r->answered)
            snprintf(raise->cfs1, sizeof(raise->cfs1), "CheckFeatureSupport1 with SDK %u fails (0x%08X)",
                    raise->sdk, (unsigned)r->hr);
        else
            snprintf(raise->cfs1, sizeof(raise->cfs1), "CheckFeatureSupport1 with SDK %u would %shide this value",
                    raise->sdk, cli_field_get(raise->field, r->seen) == raise->to ? "not " : "");
    }
}

/* ---- Making the raises ---- */

static bool add_raise(struct fc_check *c, unsigned adapter, unsigned field, enum fc_variant variant, uint64_t from,
        uint64_t to, unsigned sdk)
{
    const char *id = c->adapters[adapter].id;
    struct fc_raise *grown, *raise;

    if (!(grown = realloc(c->raises, (c->raise_count + 1) * sizeof(*grown))))
        return false;
    c->raises = grown;
    raise = &grown[c->raise_count];
    memset(raise, 0, sizeof(*raise));
    raise->adapter = adapter;
    raise->field = field;
    raise->variant = variant;
    raise->from = from;
    raise->to = to;
    raise->lower = -1;
    raise->sdk = sdk ? sdk : mockd3d12_runtime_effective_version(&c->runtime);
    value_text(id, field, from, false, raise->from_text, sizeof(raise->from_text));
    value_text(id, field, to, variant == FC_RAISE_ABOVE, raise->to_text, sizeof(raise->to_text));
    return derive_profile(c, raise, c->raise_count++);
}

/* The adapter's true values on the runtime; the fields its baseline read;
 * the raises and lowerings of each. */
static int make_raises(struct fc_check *c, unsigned adapter, struct cli_report *report, struct cli_report *scratch)
{
    const struct cli_adapter *a = &c->adapters[adapter];
    struct fc_adapter_run *run = &c->runs[adapter];
    struct fc_reads reads = {NULL, 0};
    struct cli_options options;
    unsigned malformed, i;
    int ret = CLI_OK;

    struct fc_sdk_versions sdk;

    cli_trace_foreach(run->trace_path, read_record, &reads, &malformed);
    run->field_count = reads.count;
    if (!reads.count)
        return CLI_OK;
    /* The program's own SDK version, per feature: what it passed to
     * CheckFeatureSupport1 where the runtime has it (the probe). */
    memset(&sdk, 0, sizeof(sdk));
    cli_trace_foreach(run->probe_trace_path, read_sdk_record, &sdk, &malformed);
    for (i = 0; i < reads.count; ++i)
        if (!reads.items[i].sdk && cli_field(reads.items[i].field)->feature_index < CLI_MAX_FEATURES)
            reads.items[i].sdk = sdk.versions[cli_field(reads.items[i].field)->feature_index];
    memset(&options, 0, sizeof(options));
    if (FAILED(mockd3d12_set_runtime(&c->runtime)) || cli_report_build(&options, a->id, report) != CLI_OK)
    {
        free(reads.items);
        return CLI_FAILED;
    }
    if (!write_parent(c, adapter))
        ret = CLI_FAILED;
    for (i = 0; i < reads.count && ret == CLI_OK; ++i)
    {
        unsigned field = reads.items[i].field, first = c->raise_count, k;
        struct fc_field_facts facts;
        struct fc_values values;
        uint32_t *defined;
        uint64_t value = 0;
        bool found = false;
        size_t r;

        for (r = 0; r < report->count && !found; ++r)
            if (report->features[r].feature.value == feature_of(field)->value && report->features[r].answered)
            {
                value = cli_field_get(field, report->features[r].truth);
                found = true;
            }
        if (!found)
            continue;
        facts_of(a->id, field, &facts, &defined);
        fc_values_for(&facts, value, &values);
        free(defined);
        if ((values.has_next && !add_raise(c, adapter, field, FC_RAISE_NEXT, value, values.next, reads.items[i].sdk))
                || (values.has_above && !add_raise(c, adapter, field, FC_RAISE_ABOVE, value, values.above,
                        reads.items[i].sdk))
                || (values.has_lower && !add_raise(c, adapter, field, FC_LOWER, value, values.lower,
                        reads.items[i].sdk)))
        {
            ret = CLI_FAILED;
            break;
        }
        for (k = first; k < c->raise_count; ++k)
        {
            if (c->raises[k].variant != FC_LOWER)
            {
                c->raises[k].lower = values.has_lower ? (int)c->raise_count - 1 : -1;
                check_cfs1(c, &c->raises[k], scratch);
            }
        }
    }
    free(reads.items);
    return ret;
}

/* ---- Reports ---- */

static void judge(struct fc_check *c)
{
    unsigned i;

    for (i = 0; i < c->raise_count; ++i)
    {
        struct fc_raise *raise = &c->raises[i];
        const struct fc_raise *lower = raise->lower >= 0 ? &c->raises[raise->lower] : NULL;
        struct fc_adapter_run *run = &c->runs[raise->adapter];
        char name[256];

        if (raise->variant == FC_LOWER || !raise->loaded)
            continue;
        ++run->raises;
        if (lower && !lower->loaded)
            lower = NULL;
        if (!fc_judge(&run->baseline, &raise->run, lower ? &lower->run : NULL, &raise->judgement))
            continue;
        raise->judged = true;
        snprintf(name, sizeof(name), "%s.%s", feature_of(raise->field)->name, cli_field(raise->field)->name);
        fc_message(raise->message, sizeof(raise->message), name, raise->from_text, raise->to_text,
                lower ? lower->to_text : NULL, &run->baseline, &raise->run, &raise->judgement, raise->cfs1);
        run->regressions += raise->judgement.regressed;
    }
}

static void print_output(const struct cli_run *run, const char *indent)
{
    const char *p = run->output ? run->output : "";

    while (*p)
    {
        const char *nl = strchr(p, '\n');
        int length = nl ? (int)(nl - p) : (int)strlen(p);

        printf("%s%.*s\n", indent, length, p);
        p += length + (nl != NULL);
    }
}

static unsigned print_report(const struct fc_check *c)
{
    unsigned a, i, raises = 0, regressions = 0, fields = 0;
    char outcome[64];

    for (a = 0; a < c->adapter_count; ++a)
    {
        raises += c->runs[a].raises;
        regressions += c->runs[a].regressions;
        fields += c->runs[a].field_count;
    }
    printf("mockd3d12 forward-check: %u adapter(s) on %s (before the CheckFeatureSupport1 cutoff): %u raise(s) of "
            "%u field(s) read, %u regression(s)\n", c->adapter_count, c->runtime_label, raises, fields, regressions);
    for (a = 0; a < c->adapter_count; ++a)
    {
        const struct fc_adapter_run *run = &c->runs[a];

        fc_run_text(&run->baseline, outcome, sizeof(outcome));
        printf("\n%s: baseline %s; ", c->adapters[a].id, outcome);
        if (!run->field_count)
            printf("the command read no capability (no CheckFeatureSupport answer in its trace): nothing to raise\n");
        else
            printf("%u field(s) read, %u raise(s), %u regression(s)\n", run->field_count, run->raises,
                    run->regressions);
        if (run->baseline.status == CLI_RUN_NOT_STARTED)
            print_output(&run->baseline, "  ");
        for (i = 0; i < c->raise_count; ++i)
        {
            const struct fc_raise *raise = &c->raises[i];

            if (raise->adapter != a || raise->variant == FC_LOWER)
                continue;
            if (!raise->loaded)
                printf("  %s.%s %s \u2192 %s: not run: the profile loader refuses it: %s\n",
                        feature_of(raise->field)->name, cli_field(raise->field)->name, raise->from_text,
                        raise->to_text, raise->why);
            else if (raise->judged && raise->judgement.regressed)
                printf("  %s\n", raise->message);
        }
    }
    return regressions;
}

static bool write_junit(const struct fc_check *c, const char *path)
{
    unsigned i, tests = 0, failures = 0, skipped = 0;
    double seconds = 0;
    FILE *f = fopen(path, "w");

    if (!f)
    {
        fprintf(stderr, "mockd3d12 forward-check: --junit %s: cannot write the file: %s\n", path, strerror(errno));
        return false;
    }
    for (i = 0; i < c->raise_count; ++i)
    {
        const struct fc_raise *raise = &c->raises[i];

        if (raise->variant == FC_LOWER)
            continue;
        ++tests;
        skipped += !raise->loaded;
        failures += raise->judged && raise->judgement.regressed;
        seconds += raise->run.seconds;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"mockd3d12 forward-check\" tests=\"%u\" failures=\"%u\" errors=\"0\" "
            "time=\"%.3f\">\n", tests, failures, seconds);
    fprintf(f, "  <testsuite name=\"mockd3d12 forward-check\" tests=\"%u\" failures=\"%u\" errors=\"0\" "
            "skipped=\"%u\" time=\"%.3f\">\n", tests, failures, skipped, seconds);
    for (i = 0; i < c->raise_count; ++i)
    {
        const struct fc_raise *raise = &c->raises[i];
        char name[512];

        if (raise->variant == FC_LOWER)
            continue;
        snprintf(name, sizeof(name), "%s.%s %s \u2192 %s", feature_of(raise->field)->name,
                cli_field(raise->field)->name, raise->from_text, raise->to_text);
        cli_junit_case_begin(f, c->adapters[raise->adapter].id, name, raise->run.seconds);
        if (!raise->loaded)
        {
            fprintf(f, "      <skipped message=\"");
            cli_xml_escape(f, raise->why);
            fprintf(f, "\"/>\n");
        }
        else if (raise->judged && raise->judgement.regressed)
            cli_junit_failure(f, raise->message, raise->run.output);
        cli_junit_case_end(f, raise->run.output);
    }
    return cli_junit_close(f, "forward-check", path);
}

/* No trace, profile or dump left behind. */
static void clean_up(struct fc_check *c)
{
    unsigned i;

    for (i = 0; i < c->raise_count; ++i)
    {
        if (c->raises[i].path)
            remove(c->raises[i].path);
        free(c->raises[i].path);
        free(c->raises[i].run.output);
        fc_judgement_free(&c->raises[i].judgement);
    }
    for (i = 0; c->runs && i < c->adapter_count; ++i)
    {
        struct fc_adapter_run *run = &c->runs[i];

        if (run->trace_path)
            remove(run->trace_path);
        if (run->probe_trace_path)
            remove(run->probe_trace_path);
        if (run->parent_dir)
        {
            char *path = join_path(run->parent_dir, c->adapters[i].id);
            char *file = path ? malloc(strlen(path) + 6) : NULL;

            if (file)
            {
                sprintf(file, "%s.json", path);
                remove(file);
            }
            free(file);
            free(path);
            remove(run->parent_dir);
        }
        free(run->trace_path);
        free(run->probe_trace_path);
        free(run->parent_dir);
        free(run->baseline.output);
        free(run->probe.output);
    }
    if (c->dir[0])
        remove(c->dir);
    free(c->raises);
    free(c->runs);
    cli_free_adapters(c->adapters, c->adapter_count);
}

/* ---- The command line ---- */

static void runtime_label(const mockd3d12_runtime *rt, char *buffer, size_t size)
{
    if (rt->kind == MOCKD3D12_RUNTIME_PREVIEW)
        snprintf(buffer, size, "preview:%u:%u", rt->sdk_version, rt->preview_sdk_version);
    else
        snprintf(buffer, size, "retail:%u", rt->sdk_version);
}

int cli_cmd_forward_check(const struct cli_options *options)
{
    const char *adapters = options->adapters ? options->adapters : "all", *runtime = options->runtime_text;
    const char *junit = options->junit, *html = options->html;
    struct cli_report *report = NULL, *scratch = NULL;
    struct fc_check c;
    unsigned i;
    int ret;

    memset(&c, 0, sizeof(c));
    c.timeout = options->has_timeout ? options->timeout : FC_DEFAULT_TIMEOUT;
    c.jobs = options->jobs;
    c.runtime = options->runtime;
    c.command = options->command;
    c.command_count = options->command_count;
    if (!c.command_count)
        return cli_usage_error("forward-check", "needs a command after '--'");
    if (runtime)
    {
        if (!cli_parse_runtime(runtime, &c.runtime))
            return cli_usage_error("forward-check", "--runtime needs KIND[:SDK[:PREVIEW]] with KIND retail or preview, "
                    "got '%s'", runtime);
        if (FAILED(mockd3d12_set_runtime(&c.runtime)))
        {
            fprintf(stderr, "mockd3d12 forward-check: --runtime: invalid runtime '%s': %s\n", runtime,
                    mockd3d12_last_error());
            return CLI_USAGE;
        }
        mockd3d12_set_runtime(NULL);
    }
    else if (options->runtime_failed)
        return CLI_FAILED; /* a malformed MOCKD3D12_* runtime variable: the reason is on stderr already */
    if (c.runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? c.runtime.preview_sdk_version >= FC_CUTOFF_PREVIEW
            : c.runtime.sdk_version >= FC_CUTOFF_RETAIL)
        return cli_usage_error("forward-check", "the runtime must be older than SDK 699 / preview 65534 (the runs move "
                "the CheckFeatureSupport1 cutoff there), got '%s'", runtime ? runtime : "the configured one");
    runtime_label(&c.runtime, c.runtime_label, sizeof(c.runtime_label));
    c.profile_path = getenv("MOCKD3D12_PROFILE_PATH");
    if (c.profile_path && !*c.profile_path)
        c.profile_path = NULL;
    if ((ret = cli_parse_adapters("forward-check", adapters, &c.adapters, &c.adapter_count)))
    {
        if (ret == CLI_USAGE)
            cli_print_usage("forward-check");
        goto done;
    }
    if ((ret = cli_run_supported("forward-check")))
        goto done;
    if (!(c.runs = calloc(c.adapter_count, sizeof(*c.runs))) || !(report = malloc(sizeof(*report)))
            || !(scratch = malloc(sizeof(*scratch))))
    {
        ret = CLI_FAILED;
        goto done;
    }
    if (!cli_make_temp_dir("forward-check", "the traces and profiles", c.dir, sizeof(c.dir)))
    {
        ret = CLI_FAILED;
        goto done;
    }
    for (i = 0; i < c.adapter_count; ++i)
    {
        char name[32];

        snprintf(name, sizeof(name), "baseline-%u.jsonl", i);
        if (!(c.runs[i].trace_path = join_path(c.dir, name)))
        {
            ret = CLI_FAILED;
            goto done;
        }
        snprintf(name, sizeof(name), "probe-%u.jsonl", i);
        if (!(c.runs[i].probe_trace_path = join_path(c.dir, name)))
        {
            ret = CLI_FAILED;
            goto done;
        }
    }
    /* The baselines first: their traces say what to raise. */
    if ((ret = run_all(&c, false)))
        goto done;
    for (i = 0; i < c.adapter_count && ret == CLI_OK; ++i)
    {
        cli_run_sanitize(&c.runs[i].baseline);
        ret = make_raises(&c, i, report, scratch);
    }
    mockd3d12_set_runtime(NULL);
    if (ret || (ret = run_all(&c, true)))
        goto done;
    for (i = 0; i < c.raise_count; ++i)
        cli_run_sanitize(&c.raises[i].run);
    judge(&c);
    ret = print_report(&c) ? CLI_DIFFERENT : CLI_OK;
    for (i = 0; i < c.adapter_count; ++i)
        if (c.runs[i].baseline.status == CLI_RUN_NOT_STARTED)
            ret = CLI_FAILED;
    if ((junit && !write_junit(&c, junit)) || (html && !fc_write_html(&c, html)))
        ret = CLI_FAILED;
done:
    mockd3d12_set_runtime(NULL);
    free(report);
    free(scratch);
    clean_up(&c);
    return ret;
}
