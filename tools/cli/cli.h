/*
 * The mockd3d12 command: shared declarations of its three files.
 *   main.c     - command dispatch, options, help texts
 *   report.c   - what one adapter reports on one runtime to one SDK version
 *   commands.c - adapters, caps, diff, explain, clamp-table
 */
#ifndef MOCKD3D12_CLI_H
#define MOCKD3D12_CLI_H

#ifndef COBJMACROS
#define COBJMACROS
#endif

#include <stdbool.h>
#include <stdio.h>

#include <mockd3d12/mockd3d12.h>

#include "caps/caps.h"
#include "mk_tables.h"

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
    const char *id;            /* import-vulkan --id */
    bool json;
    bool explain;              /* caps --explain */
    bool d3d11;                /* caps --api d3d11 */
    UINT level_count;          /* caps --feature-levels */
    D3D_FEATURE_LEVEL levels[CLI_MAX_FEATURE_LEVELS];
    bool has_sdk_version;
    UINT sdk_version;          /* --sdk-version */
    bool has_runtime;
    mockd3d12_runtime runtime; /* --runtime, --cutoff, --retroactive */
};

/* The answer to one feature. */
struct cli_feature_report
{
    const struct mk_feature *feature;
    bool answered;              /* false: needs inputs the CLI cannot choose, or the runtime lacks it */
    HRESULT hr;
    unsigned char truth[1024];  /* the adapter's true values */
    unsigned char seen[1024];   /* what a caller built against the SDK version sees */
};

struct cli_report
{
    const struct caps_adapter *adapter;
    mockd3d12_runtime runtime;
    bool clamped_view;          /* an SDK version was given */
    UINT sdk_version;
    size_t count;
    struct cli_feature_report features[MK_FEATURE_VALUE_LIMIT];
};

/* Fills `report` for `adapter_name` (NULL: the default). Prints the reason
 * and returns a CLI_* code on failure. */
int cli_report_build(const struct cli_options *options, const char *adapter_name, struct cli_report *report);

/* A field's value as text: TRUE/FALSE, a number, an enum name, "A | B" flags. */
void cli_format_field(const struct caps_adapter *adapter, const struct mk_field *field, const void *data,
        char *buffer, size_t size);

int cli_cmd_adapters(const struct cli_options *options);
int cli_cmd_caps(const struct cli_options *options);
int cli_cmd_diff(const struct cli_options *options);
int cli_cmd_explain(const struct cli_options *options);
int cli_cmd_clamp_table(const struct cli_options *options);
int cli_cmd_import_vulkan(const struct cli_options *options);
/* caps --api d3d11 (tools/cli/d3d11.c). */
int cli_cmd_caps_d3d11(const struct cli_options *options);

/* Why a field of `adapter` has its value, from the value's origin and the
 * profile's metadata (`profile` is caps_adapter_to_json's output, parsed). */
struct json_t;
void cli_field_provenance(const struct caps_adapter *adapter, struct json_t *profile, const struct mk_feature *feature,
        const struct mk_field *field, char *buffer, size_t size);

#endif
