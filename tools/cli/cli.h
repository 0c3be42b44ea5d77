/*
 * The mockd3d12 command: shared declarations of its files.
 *   main.c       - command dispatch, the checks across options
 *   args.c       - the one argument parser (args.h; the commands, options and
 *                  help texts are tools/cli/commands.txt's)
 *   report.c     - what one adapter reports on one runtime to one SDK version
 *   commands.c   - adapters, caps, diff, explain, clamp-table
 *   provenance.c - caps --explain's reasons, import-vulkan
 *   d3d11.c      - caps --api d3d11
 *   d3d12info.c  - import-d3d12info, export-d3d12info
 *   trace.c      - trace-summary, and reading traces for the others
 *   runs.c       - what matrix and forward-check share (runs.h; runner.c runs the commands)
 *   matrix.c     - matrix (matrix_html.c: its page)
 *   forward.c    - forward-check (forward_rules.c: the raises and the judgement; forward_html.c: its page)
 *   fault_check.c - fault-check (fault_check.h; fault_check_html.c: its page)
 */
#ifndef MOCKD3D12_CLI_H
#define MOCKD3D12_CLI_H

#ifndef COBJMACROS
#define COBJMACROS
#endif

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The public headers only: everything the CLI prints, a harness can get from
 * the same control API (docs/api.md, "Reflection"). */
#include <mockd3d12/mockd3d12.h>

/* Exit codes (docs/cli.md). */
enum
{
    CLI_OK = 0,
    CLI_DIFFERENT = 1,   /* diff: the adapters differ */
    CLI_USAGE = 2,       /* bad command line */
    CLI_NO_ADAPTER = 3,  /* unknown adapter id or profile that fails to load */
    CLI_FAILED = 4,      /* the runtime refused the request (e.g. a too-new SDK version) */
};

#define CLI_MAX_FEATURE_LEVELS 16

struct cli_options
{
    const char *adapter;       /* --adapter, or NULL for the default */
    const char *adapter_b;     /* second adapter of diff */
    const char *field;         /* clamp-table --field */
    const char *rules;         /* import-vulkan --rules */
    const char *id;            /* import-vulkan, import-d3d12info --id */
    UINT adapter_index;        /* import-d3d12info --adapter N */
    const char *confidence;    /* adapters --confidence: a comma-separated list, or NULL for all */
    const char *const *files;  /* validate FILE...: argv's, in order */
    unsigned file_count;
    bool json;
    bool formats;              /* caps --formats */
    bool warp;                 /* export-d3d12info --warp: the software adapter only */
    bool all_adapters;         /* export-d3d12info --all-adapters: software adapters too */
    bool summary;              /* caps --summary, adapters --summary */
    bool has_format;
    UINT format;               /* caps --format */
    bool explain;              /* caps --explain */
    bool d3d11;                /* caps --api d3d11 */
    UINT level_count;          /* caps --feature-levels */
    D3D_FEATURE_LEVEL levels[CLI_MAX_FEATURE_LEVELS];
    bool has_sdk_version;
    UINT sdk_version;          /* --sdk-version */
    bool has_runtime;
    mockd3d12_runtime runtime; /* --runtime, --cutoff, --retroactive */
    bool runtime_failed;       /* the environment's runtime variables are malformed (said on stderr) */
    /* matrix, forward-check, fault-check */
    const char *adapters;      /* --adapters LIST, NULL for all */
    const char *runtimes;      /* matrix --runtimes LIST */
    const char *runtime_text;  /* forward-check --runtime R, as given */
    unsigned jobs;             /* --jobs N, 0 when not given */
    bool has_timeout;
    double timeout;            /* --timeout S */
    unsigned shard_index, shard_count; /* matrix --shard I/N, 0 when not given */
    const char *junit, *html, *json_file; /* --junit, --html, matrix --json FILE */
    bool list;                 /* matrix --list */
    const char *faults;        /* matrix --faults LIST */
    unsigned max_calls;        /* fault-check --max-calls N, 0 when not given */
    bool leaks;                /* fault-check --leaks */
    const char *sweep;         /* fault-check --sweep LIST, NULL when not given (fault_check.c parses it) */
    char *const *command;      /* what follows "--" (argv's) */
    unsigned command_count;
};

/* More than D3D12_FEATURE has values (the largest is below 128). */
#define CLI_MAX_FEATURES 128

/* The answer to one feature. */
struct cli_feature_report
{
    mockd3d12_feature_desc feature;
    bool answered;              /* false: needs inputs the CLI cannot choose, or the runtime lacks it */
    HRESULT hr;
    unsigned char truth[1024];  /* the adapter's true values */
    unsigned char seen[1024];   /* what a caller built against the SDK version sees */
};

