/*
 * Running a command over adapters, shared by `matrix` and `forward-check`:
 * the --adapters list (runs.c), the runner that starts the runs --jobs at a
 * time under a timeout and keeps their output (runner.c), and the text
 * helpers their reports need (runs.c).
 */
#ifndef MOCKD3D12_CLI_RUNS_H
#define MOCKD3D12_CLI_RUNS_H

#include "cli.h"

/* One adapter --adapters named. */
struct cli_adapter
{
    const char *id;          /* the registered id (lives as long as the process) */
    char *env_value;         /* what MOCKD3D12_ADAPTER gets: the id, or the file's absolute path */
    const char *description;
    char confidence[32];     /* the adapter's provenance: dump, inferred, synthetic, ... */
    bool software;
};

/* Ids, profile files, D3d12info reports and the sets all, hardware,
 * software, dumps, baselines, comma-separated (docs/matrix.md), appended to
 * *adapters (an adapter named twice is one, where first named). `command`
 * names the messages' command. CLI_OK, CLI_USAGE, CLI_NO_ADAPTER or
 * CLI_FAILED (said on stderr). */
int cli_parse_adapters(const char *command, const char *list, struct cli_adapter **adapters, unsigned *count);
void cli_free_adapters(struct cli_adapter *adapters, unsigned count);

/* How one run of the command ended. */
enum cli_run_status
{
    CLI_RUN_NONE = 0,        /* not run (another shard's) */
    CLI_RUN_PASSED,
    CLI_RUN_FAILED,          /* non-zero exit status */
    CLI_RUN_SIGNALED,        /* killed by a signal it did not get from us */
    CLI_RUN_TIMED_OUT,
    CLI_RUN_NOT_STARTED,     /* the command could not be run */
};

struct cli_run
{
    enum cli_run_status status;
    int exit_code;           /* PASSED/FAILED; 127 for NOT_STARTED */
    int signal;              /* SIGNALED */
    double seconds;
    char *output;            /* stdout and stderr together, NUL-terminated (free()) */
    size_t output_length, output_dropped;
};

bool cli_run_failed(const struct cli_run *run);
/* "pass", "FAIL exit 1", "FAIL timeout", ... */
const char *cli_run_mark(const struct cli_run *run, char *buffer, size_t size);
/* One sentence: "exit status 0", "timed out after 2 s (killed)", ... */
void cli_run_outcome(const struct cli_run *run, double timeout, char *buffer, size_t size);
/* Makes the output valid UTF-8 without control characters but tab and
 * newline, so that every report (XML, JSON, HTML) can carry it. */
void cli_run_sanitize(struct cli_run *run);

/* Runs of one command, each with its own values of `variables` (the rest of
 * the environment is passed on): standard input /dev/null, standard output
 * and error captured together (the first 256 KiB kept), each in a process
 * group of its own that the timeout kills. */
struct cli_runner
{
    const char *name;               /* "matrix": the messages' command */
    const char *noun;               /* "cells": the progress line's */
    char *const *command;           /* argv, NULL-terminated */
    unsigned jobs;                  /* at once; 0: the number of online cores */
    double timeout;                 /* seconds */
    const char *const *variables;
    unsigned variable_count;
    unsigned count;                 /* runs 0 .. count - 1 */
    /* Where run `index` ends, or NULL when it is not to be run. */
    struct cli_run *(*run)(void *ctx, unsigned index);
    /* The value of variables[variable] for run `index`; false: unset it. */
    bool (*value)(void *ctx, unsigned index, unsigned variable, char *buffer, size_t size);
    void *ctx;
};

/* CLI_OK where commands can be run; on Windows (not supported yet) the
 * message, naming command `name`, and CLI_USAGE. */
int cli_run_supported(const char *name);

/* Runs them (runner.c) and fills each cli_run. CLI_OK, or a CLI_* code
 * (said on stderr); 128 + the signal when interrupted (SIGINT, SIGTERM: the
 * runs still going are killed). On Windows: not supported yet, CLI_USAGE. */
int cli_run_commands(struct cli_runner *runner);

/* A fresh directory "mockd3d12-NAME-XXXXXX" in $TMPDIR (else /tmp); false,
 * said on stderr ("cannot make a directory for PURPOSE"), when none can be made. */
bool cli_make_temp_dir(const char *name, const char *purpose, char *dir, size_t size);

/* --jobs N: 1 to 2^20; --timeout S: seconds, more than 0, at most a week. */
bool cli_parse_count(const char *text, unsigned *value);
bool cli_parse_seconds(const char *text, double *seconds);

/* Text escaped for XML attributes and content (& < > "); for HTML also '. */
void cli_xml_escape(FILE *f, const char *text);
void cli_html_escape(FILE *f, const char *text);

/* JUnit XML, one test case per run (matrix, forward-check): the case's
 * opening; a <failure> with its message and text; its output and end; the
 * end of the file and its close (false, said on stderr as "mockd3d12
 * COMMAND: --junit PATH: cannot write the file", when that fails). */
void cli_junit_case_begin(FILE *f, const char *classname, const char *name, double seconds);
void cli_junit_failure(FILE *f, const char *message, const char *text);
void cli_junit_case_end(FILE *f, const char *output);
bool cli_junit_close(FILE *f, const char *command, const char *path);

char *cli_copy_text(const char *text);

#endif
