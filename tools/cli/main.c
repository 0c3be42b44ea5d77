/*
 * mockd3d12: command dispatch, option parsing and help texts.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_command
{
    const char *name;
    int (*run)(const struct cli_options *options);
    const char *usage;
    const char *help;
    unsigned positional; /* accepts --adapter, --sdk-version and the runtime options */
};

#define RUNTIME_HELP \
    "Runtime options (default: the environment, else retail 620 / preview 721):\n" \
    "  --runtime KIND[:SDK[:PREVIEW]]  simulate a runtime, e.g. retail:620, preview:620:721\n" \
    "  --cutoff SDK:PREVIEW            the SDK versions that introduced CheckFeatureSupport1\n" \
    "  --retroactive                   clamp values older than the cutoff too (beyond the spec)\n"

static const struct cli_command commands[] =
{
    {"adapters", cli_cmd_adapters, "mockd3d12 adapters [--json | --summary] [--confidence LIST]",
        "List the simulated adapters: built-in profiles and those found in MOCKD3D12_PROFILE_PATH.\n"
        "The default adapter (used by D3D12CreateDevice(NULL, ...)) is marked with '*'.\n"
        "CONFIDENCE says where an adapter's values come from: dump (a real CheckFeatureSupport report),\n"
        "partial-dump, partial-observation, inferred (no dump: architecture documentation), synthetic\n"
        "(hand-written), vulkan (derived from a Vulkan report), unstated (a profile that does not say).\n"
        "  --json              print a JSON array instead of a table\n"
        "  --confidence LIST   only the adapters of these confidences, e.g. dump,partial-dump\n"
        "  --summary           a table of the headline capabilities of every adapter (as caps --summary)\n", 0},
    {"caps", cli_cmd_caps, "mockd3d12 caps [--adapter ID|FILE] [--sdk-version N] [--json | --explain] [--api d3d12|d3d11]\n"
        "                [--feature-levels L1,L2,...] [--summary | --formats | --format DXGI_FORMAT_...]\n"
        "                [runtime options]",
        "Print every feature an adapter reports through CheckFeatureSupport, field by field.\n"
        "  --adapter ID|FILE  a profile id (see 'mockd3d12 adapters'), a JSON profile file or a\n"
        "                     Vulkan report (vulkaninfo --json)\n"
        "  --explain          say for each field why it has its value (profile, source, rule,\n"
        "                     inheritance, or the Vulkan inputs it was derived from)\n"
        "  --sdk-version N    show what a component built against SDK N sees through\n"
        "                     CheckFeatureSupport1; clamped fields are marked with their true value\n"
        "  --json             print the adapter as a profile (loads back with identical values)\n"
        "  --summary          one screen: feature level, shader model, root signature, binding and heap\n"
        "                     tiers, DXR, mesh, VRS, sampler feedback, work graphs, enhanced barriers,\n"
        "                     wave lanes, confidence\n"
        "  --formats          add every format: FORMAT_SUPPORT bits, plane count, sample counts\n"
        "  --format NAME      only that format (DXGI_FORMAT_R8G8B8A8_UNORM, R8G8B8A8_UNORM or its number)\n"
        "  --api d3d11        show what ID3D11Device::CheckFeatureSupport reports instead, on a\n"
        "                     D3D11 device of the adapter (MOCKD3D12_D3D11_RUNTIME picks 11.0-11.4)\n"
        "  --feature-levels L the D3D11 feature levels to ask for, in order (e.g. 11_1,11_0);\n"
        "                     default: D3D11CreateDevice's own list\n"
        RUNTIME_HELP, 1},
    {"diff", cli_cmd_diff, "mockd3d12 diff A B [--sdk-version N] [runtime options]",
        "Print the fields whose values differ between adapters A and B (ids or files).\n"
        "Exit status: 0 identical, 1 different, 2 usage error, 3 unknown adapter.\n" RUNTIME_HELP, 2},
    {"explain", cli_cmd_explain, "mockd3d12 explain --adapter A --sdk-version N [runtime options]",
        "List only the fields a component built against SDK N sees lower than the adapter's true\n"
        "values, and why (the SDK version that introduced the true value).\n" RUNTIME_HELP, 1},
    {"clamp-table", cli_cmd_clamp_table, "mockd3d12 clamp-table [--field STRUCT.FIELD]",
        "Print the clamp table: every value of every clamped field with the SDK versions that\n"
        "introduced it and whether it is after the CheckFeatureSupport1 cutoff.\n"
        "  --field F   only rows of field F (e.g. D3D12_OPTIONS5.RaytracingTier)\n", 0},
    {"validate", cli_cmd_validate, "mockd3d12 validate FILE...",
        "Check profiles (and Vulkan reports) without registering them: the loader's errors with\n"
        "file:line:column, then the consistency rules (an explicit value below what the feature level\n"
        "guarantees; a capability whose requirement another field breaks, e.g. DXR 1.1 with SM 5.1;\n"
        "wave lanes; UMA flags). One verdict per file.\n"
        "Exit status: 0 every file is clean, 1 a file breaks a rule, 3 a file does not load.\n", 0},
    {"import-vulkan", cli_cmd_import_vulkan, "mockd3d12 import-vulkan REPORT.json [--rules vkd3d-proton|vkd3d] [--id ID]",
        "Derive an adapter profile from a Vulkan device report (vulkaninfo --json) by the rules of\n"
        "vkd3d-proton (default) or Wine's vkd3d, and print it. The profile records, per field, the\n"
        "Vulkan inputs that decided it. Use it with --adapter or MOCKD3D12_ADAPTER.\n"
        "  --rules R   vkd3d-proton (default) or vkd3d\n"
        "  --id ID     the profile id (default: derived from the device name)\n", 0},
    {"import-d3d12info", cli_cmd_import_d3d12info, "mockd3d12 import-d3d12info REPORT.json [--adapter N] [--id ID]",
        "Print adapter N (default 0) of a D3d12info JSON report as a profile: every value the report\n"
        "gives, and in its metadata the report, its D3d12info version and the SDK it ran with. The\n"
        "profile loads back with the same answers (docs/d3d12info.md). A report is also accepted\n"
        "as it is wherever a profile file is (--adapter, MOCKD3D12_ADAPTER, MOCKD3D12_ADAPTERS, ...).\n"
        "  --adapter N  the adapter's index in the report (its \"Adapters\" array)\n"
        "  --id ID      the profile id (default: derived from the adapter's description)\n", 0},
    {"trace-summary", cli_cmd_trace_summary, "mockd3d12 trace-summary TRACE.jsonl [--json]",
        "Summarize a capability trace (a file MOCKD3D12_TRACE named, docs/trace.md): the devices the\n"
        "program created, the entry points it used (the deprecated CheckFeatureSupport said so), each\n"
        "feature it asked with the entry point and SDK version and how often, the calls that failed,\n"
        "and every field whose answer was not the adapter's value (clamped, or pinned by the legacy\n"
        "entry point). Exit status 4 when a line of the file is not a trace record.\n"
        "  --json       the same as one JSON object\n", 0},
    {"matrix", cli_cmd_matrix, "mockd3d12 matrix [--adapters LIST] [--runtimes LIST] [--jobs N] [--shard I/N] [--timeout S]\n"
        "                 [--junit FILE] [--html FILE] [--json FILE] [--list] -- COMMAND [ARG...]",
        "Run COMMAND once per cell of adapters x runtimes, each with MOCKD3D12_ADAPTER, MOCKD3D12_RUNTIME_KIND,\n"
        "MOCKD3D12_SDK_VERSION and MOCKD3D12_PREVIEW_SDK_VERSION set for the cell (the rest of the environment\n"
        "as it is) and a capability trace of its own (MOCKD3D12_TRACE). Print the grid, each failing cell's\n"
        "output, and the capabilities the command read whose answers differ between cells whose outcomes\n"
        "differ (docs/matrix.md). A cell passes when COMMAND exits with status 0.\n"
        "  --adapters LIST  ids, profile files, D3d12info reports (their first adapter) and the sets all,\n"
        "                   hardware, software, dumps (from real reports), baselines (min-fl*); default all\n"
        "  --runtimes LIST  KIND[:SDK[:PREVIEW]] items as --runtime takes them, e.g. retail:610,retail:620,\n"
        "                   preview:620:721; default the configured runtime\n"
        "  --jobs N         cells run at once (default: the number of cores)\n"
        "  --shard I/N      run only every N-th cell, starting with the I-th (the shards cover the matrix once)\n"
        "  --timeout S      seconds a cell may run before it is killed (default 300)\n"
        "  --junit FILE     JUnit XML: one test case per cell, classname the adapter, name the runtime\n"
        "  --json FILE      the same data as JSON, with what each cell read\n"
        "  --html FILE      one self-contained page: the grid, outputs, differences, provenance\n"
        "  --list           print the cells (adapter, runtime, variables; tab-separated) and run nothing\n"
        "Exit status: 0 every cell passed, 1 a cell failed, 2 usage error (and on Windows, where running\n"
        "cells is not supported yet), 3 unknown adapter, 4 a report file cannot be written.\n", 0},
    {"forward-check", cli_cmd_forward_check, "mockd3d12 forward-check [--adapters LIST] [--runtime R] [--jobs N] [--timeout S]\n"
        "                        [--junit FILE] [--html FILE] -- COMMAND [ARG...]",
        "Find exact-value capability checks (docs/forward-check.md). For each adapter, run COMMAND once with a\n"
        "capability trace, then once per capability field the trace shows it read with that field raised (a\n"
        "tier or enum to the next value the SDK defines and to one above every published value, a flags\n"
        "field with one more bit, FALSE to TRUE, a limit doubled) and once with it one value lower, each\n"
        "through a derived profile and on the runtime moved before the CheckFeatureSupport1 cutoff. A raise\n"
        "regresses when the exit status turns non-zero, or when the output at the raised value has a line\n"
        "the baseline's lacks but the lower value's has; each regression is said with whether\n"
        "CheckFeatureSupport1 at the program's SDK version would have hidden the value.\n"
        "  --adapters LIST  as matrix takes it: ids, profile files, D3d12info reports, the sets all, hardware,\n"
        "                   software, dumps, baselines; default all\n"
        "  --runtime R      KIND[:SDK[:PREVIEW]]: the runtime the runs simulate (default the configured one)\n"
        "  --jobs N         runs at once (default: the number of cores)\n"
        "  --timeout S      seconds a run may take before it is killed (default 300)\n"
        "  --junit FILE     JUnit XML: one test case per adapter x field raise\n"
        "  --html FILE      one self-contained page: the raises, verdicts and outputs\n"
        "Exit status: 0 no raise regressed, 1 a raise regressed, 2 usage error (and on Windows, where running\n"
        "commands is not supported yet), 3 unknown adapter, 4 a report cannot be written, no temporary\n"
        "directory, or the command cannot be started.\n", 0},
    {"export-d3d12info", cli_cmd_export_d3d12info, "mockd3d12 export-d3d12info [--formats] [runtime options]",
        "Print the configured machine (MOCKD3D12_ADAPTERS, or the default adapter and WARP) as a\n"
        "D3d12info-format JSON report: Header (mockd3d12 and the simulated runtime), SystemInfo, and per\n"
        "adapter DXGI_ADAPTER_DESC3, video memory, CheckInterfaceSupport, every D3D12_FEATURE_DATA_*\n"
        "section the runtime answers, queue priorities and descriptor sizes. Importing it gives the\n"
        "same answers.\n"
        "  --formats    add the Formats table (FORMAT_SUPPORT, MSAA quality levels, plane counts)\n"
        RUNTIME_HELP, 0},
};

