/*
 * mockd3d12 matrix: the model its files share. matrix.c reads the command
 * line, makes the cells, reads their traces and writes the text, JUnit and
 * JSON reports; runner.c runs the cells (runs.h); matrix_html.c writes the page.
 */
#ifndef MOCKD3D12_CLI_MATRIX_H
#define MOCKD3D12_CLI_MATRIX_H

#include "runs.h"

struct json_t;

/* A column of the grid: a runtime, and with --faults one fault plan. */
struct matrix_runtime
{
    char *label;             /* the column's: the runtime item as written, e.g. "retail:616", and with
                              * --faults " faults=PLAN" ("faults=none" for the cell without a plan) */
    char *runtime_label;     /* the runtime item alone */
    const char *plan;        /* MOCKD3D12_FAULTS of the column (matrix.plans'), NULL: none */
    unsigned plan_index;     /* its index in matrix.plans (0 without --faults) */
    mockd3d12_runtime runtime;
};

struct matrix_cell
{
    unsigned adapter, runtime;
    struct cli_run run;      /* status CLI_RUN_NONE: another shard's */
    struct json_t *reads;    /* what the command read, from its trace: {"FEATURE.Field": "value", ...} */
    char *trace_path;
};

/* The capabilities whose answers differ within a row or a column of cells
 * whose outcomes differ. */
struct matrix_group
{
    bool column;             /* true: the cells of one runtime (adapters differ); false: one adapter's row */
    unsigned index;          /* the runtime (column) or adapter (row) */
    struct json_t *fields;   /* {"FEATURE.Field": {"value": ["cell label", ...], ...}, ...} */
};

struct matrix
{
    struct cli_adapter *adapters;
    unsigned adapter_count;
    struct matrix_runtime *runtimes; /* the columns: runtimes, each with each plan (runtime-major) */
    unsigned runtime_count;
    char **plans;               /* --faults: the plans as written, NULL for 'none' */
    unsigned plan_count;        /* 0 without --faults */
    struct matrix_cell *cells;  /* adapter-major: cells[a * runtime_count + r] */
    unsigned cell_count;
    unsigned shard_index, shard_count; /* 1-based I of N */
    double timeout;
    unsigned jobs;
    char *const *command;
    unsigned command_count;
    struct matrix_group *groups;
    unsigned group_count;
    char trace_dir[4096];       /* where the cells' traces are written, "" before the run */
};

/* The variables a cell sets (the last, MOCKD3D12_TRACE, to its trace file). */
#define MATRIX_CELL_VARIABLES 6
extern const char *const matrix_cell_variables[MATRIX_CELL_VARIABLES];
/* The value of matrix_cell_variables[index] for a cell; false when the cell
 * unsets the variable (MOCKD3D12_FAULTS without a plan). */
bool matrix_cell_variable(const struct matrix *m, const struct matrix_cell *cell, unsigned index, char *buffer,
        size_t size);
/* Does this shard (--shard I/N) run cell `cell`? */
bool matrix_in_shard(const struct matrix *m, unsigned cell);

/* Writes the HTML page (tools/cli/matrix_html.c); false with a message on failure. */
bool matrix_write_html(const struct matrix *m, const char *path);

#endif
