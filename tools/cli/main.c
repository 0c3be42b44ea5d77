/*
 * mockd3d12: command dispatch, and the checks across a command's options
 * (each option alone is args.c's; the commands, their options and help texts
 * are tools/cli/commands.txt's).
 */
#include <string.h>

#include "args.h"
#include "cli_build_info.h"

static void print_usage(FILE *out)
{
    size_t i;

    fprintf(out, "usage: mockd3d12 COMMAND [options]\n\nCommands:\n");
    for (i = 0; i < CLI_COMMAND_COUNT; ++i)
        fprintf(out, "  %s\n", cli_commands[i].usage);
    fprintf(out, "\n'mockd3d12 COMMAND --help' describes a command. 'mockd3d12 --version' prints the version.\n");
}

static int usage(const struct cli_command_spec *command, const char *message)
{
    return cli_usage_error(command->name, "%s", message);
}

/* The version (VERSION), the build's git revision and the DirectX-Headers it
 * was compiled against (cmake/version.cmake). */
static void print_version(void)
{
    printf("mockd3d12 %s (git %s, DirectX-Headers %s)\n", mockd3d12_version(), CLI_GIT_REVISION,
            CLI_DIRECTX_HEADERS_VERSION);
}

int main(int argc, char **argv)
{
    const struct cli_command_spec *command = NULL;
    struct cli_options options = {0};
    HRESULT runtime_hr;
    int ret;

    if (argc < 2)
    {
        print_usage(stderr);
        return CLI_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
    {
        if (argc > 2 && (command = cli_find_command(argv[2])))
        {
            printf("usage: %s\n\n%s", command->usage, command->help);
            return CLI_OK;
        }
        print_usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[1], "--version"))
    {
        print_version();
        return CLI_OK;
    }
    if (!(command = cli_find_command(argv[1])))
    {
        fprintf(stderr, "mockd3d12: unknown command '%s'\n", argv[1]);
        print_usage(stderr);
        return CLI_USAGE;
    }

    /* A malformed runtime variable is an error, said once (the library puts
     * the reason on stderr), after --help has had its chance. */
    runtime_hr = mockd3d12_get_runtime(&options.runtime);
    if ((ret = cli_parse_args(command, argc - 2, &argv[2], &options)) >= 0)
        return ret;
    /* matrix and forward-check check the rest themselves. */
    if (command->arguments == CLI_ARGS_COMMAND)
    {
        options.runtime_failed = FAILED(runtime_hr);
        return command->run(&options);
    }
    if (command->id == CLI_CMD_DIFF && !options.adapter_b)
        return usage(command, "needs two adapters");
    if (command->id == CLI_CMD_VALIDATE && !options.file_count)
        return usage(command, "needs at least one file");
    if ((command->id == CLI_CMD_IMPORT_VULKAN || command->id == CLI_CMD_IMPORT_D3D12INFO) && !options.adapter)
        return usage(command, "needs a report file");
    if (command->id == CLI_CMD_TRACE_SUMMARY && !options.adapter)
        return usage(command, "needs a trace file (the one MOCKD3D12_TRACE named)");
    if (options.json && options.explain)
        return usage(command, "--json and --explain do not combine");
    if ((options.formats || options.has_format)
            && (options.json || options.explain || options.d3d11 || options.has_sdk_version))
        return usage(command, "--formats and --format do not combine with --json, --explain, --api d3d11 or "
                "--sdk-version");
    if (options.summary && (options.json || options.explain || options.d3d11 || options.formats || options.has_format))
        return usage(command, "--summary does not combine with --json, --explain, --api d3d11, --formats or "
                "--format");
    if (options.formats && options.has_format)
        return usage(command, "--formats and --format do not combine");
    if (options.level_count && !options.d3d11)
        return usage(command, "--feature-levels goes with --api d3d11");
    if (options.d3d11 && (options.json || options.explain || options.has_sdk_version))
        return usage(command, "--api d3d11 does not combine with --json, --explain or --sdk-version");
    if (command->id == CLI_CMD_EXPLAIN && !options.has_sdk_version)
        return usage(command, "needs --sdk-version");
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