static void print_usage(FILE *out)
{
    size_t i;

    fprintf(out, "usage: mockd3d12 COMMAND [options]\n\nCommands:\n");
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); ++i)
        fprintf(out, "  %s\n", commands[i].usage);
    fprintf(out, "\n'mockd3d12 COMMAND --help' describes a command. 'mockd3d12 --version' prints the version.\n");
}

void cli_print_help(const char *name)
{
    size_t i;

    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); ++i)
        if (!strcmp(name, commands[i].name))
            printf("usage: %s\n\n%s", commands[i].usage, commands[i].help);
}

static bool parse_uint(const char *text, UINT *out)
{
    char *end;
    unsigned long v;

    if (!text || !*text || *text == '-')
        return false;
    errno = 0;
    v = strtoul(text, &end, 10);
    if (errno || *end || v > 0xffffffffu)
        return false;
    *out = (UINT)v;
    return true;
}

/* KIND[:SDK[:PREVIEW]] */
bool cli_parse_runtime(const char *text, mockd3d12_runtime *rt)
{
    char buffer[64], *sdk, *preview;

    if (strlen(text) >= sizeof(buffer))
        return false;
    strcpy(buffer, text);
    if ((sdk = strchr(buffer, ':')))
        *sdk++ = 0;
    if (sdk && (preview = strchr(sdk, ':')))
        *preview++ = 0;
    else
        preview = NULL;
    if (!strcmp(buffer, "retail"))
        rt->kind = MOCKD3D12_RUNTIME_RETAIL;
    else if (!strcmp(buffer, "preview"))
        rt->kind = MOCKD3D12_RUNTIME_PREVIEW;
    else
        return false;
    if (sdk && !parse_uint(sdk, &rt->sdk_version))
        return false;
    if (preview && !parse_uint(preview, &rt->preview_sdk_version))
        return false;
    return true;
}