struct cli_report
{
    const char *adapter;        /* what the control API is given: the id or file as named, or the default's id */
    mockd3d12_adapter_info info;
    D3D_FEATURE_LEVEL max_feature_level;
    mockd3d12_runtime runtime;
    bool clamped_view;          /* an SDK version was given */
    UINT sdk_version;
    size_t count;
    struct cli_feature_report features[CLI_MAX_FEATURES];
};

/* Fills `report` for `adapter_name` (NULL: the default). Prints the reason
 * and returns a CLI_* code on failure. */
int cli_report_build(const struct cli_options *options, const char *adapter_name, struct cli_report *report);

/* The tables' field `index` (mockd3d12_get_field_desc, read once). */
const mockd3d12_field_desc *cli_field(unsigned index);
/* A scalar field's value in a whole struct, as mockd3d12_field_value reads it. */
uint64_t cli_field_get(unsigned index, const void *data);
/* The members of an enum (mockd3d12_get_enum_values), allocated (free());
 * NULL with *count 0 for an unknown enum. */
mockd3d12_enum_value_desc *cli_enum_values(const char *enum_name, UINT *count);
/* The name of `value` in enum `enum_name` (not an alias), or NULL. */
const char *cli_enum_value_name(const char *enum_name, uint32_t value);

/* An enum value's name after TIER_, SHADER_MODEL_, VERSION_ or FEATURE_LEVEL_
 * ("D3D12_RAYTRACING_TIER_1_1": "1_1"), else the whole name. */
const char *cli_enum_tail(const char *name);
/* A field's value as text: TRUE/FALSE, a number, an enum name, "A | B" flags. */
void cli_format_field(const char *adapter, unsigned field_index, const void *data, char *buffer, size_t size);

/* KIND[:SDK[:PREVIEW]] as --runtime takes it, over the fields of `runtime`. */
bool cli_parse_runtime(const char *text, mockd3d12_runtime *runtime);
/* "mockd3d12 COMMAND: " and the message on stderr, then the command's usage;
 * returns CLI_USAGE. */
#if defined(__GNUC__) && !defined(_WIN32)
__attribute__((format(printf, 2, 3)))
#endif
int cli_usage_error(const char *command, const char *fmt, ...);
/* "usage: ..." of command `name` on stderr. */
void cli_print_usage(const char *name);
/* An adapter's provenance (metadata.confidence, "vulkan" or "unstated");
 * false, said on stderr, when its profile cannot be dumped. */
bool cli_adapter_confidence(const char *id, char *buffer, size_t size);

int cli_cmd_adapters(const struct cli_options *options);
/* A DXGI_FORMAT named as "DXGI_FORMAT_X", "X" (case-insensitive) or a number,
 * one the reference tables name. */
bool cli_parse_format(const char *text, UINT *format);
/* The confidences `adapters` knows, for messages ("dump, partial-dump, ..."). */
extern const char cli_confidence_names[];
/* Is every item of a comma-separated --confidence list one of them? */
bool cli_confidence_list_valid(const char *list);
int cli_cmd_caps(const struct cli_options *options);
int cli_cmd_diff(const struct cli_options *options);
int cli_cmd_explain(const struct cli_options *options);
int cli_cmd_clamp_table(const struct cli_options *options);
int cli_cmd_import_vulkan(const struct cli_options *options);
int cli_cmd_validate(const struct cli_options *options);
int cli_cmd_import_d3d12info(const struct cli_options *options);
int cli_cmd_trace_summary(const struct cli_options *options);
int cli_cmd_matrix(const struct cli_options *options);
int cli_cmd_forward_check(const struct cli_options *options);
int cli_cmd_fault_check(const struct cli_options *options);

/* The records of a trace (MOCKD3D12_TRACE, docs/trace.md), one JSON object
 * per line, each given to `record`; *malformed counts the lines that are not
 * one. False when the file cannot be opened. */
struct json_t;
bool cli_trace_foreach(const char *path, void (*record)(void *ctx, struct json_t *record), void *ctx,
        unsigned *malformed);
/* What a traced command read: {"FEATURE.Field": "value", ...} (several
 * answers of one capability joined by " / "), the HRESULT of each feature's
 * calls ("FEATURE": "S_OK", with the inputs: "FORMAT_SUPPORT[Format=...]")
 * and of each D3D12CreateDevice by minimum feature level. An empty object
 * when there is no file (the command created no device). */
struct json_t *cli_trace_reads(const char *path);
/* export-d3d12info: the machine, at most this many adapters. */
#define CLI_MAX_MACHINE 16
int cli_cmd_export_d3d12info(const struct cli_options *options);
/* caps --api d3d11 (tools/cli/d3d11.c). */
int cli_cmd_caps_d3d11(const struct cli_options *options);

/* Why a field of `adapter` has its value, from the value's origin and the
 * profile's metadata (`profile` is mockd3d12_adapter_to_json's output, parsed). */
struct json_t;
void cli_field_provenance(const char *adapter, struct json_t *profile, const mockd3d12_feature_desc *feature,
        unsigned field_index, char *buffer, size_t size);

#endif
