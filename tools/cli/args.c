/*
 * mockd3d12: the one argument parser every command shares. Which options a
 * command accepts, and whether each takes a value, is the command's table
 * (tools/cli/commands.txt, generated into cli_commands_gen.c); what an
 * option's value means, and the message when it is wrong, is set_option's.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "runs.h"

const struct cli_command_spec *cli_find_command(const char *name)
{
    size_t i;

    for (i = 0; i < CLI_COMMAND_COUNT; ++i)
        if (!strcmp(name, cli_commands[i].name))
            return &cli_commands[i];
    return NULL;
}

void cli_print_usage(const char *name)
{
    const struct cli_command_spec *command = cli_find_command(name);

    if (command)
        fprintf(stderr, "usage: %s\n", command->usage);
}

int cli_usage_error(const char *name, const char *fmt, ...)
{
    va_list args;

    fprintf(stderr, "mockd3d12 %s: ", name);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    cli_print_usage(name);
    return CLI_USAGE;
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

/* I/N with 1 <= I <= N. */
static bool parse_shard(const char *text, unsigned *index, unsigned *count)
{
    char buffer[32], *slash;

    if (!text || strlen(text) >= sizeof(buffer))
        return false;
    strcpy(buffer, text);
    if (!(slash = strchr(buffer, '/')))
        return false;
    *slash++ = 0;
    return cli_parse_count(buffer, index) && cli_parse_count(slash, count) && *index <= *count;
}

#define GOT(value) ((value) ? (value) : "")

/* One option of `command` and its value (NULL when the command line ends
 * before it): CLI_OK, or CLI_USAGE said on stderr. */
static int set_option(const struct cli_command_spec *command, const struct cli_option_spec *option,
        const char *value, struct cli_options *o)
{
    const char *name = command->name, *arg = option->name;
    bool runs = command->arguments == CLI_ARGS_COMMAND; /* matrix, forward-check, fault-check */

    if (runs && option->value && !value)
        return cli_usage_error(name, "%s needs a value", arg);
    switch (option->id)
    {
        case CLI_OPT_JSON:
            if (option->value)
                o->json_file = value;
            else
                o->json = true;
            return CLI_OK;
        case CLI_OPT_CONFIDENCE:
            if (!value || !cli_confidence_list_valid(value))
                return cli_usage_error(name, "--confidence needs a comma-separated list of %s, got '%s'",
                        cli_confidence_names, GOT(value));
            o->confidence = value;
            return CLI_OK;
        case CLI_OPT_ID:
            if (!value)
                return cli_usage_error(name, "%s needs a value", arg);
            o->id = value;
            return CLI_OK;
        case CLI_OPT_ADAPTER:
            if (command->id == CLI_CMD_IMPORT_D3D12INFO)
            {
                if (!parse_uint(value, &o->adapter_index))
                    return cli_usage_error(name, "--adapter needs the adapter's index in the report, got '%s'",
                            GOT(value));
                return CLI_OK;
            }
            if (!value)
                return cli_usage_error(name, "%s needs an adapter id or profile file", arg);
            o->adapter = value;
            return CLI_OK;
        case CLI_OPT_FORMATS:
            o->formats = true;
            return CLI_OK;
        case CLI_OPT_WARP:
            if (o->all_adapters)
                return cli_usage_error(name, "--warp and --all-adapters do not go together");
            o->warp = true;
            return CLI_OK;
        case CLI_OPT_ALL_ADAPTERS:
            if (o->warp)
                return cli_usage_error(name, "--warp and --all-adapters do not go together");
            o->all_adapters = true;
            return CLI_OK;
        case CLI_OPT_SUMMARY:
            o->summary = true;
            return CLI_OK;
        case CLI_OPT_FORMAT:
            if (!value || !cli_parse_format(value, &o->format))
                return cli_usage_error(name, "--format needs a DXGI_FORMAT this runtime knows (a name such as "
                        "DXGI_FORMAT_R8G8B8A8_UNORM, or its number), got '%s'", GOT(value));
            o->has_format = true;
            return CLI_OK;
        case CLI_OPT_EXPLAIN:
            o->explain = true;
            return CLI_OK;
        case CLI_OPT_API:
            if (!value || (strcmp(value, "d3d12") && strcmp(value, "d3d11")))
                return cli_usage_error(name, "--api needs d3d12 or d3d11, got '%s'", GOT(value));
            o->d3d11 = !strcmp(value, "d3d11");
            return CLI_OK;
        case CLI_OPT_FEATURE_LEVELS:
            if (!value || !parse_feature_levels(value, o->levels, &o->level_count))
                return cli_usage_error(name, "--feature-levels needs levels such as 11_1,11_0, got '%s'", GOT(value));
            return CLI_OK;
        case CLI_OPT_RULES:
            if (!value)
                return cli_usage_error(name, "%s needs a value", arg);
            if (strcmp(value, "vkd3d-proton") && strcmp(value, "vkd3d"))
                return cli_usage_error(name, "--rules must be vkd3d-proton or vkd3d, got '%s'", value);
            o->rules = value;
            return CLI_OK;
        case CLI_OPT_SDK_VERSION:
            if (!parse_uint(value, &o->sdk_version))
                return cli_usage_error(name, "--sdk-version needs a number, got '%s'", GOT(value));
            o->has_sdk_version = true;
            return CLI_OK;
        case CLI_OPT_RUNTIME:
            if (runs)
            {
                o->runtime_text = value; /* forward-check: checked with what the runs need (forward.c) */
                return CLI_OK;
            }
            if (!value || !cli_parse_runtime(value, &o->runtime))
                return cli_usage_error(name, "--runtime needs KIND[:SDK[:PREVIEW]] with KIND retail or preview, "
                        "got '%s'", GOT(value));
            o->has_runtime = true;
            return CLI_OK;
        case CLI_OPT_CUTOFF:
            if (!value || !parse_cutoff(value, &o->runtime))
                return cli_usage_error(name, "--cutoff needs SDK:PREVIEW, e.g. 620:721, got '%s'", GOT(value));
            o->has_runtime = true;
            return CLI_OK;
        case CLI_OPT_RETROACTIVE:
            o->runtime.retroactive = TRUE;
            o->has_runtime = true;
            return CLI_OK;
        case CLI_OPT_FIELD:
            if (!value)
                return cli_usage_error(name, "%s needs STRUCT.FIELD", arg);
            o->field = value;
            return CLI_OK;
        case CLI_OPT_ADAPTERS:
            o->adapters = value;
            return CLI_OK;
        case CLI_OPT_RUNTIMES:
            o->runtimes = value;
            return CLI_OK;
        case CLI_OPT_JOBS:
            if (!cli_parse_count(value, &o->jobs))
                return cli_usage_error(name, "--jobs needs a number of %s to run at once (1 or more), got '%s'",
                        command->id == CLI_CMD_MATRIX ? "cells" : "runs", value);
            return CLI_OK;
        case CLI_OPT_SHARD:
            if (!parse_shard(value, &o->shard_index, &o->shard_count))
                return cli_usage_error(name, "--shard needs I/N with 1 <= I <= N, got '%s'", value);
            return CLI_OK;
        case CLI_OPT_TIMEOUT:
            if (!cli_parse_seconds(value, &o->timeout))
                return cli_usage_error(name, "--timeout needs seconds (more than 0, at most a week), got '%s'", value);
            o->has_timeout = true;
            return CLI_OK;
        case CLI_OPT_JUNIT:
            o->junit = value;
            return CLI_OK;
        case CLI_OPT_HTML:
            o->html = value;
            return CLI_OK;
        case CLI_OPT_LIST:
            o->list = true;
            return CLI_OK;
        case CLI_OPT_FAULTS:
            o->faults = value; /* matrix: each plan is checked by the library (matrix.c) */
            return CLI_OK;
        case CLI_OPT_MAX_CALLS:
            if (!cli_parse_count(value, &o->max_calls))
                return cli_usage_error(name, "--max-calls needs the last call index to try (1 or more), got '%s'",
                        value);
            return CLI_OK;
        case CLI_OPT_LEAKS:
            o->leaks = true;
            return CLI_OK;
        case CLI_OPT_SWEEP:
            o->sweep = value;
            return CLI_OK;
    }
    return cli_usage_error(name, "unexpected argument '%s'", arg);
}