static bool parse_cutoff(const char *text, mockd3d12_runtime *rt)
{
    char buffer[32], *preview;

    if (strlen(text) >= sizeof(buffer))
        return false;
    strcpy(buffer, text);
    if (!(preview = strchr(buffer, ':')))
        return false;
    *preview++ = 0;
    return parse_uint(buffer, &rt->cutoff_sdk_version) && parse_uint(preview, &rt->cutoff_preview_sdk_version);
}

/* "12_1" or "D3D_FEATURE_LEVEL_12_1" -> the level, 0 if unknown. */
static D3D_FEATURE_LEVEL parse_level(const char *text)
{
    mockd3d12_enum_value_desc values[64];
    char name[64];
    UINT count = 0, v;

    if (strncmp(text, "D3D_FEATURE_LEVEL_", 18))
        snprintf(name, sizeof(name), "D3D_FEATURE_LEVEL_%s", text);
    else
        snprintf(name, sizeof(name), "%s", text);
    mockd3d12_get_enum_values("D3D_FEATURE_LEVEL", values, 64, &count);
    for (v = 0; v < count && v < 64; ++v)
        if (!strcmp(values[v].name, name))
            return (D3D_FEATURE_LEVEL)values[v].value;
    return 0;
}

static bool parse_feature_levels(const char *text, D3D_FEATURE_LEVEL *levels, UINT *count)
{
    char buffer[256], *token, *comma;

    if (strlen(text) >= sizeof(buffer))
        return false;
    strcpy(buffer, text);
    *count = 0;
    for (token = buffer; token; token = comma)
    {
        if ((comma = strchr(token, ',')))
            *comma++ = 0;
        if (*count == CLI_MAX_FEATURE_LEVELS || !(levels[*count] = parse_level(token)))
            return false;
        ++*count;
    }
    return true;
}

