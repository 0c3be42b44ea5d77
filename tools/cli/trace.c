/*
 * mockd3d12 trace-summary FILE [--json]: what a program asked, from a
 * capability trace (MOCKD3D12_TRACE, docs/trace.md) — the devices it
 * created, the entry points it used (the deprecated one said so), each
 * feature with its calls, SDK versions and failures, and every field whose
 * answer was not the adapter's value (clamped, or pinned by the legacy
 * entry point). Also the reader the other commands share: the records of a
 * trace one by one (cli_trace_foreach), and what a command read, field by
 * field (cli_trace_reads: matrix, forward-check).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "runs.h"

#define MAX_KEYS 256

/* ---- Reading a trace ---- */

bool cli_trace_foreach(const char *path, void (*record)(void *ctx, json_t *record), void *ctx, unsigned *malformed)
{
    /* A record is at most 8 KiB (src/base/trace.h); a longer line is not one. */
    static char line[16384];
    json_error_t error;
    size_t length;
    FILE *f;

    *malformed = 0;
    if (!path || !(f = fopen(path, "r")))
        return false;
    while (fgets(line, sizeof(line), f))
    {
        json_t *value;
        int c;

        if ((length = strlen(line)) == sizeof(line) - 1 && line[length - 1] != '\n')
        {
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            ++*malformed;
            continue;
        }
        value = json_loadb(line, length, 0, &error);
        if (json_is_object(value))
            record(ctx, value);
        else
            ++*malformed;
        json_decref(value);
    }
    fclose(f);
    return true;
}

/* ---- What a command read ---- */

/* The text of a JSON value: a string as it is, anything else as JSON. */
static char *value_text(json_t *value)
{
    return json_is_string(value) ? cli_copy_text(json_string_value(value)) : json_dumps(value, JSON_ENCODE_ANY);
}

/* Adds `value` to the distinct values of `key` ("A / B"). */
static void record_read(json_t *reads, const char *key, const char *value)
{
    const char *old = json_string_value(json_object_get(reads, key));
    size_t length = strlen(value);
    const char *p;
    char *joined;

    if (!old)
    {
        json_object_set_new(reads, key, json_string(value));
        return;
    }
    for (p = old; (p = strstr(p, value)); ++p)
        if ((p == old || !strncmp(p - 3, " / ", 3)) && (!p[length] || !strncmp(p + length, " / ", 3)))
            return;
    if (!(joined = malloc(strlen(old) + length + 4)))
        return;
    sprintf(joined, "%s / %s", old, value);
    json_object_set_new(reads, key, json_string(joined));
    free(joined);
}

static bool is_input(const char *feature, const char *field)
{
    mockd3d12_field_desc desc;
    UINT index;

    return SUCCEEDED(mockd3d12_find_field(feature, field, &index)) && SUCCEEDED(mockd3d12_get_field_desc(index, &desc))
            && desc.direction != MOCKD3D12_FIELD_OUT;
}

static void read_record(json_t *reads, json_t *record)
{
    const char *entry = json_string_value(json_object_get(record, "entry"));
    json_t *feature_value = json_object_get(record, "feature"), *answer, *value;
    char key[512], inputs[256], *feature, *text;
    const char *hr = json_string_value(json_object_get(record, "hr")), *field;
    size_t used = 0;

    if (!entry || !hr)
        return;
    if (!strcmp(entry, "D3D12CreateDevice"))
    {
        const char *level = json_string_value(json_object_get(record, "minimumFeatureLevel"));

        snprintf(key, sizeof(key), "D3D12CreateDevice(minimum feature level %s)", level ? level : "?");
        record_read(reads, key, hr);
        return;
    }
    if (!feature_value || !(feature = value_text(feature_value)))
        return;
    answer = json_object_get(record, "answer");
    inputs[0] = 0;
    json_object_foreach(answer, field, value)
    {
        if (is_input(feature, field) && (text = value_text(value)))
        {
            if (used < sizeof(inputs))
                used += (size_t)snprintf(inputs + used, sizeof(inputs) - used, "%s%s=%s", used ? "," : "", field, text);
            free(text);
        }
    }
    /* libd3d11's and libdxgi's queries are named with their entry point, so
     * they never pass for a D3D12 feature: "ID3D11Device::CheckFeatureSupport THREADING". */
    snprintf(key, sizeof(key), "%s%s%s%s%s%s", strncmp(entry, "CheckFeatureSupport", 19) ? entry : "",
            strncmp(entry, "CheckFeatureSupport", 19) ? " " : "", feature, used ? "[" : "", inputs, used ? "]" : "");
    record_read(reads, key, hr);
    json_object_foreach(answer, field, value)
    {
        if (!is_input(feature, field) && (text = value_text(value)))
        {
            char field_key[768];

            snprintf(field_key, sizeof(field_key), "%s.%s", key, field);
            record_read(reads, field_key, text);
            free(text);
        }
    }
    free(feature);
}

