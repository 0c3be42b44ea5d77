/*
 * The command line of every mockd3d12 command, parsed one way (args.c): the
 * commands, their usages and help texts and the options each accepts are
 * tools/cli/commands.txt's, generated into cli_commands_gen.c by
 * tools/gen_cli.py (which also writes the manual pages, the bash completion
 * and docs/cli.md's generated blocks from the same file).
 */
#ifndef MOCKD3D12_CLI_ARGS_H
#define MOCKD3D12_CLI_ARGS_H

#include "cli.h"
#include "cli_commands_gen.h"

/* What a command takes besides its options. */
enum cli_arguments
{
    CLI_ARGS_NONE,
    CLI_ARGS_ONE,       /* one file: options->adapter */
    CLI_ARGS_TWO,       /* diff's A and B: options->adapter, options->adapter_b */
    CLI_ARGS_FILES,     /* validate's files: options->files */
    CLI_ARGS_COMMAND,   /* "-- COMMAND [ARG...]": options->command */
};

struct cli_option_spec
{
    const char *name;   /* "--adapter" */
    const char *value;  /* the name of its value ("ID|FILE"), NULL for a flag */
    enum cli_option_id id;
};

struct cli_command_spec
{
    enum cli_command_id id;
    const char *name;
    int (*run)(const struct cli_options *options);
    const char *usage;
    const char *help;
    enum cli_arguments arguments;
    const struct cli_option_spec *options;
    unsigned option_count;
};

extern const struct cli_command_spec cli_commands[CLI_COMMAND_COUNT];

/* The command named `name`, or NULL. */
const struct cli_command_spec *cli_find_command(const char *name);

/* Parses a command's arguments (argv after the command's name) into
 * *options: -1 when the command is to run, else the exit status (CLI_OK
 * after --help, CLI_USAGE after a message on stderr). */
int cli_parse_args(const struct cli_command_spec *command, int argc, char **argv, struct cli_options *options);

#endif