static int usage_error(const struct cli_command *command, const char *fmt, const char *arg)
{
    fprintf(stderr, "mockd3d12 %s: ", command->name);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nusage: %s\n", command->usage);
    return CLI_USAGE;
}

int main(int argc, char **argv)
{
    const struct cli_command *command = NULL;
    struct cli_options options = {0};
    unsigned positional = 0;
    HRESULT runtime_hr;
    size_t i;
    int a;

    if (argc < 2)
    {
        print_usage(stderr);
        return CLI_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
    {
        if (argc > 2)
            for (i = 0; i < sizeof(commands) / sizeof(commands[0]); ++i)
                if (!strcmp(argv[2], commands[i].name))
                {
                    printf("usage: %s\n\n%s", commands[i].usage, commands[i].help);
                    return CLI_OK;
                }
        print_usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[1], "--version"))
    {
        printf("mockd3d12 %s\n", mockd3d12_version());
        return CLI_OK;
    }
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); ++i)
        if (!strcmp(argv[1], commands[i].name))
            command = &commands[i];
    if (!command)
    {
        fprintf(stderr, "mockd3d12: unknown command '%s'\n", argv[1]);
        print_usage(stderr);
        return CLI_USAGE;
    }

    /* A malformed runtime variable is an error, said once (the library puts
     * the reason on stderr), after --help has had its chance. */
    runtime_hr = mockd3d12_get_runtime(&options.runtime);
    /* matrix and forward-check read their own arguments: what follows "--" is the command's. */
    if (command->run == cli_cmd_matrix || command->run == cli_cmd_forward_check)
    {
        options.runtime_failed = FAILED(runtime_hr);
        options.args = &argv[2];
        options.arg_count = (unsigned)(argc - 2);
        return command->run(&options);
    }
    for (a = 2; a < argc; ++a)
    {
        const char *arg = argv[a];
        const char *value = a + 1 < argc ? argv[a + 1] : NULL;

        if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
        {
            printf("usage: %s\n\n%s", command->usage, command->help);
            return CLI_OK;
        }
        else if (!strcmp(arg, "--json") && (command->run == cli_cmd_caps || command->run == cli_cmd_adapters
                || command->run == cli_cmd_trace_summary))
            options.json = true;
        else if (!strcmp(arg, "--confidence") && command->run == cli_cmd_adapters)
        {
            if (!value || !cli_confidence_list_valid(value))
            {
                char message[256];

                snprintf(message, sizeof(message), "--confidence needs a comma-separated list of %s, got '%s'",
                        cli_confidence_names, value ? value : "");
                return usage_error(command, "%s", message);
            }
            options.confidence = value;
            ++a;
        }
        else if (!strcmp(arg, "--id") && command->run == cli_cmd_import_d3d12info)
        {
            if (!value)
                return usage_error(command, "%s needs a value", arg);
            options.id = value;
            ++a;
        }
        else if (!strcmp(arg, "--adapter") && command->run == cli_cmd_import_d3d12info)
        {
            if (!parse_uint(value, &options.adapter_index))
                return usage_error(command, "--adapter needs the adapter's index in the report, got '%s'",
                        value ? value : "");
            ++a;
        }
        else if (arg[0] != '-' && (command->run == cli_cmd_import_d3d12info || command->run == cli_cmd_trace_summary)
                && !positional)
        {
            options.adapter = arg;
            ++positional;
        }
        else if (!strcmp(arg, "--formats") && command->run == cli_cmd_export_d3d12info)
            options.formats = true;
        else if (!strcmp(arg, "--summary") && (command->run == cli_cmd_caps || command->run == cli_cmd_adapters))
            options.summary = true;
        else if (!strcmp(arg, "--formats") && command->run == cli_cmd_caps)
            options.formats = true;
        else if (!strcmp(arg, "--format") && command->run == cli_cmd_caps)
        {
            if (!value || !cli_parse_format(value, &options.format))
            {
                char message[256];

                snprintf(message, sizeof(message), "--format needs a DXGI_FORMAT this runtime knows (a name such as "
                        "DXGI_FORMAT_R8G8B8A8_UNORM, or its number), got '%s'", value ? value : "");
                return usage_error(command, "%s", message);
            }
            options.has_format = true;
            ++a;
        }
        else if (!strcmp(arg, "--explain") && command->run == cli_cmd_caps)
            options.explain = true;
        else if (!strcmp(arg, "--api") && command->run == cli_cmd_caps)
        {
            if (!value || (strcmp(value, "d3d12") && strcmp(value, "d3d11")))
                return usage_error(command, "--api needs d3d12 or d3d11, got '%s'", value ? value : "");
            options.d3d11 = !strcmp(value, "d3d11");
            ++a;
        }
        else if (!strcmp(arg, "--feature-levels") && command->run == cli_cmd_caps)
        {
            if (!value || !parse_feature_levels(value, options.levels, &options.level_count))
                return usage_error(command, "--feature-levels needs levels such as 11_1,11_0, got '%s'",
                        value ? value : "");
            ++a;
        }
        else if ((!strcmp(arg, "--rules") || !strcmp(arg, "--id")) && command->run == cli_cmd_import_vulkan)
        {
            if (!value)
                return usage_error(command, "%s needs a value", arg);
            if (!strcmp(arg, "--rules"))
            {
                if (strcmp(value, "vkd3d-proton") && strcmp(value, "vkd3d"))
                    return usage_error(command, "--rules must be vkd3d-proton or vkd3d, got '%s'", value);
                options.rules = value;
            }
            else
                options.id = value;
            ++a;
        }
        else if (!strcmp(arg, "--adapter") && command->positional)
        {
            if (!value)
                return usage_error(command, "%s needs an adapter id or profile file", arg);
            options.adapter = value;
            ++a;
        }
        else if (!strcmp(arg, "--sdk-version") && command->positional)
        {
            if (!parse_uint(value, &options.sdk_version))
                return usage_error(command, "--sdk-version needs a number, got '%s'", value ? value : "");
            options.has_sdk_version = true;
            ++a;
        }
        else if (!strcmp(arg, "--runtime") && (command->positional || command->run == cli_cmd_export_d3d12info))
        {
            if (!value || !cli_parse_runtime(value, &options.runtime))
                return usage_error(command, "--runtime needs KIND[:SDK[:PREVIEW]] with KIND retail or preview, got '%s'",
                        value ? value : "");
            options.has_runtime = true;
            ++a;
        }
        else if (!strcmp(arg, "--cutoff") && (command->positional || command->run == cli_cmd_export_d3d12info))
        {
            if (!value || !parse_cutoff(value, &options.runtime))
                return usage_error(command, "--cutoff needs SDK:PREVIEW, e.g. 620:721, got '%s'", value ? value : "");
            options.has_runtime = true;
            ++a;
        }
        else if (!strcmp(arg, "--retroactive") && (command->positional || command->run == cli_cmd_export_d3d12info))
        {
            options.runtime.retroactive = TRUE;
            options.has_runtime = true;
        }
        else if (!strcmp(arg, "--field") && command->run == cli_cmd_clamp_table)
        {
            if (!value)
                return usage_error(command, "%s needs STRUCT.FIELD", arg);
            options.field = value;
            ++a;
        }
        else if (arg[0] != '-' && command->run == cli_cmd_validate)
        {
            if (!options.files)
                options.files = (const char *const *)&argv[a];
            else if (options.files + options.file_count != (const char *const *)&argv[a])
                return usage_error(command, "%s", "the files come together, after the options");
            ++options.file_count;
        }
        else if (arg[0] != '-' && command->run == cli_cmd_import_vulkan && !positional)
        {
            options.adapter = arg;
            ++positional;
        }
        else if (arg[0] != '-' && command->run == cli_cmd_diff && positional < 2)
        {
            if (positional++ == 0)
                options.adapter = arg;
            else
                options.adapter_b = arg;
        }
        else
            return usage_error(command, "unexpected argument '%s'", arg);
    }
    if (command->run == cli_cmd_diff && positional != 2)
        return usage_error(command, "%s", "needs two adapters");
    if (command->run == cli_cmd_validate && !options.file_count)
        return usage_error(command, "%s", "needs at least one file");
    if ((command->run == cli_cmd_import_vulkan || command->run == cli_cmd_import_d3d12info) && !positional)
        return usage_error(command, "%s", "needs a report file");
    if (command->run == cli_cmd_trace_summary && !positional)
        return usage_error(command, "%s", "needs a trace file (the one MOCKD3D12_TRACE named)");
    if (options.json && options.explain)
        return usage_error(command, "%s", "--json and --explain do not combine");
    if ((options.formats || options.has_format)
            && (options.json || options.explain || options.d3d11 || options.has_sdk_version))
        return usage_error(command, "%s", "--formats and --format do not combine with --json, --explain, --api d3d11 "
                "or --sdk-version");
    if (options.summary && (options.json || options.explain || options.d3d11 || options.formats || options.has_format))
        return usage_error(command, "%s", "--summary does not combine with --json, --explain, --api d3d11, --formats "
                "or --format");
    if (options.formats && options.has_format)
        return usage_error(command, "%s", "--formats and --format do not combine");
    if (options.level_count && !options.d3d11)
        return usage_error(command, "%s", "--feature-levels goes with --api d3d11");
    if (options.d3d11 && (options.json || options.explain || options.has_sdk_version))
        return usage_error(command, "%s", "--api d3d11 does not combine with --json, --explain or --sdk-version");
    if (command->run == cli_cmd_explain && !options.has_sdk_version)
        return usage_error(command, "%s", "needs --sdk-version");
    if (FAILED(runtime_hr) && !options.has_runtime)
        return CLI_FAILED; /* the reason is on stderr already */
    if (options.has_runtime && FAILED(mockd3d12_set_runtime(&options.runtime)))
    {
        fprintf(stderr, "mockd3d12 %s: invalid runtime: %s\n", command->name, mockd3d12_last_error());
        return CLI_USAGE;
    }
    if (options.d3d11)
    {
#ifdef MOCKD3D12_CLI_D3D11
        return cli_cmd_caps_d3d11(&options);
#else
        fprintf(stderr, "mockd3d12 caps: this build has no Direct3D 11 library (--api d3d11)\n");
        return CLI_FAILED;
#endif
    }
    return command->run(&options);
}