static void add_reads(void *ctx, json_t *record)
{
    read_record(ctx, record);
}

json_t *cli_trace_reads(const char *path)
{
    json_t *reads = json_object();
    unsigned malformed;

    cli_trace_foreach(path, add_reads, reads, &malformed); /* no file: the command created no device */
    return reads;
}

/* ---- trace-summary ---- */

/* A count per distinct text, in first-seen order. */
struct tally
{
    char *keys[MAX_KEYS];
    unsigned counts[MAX_KEYS];
    unsigned count;
    unsigned overflow; /* distinct texts past MAX_KEYS, counted together */
};

static void tally_add(struct tally *t, const char *key)
{
    unsigned i;

    for (i = 0; i < t->count; ++i)
    {
        if (!strcmp(t->keys[i], key))
        {
            ++t->counts[i];
            return;
        }
    }
    if (t->count == MAX_KEYS || !(t->keys[t->count] = malloc(strlen(key) + 1)))
    {
        ++t->overflow;
        return;
    }
    strcpy(t->keys[t->count], key);
    t->counts[t->count++] = 1;
}

static void tally_free(struct tally *t)
{
    unsigned i;

    for (i = 0; i < t->count; ++i)
        free(t->keys[i]);
}

static const char *text_of(json_t *record, const char *key, char *buffer, size_t size)
{
    json_t *v = json_object_get(record, key);

    if (json_is_string(v))
        return json_string_value(v);
    if (json_is_integer(v))
    {
        snprintf(buffer, size, "%lld", (long long)json_integer_value(v));
        return buffer;
    }
    return NULL;
}

struct summary
{
    unsigned records, malformed, truncated;
    unsigned deprecated;  /* legacy CheckFeatureSupport calls on a runtime that has CheckFeatureSupport1 */
    struct tally pids, entries, devices, device_failures, features, failures, clamps;
};

static void summarize(struct summary *s, json_t *record)
{
    char a[64], b[64], c[32], line[512];
    const char *entry = text_of(record, "entry", a, sizeof(a));
    const char *adapter = text_of(record, "adapter", b, sizeof(b));
    const char *hr = text_of(record, "hr", c, sizeof(c));
    const char *feature, *key;
    json_t *clamped, *field;
    char d[32], version[48];

    ++s->records;
    if (json_is_true(json_object_get(record, "truncated")))
        ++s->truncated;
    snprintf(line, sizeof(line), "%lld", (long long)json_integer_value(json_object_get(record, "pid")));
    tally_add(&s->pids, line);
    if (!entry)
        return;
    tally_add(&s->entries, entry);
    /* Records before the field existed count as deprecated, as they were reported. */
    if (!strcmp(entry, "CheckFeatureSupport") && !json_is_false(json_object_get(record, "deprecated")))
        ++s->deprecated;
    if (!strcmp(entry, "D3D12CreateDevice") || !strcmp(entry, "D3D11CreateDevice")
            || !strcmp(entry, "D3D11On12CreateDevice"))
    {
        /* Direct3D 11 devices (libd3d11's records) are marked as such. */
        const char *api = strcmp(entry, "D3D12CreateDevice") ? " (Direct3D 11)" : "";

        if (hr && !strcmp(hr, "S_OK"))
        {
            snprintf(line, sizeof(line), "%s%s", adapter ? adapter : "(no adapter)", api);
            tally_add(&s->devices, line);
        }
        else
        {
            snprintf(line, sizeof(line), "%s%s: %s%s", adapter ? adapter : "(no adapter)", api, hr ? hr : "?",
                    hr && !strcmp(hr, "S_FALSE") ? " (a probe)" : "");
            tally_add(&s->device_failures, line);
        }
        return;
    }
    if (!(feature = text_of(record, "feature", d, sizeof(d))))
        return;
    version[0] = 0;
    if (json_is_integer(json_object_get(record, "sdkVersion")))
        snprintf(version, sizeof(version), " (SDKVersion %lld)",
                (long long)json_integer_value(json_object_get(record, "sdkVersion")));
    snprintf(line, sizeof(line), "%s via %s%s", feature, entry, version);
    tally_add(&s->features, line);
    if (hr && strcmp(hr, "S_OK"))
    {
        snprintf(line, sizeof(line), "%s %s%s, size %lld: %s", entry, feature, version,
                (long long)json_integer_value(json_object_get(record, "size")), hr);
        tally_add(&s->failures, line);
    }
    if ((clamped = json_object_get(record, "clamped")))
    {
        json_object_foreach(clamped, key, field)
        {
            char *from = json_dumps(json_object_get(field, "adapter"), JSON_ENCODE_ANY);
            char *to = json_dumps(json_object_get(field, "answer"), JSON_ENCODE_ANY);

            snprintf(line, sizeof(line), "%s.%s on %s: the adapter has %s, %s%s answered %s", feature, key,
                    adapter ? adapter : "?", from ? from : "?", entry, version, to ? to : "?");
            free(from);
            free(to);
            tally_add(&s->clamps, line);
        }
    }
}