/* A word that is not an option: the command's file, adapters or files. */
static int set_argument(const struct cli_command_spec *command, char **argv, int a, unsigned *count,
        struct cli_options *o)
{
    switch (command->arguments)
    {
        case CLI_ARGS_ONE:
            if (*count)
                break;
            o->adapter = argv[a];
            ++*count;
            return CLI_OK;
        case CLI_ARGS_TWO:
            if (*count == 2)
                break;
            if ((*count)++ == 0)
                o->adapter = argv[a];
            else
                o->adapter_b = argv[a];
            return CLI_OK;
        case CLI_ARGS_FILES:
            if (!o->files)
                o->files = (const char *const *)&argv[a];
            else if (o->files + o->file_count != (const char *const *)&argv[a])
                return cli_usage_error(command->name, "%s", "the files come together, after the options");
            ++o->file_count;
            return CLI_OK;
        case CLI_ARGS_NONE:
        case CLI_ARGS_COMMAND:
            break;
    }
    return cli_usage_error(command->name, "unexpected argument '%s'", argv[a]);
}

int cli_parse_args(const struct cli_command_spec *command, int argc, char **argv, struct cli_options *options)
{
    unsigned count = 0, i;
    int a, ret;

    for (a = 0; a < argc; ++a)
    {
        const char *arg = argv[a];
        const struct cli_option_spec *option = NULL;

        if (command->arguments == CLI_ARGS_COMMAND && !strcmp(arg, "--"))
        {
            options->command = &argv[a + 1];
            options->command_count = (unsigned)(argc - a - 1);
            break;
        }
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
        {
            printf("usage: %s\n\n%s", command->usage, command->help);
            return CLI_OK;
        }
        for (i = 0; i < command->option_count && !option; ++i)
            if (!strcmp(arg, command->options[i].name))
                option = &command->options[i];
        if (option)
        {
            const char *value = NULL;

            if (option->value && a + 1 < argc)
                value = argv[++a];
            if ((ret = set_option(command, option, value, options)))
                return ret;
        }
        else if (arg[0] != '-' && command->arguments != CLI_ARGS_COMMAND)
        {
            if ((ret = set_argument(command, argv, a, &count, options)))
                return ret;
        }
        else if (command->id == CLI_CMD_FAULT_CHECK && arg[0] != '-')
        {
            /* fault-check PROGRAM [ARG...]: the first word that is no option starts the command. */
            options->command = &argv[a];
            options->command_count = (unsigned)(argc - a);
            break;
        }
        else if (command->arguments == CLI_ARGS_COMMAND)
            return cli_usage_error(command->name, "unexpected argument '%s' (the command comes after '--')", arg);
        else
            return cli_usage_error(command->name, "unexpected argument '%s'", arg);
    }
    return -1;
}