static void print_tally(const char *title, const struct tally *t)
{
    unsigned i;

    printf("%s:%s\n", title, t->count ? "" : " none");
    for (i = 0; i < t->count; ++i)
        printf("  %-60s %u\n", t->keys[i], t->counts[i]);
    if (t->overflow)
        printf("  (%u more, of other kinds)\n", t->overflow);
}

static json_t *tally_json(const struct tally *t)
{
    json_t *object = json_object();
    unsigned i;

    for (i = 0; i < t->count; ++i)
        json_object_set_new(object, t->keys[i], json_integer(t->counts[i]));
    return object;
}

static void summarize_record(void *ctx, json_t *record)
{
    summarize(ctx, record);
}

int cli_cmd_trace_summary(const struct cli_options *options)
{
    struct summary s;
    unsigned legacy = 0;

    memset(&s, 0, sizeof(s));
    if (!cli_trace_foreach(options->adapter, summarize_record, &s, &s.malformed))
    {
        fprintf(stderr, "mockd3d12 trace-summary: %s: cannot open the file\n", options->adapter);
        return CLI_NO_ADAPTER;
    }
    legacy = s.deprecated;
    if (options->json)
    {
        json_t *out = json_object();
        char *text;

        json_object_set_new(out, "records", json_integer(s.records));
        json_object_set_new(out, "processes", json_integer(s.pids.count));
        json_object_set_new(out, "malformedLines", json_integer(s.malformed));
        json_object_set_new(out, "truncatedRecords", json_integer(s.truncated));
        json_object_set_new(out, "entryPoints", tally_json(&s.entries));
        json_object_set_new(out, "devices", tally_json(&s.devices));
        json_object_set_new(out, "deviceFailures", tally_json(&s.device_failures));
        json_object_set_new(out, "features", tally_json(&s.features));
        json_object_set_new(out, "failures", tally_json(&s.failures));
        json_object_set_new(out, "clamped", tally_json(&s.clamps));
        json_object_set_new(out, "deprecatedCalls", json_integer(legacy));
        text = json_dumps(out, JSON_INDENT(2));
        printf("%s\n", text ? text : "{}");
        free(text);
        json_decref(out);
    }
    else
    {
        printf("%s: %u records from %u process(es)", options->adapter, s.records, s.pids.count);
        if (s.malformed)
            printf(", %u lines that are not a record", s.malformed);
        if (s.truncated)
            printf(", %u records cut short", s.truncated);
        printf("\n\n");
        print_tally("Devices created (adapter)", &s.devices);
        if (s.device_failures.count)
            print_tally("Device creations that failed or were probes", &s.device_failures);
        print_tally("Entry points", &s.entries);
        if (legacy)
            printf("  %u call(s) of the deprecated ID3D12Device::CheckFeatureSupport: query ID3D12Device17 and call "
                    "CheckFeatureSupport1 with your SDK version\n", legacy);
        print_tally("Features asked (calls)", &s.features);
        print_tally("Calls that failed", &s.failures);
        print_tally("Fields whose answer was not the adapter's value (calls)", &s.clamps);
    }
    tally_free(&s.pids);
    tally_free(&s.entries);
    tally_free(&s.devices);
    tally_free(&s.device_failures);
    tally_free(&s.features);
    tally_free(&s.failures);
    tally_free(&s.clamps);
    return s.malformed ? CLI_FAILED : CLI_OK;
}
