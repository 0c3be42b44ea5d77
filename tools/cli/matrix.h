/*
 * mockd3d12 matrix: the model its files share. matrix.c reads the command
 * line, makes the cells, reads their traces and writes the text, JUnit and
 * JSON reports; matrix_run.c runs the cells; matrix_html.c writes the page.
 */
#ifndef MOCKD3D12_CLI_MATRIX_H
#define MOCKD3D12_CLI_MATRIX_H

#include "cli.h"

struct json_t;

struct matrix_adapter
{
    const char *id;          /* the registered id (lives as long as the process) */
    char *env_value;         /* what MOCKD3D12_ADAPTER gets: the id, or the file's absolute path */
    const char *description;
    char confidence[32];     /* the adapter's provenance: dump, inferred, synthetic, ... */
    bool software;
};

struct matrix_runtime
{
    char *label;             /* the item as written, e.g. "retail:616" */
    mockd3d12_runtime runtime;
};

enum matrix_status
{
    MATRIX_OTHER_SHARD = 0,  /* not this shard's */
    MATRIX_PASSED,
    MATRIX_FAILED,           /* non-zero exit status */
    MATRIX_SIGNALED,         /* killed by a signal it did not get from us */
    MATRIX_TIMED_OUT,
    MATRIX_NOT_STARTED,      /* the command could not be run */
};

struct matrix_cell
{
    unsigned adapter, runtime;
    enum matrix_status status;
    int exit_code;           /* MATRIX_PASSED/FAILED; 127 for NOT_STARTED */
    int signal;              /* MATRIX_SIGNALED */
    double seconds;
    char *output;            /* stdout and stderr together, NUL-terminated */
    size_t output_length, output_dropped;
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
    struct matrix_adapter *adapters;
    unsigned adapter_count;
    struct matrix_runtime *runtimes;
    unsigned runtime_count;
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
#define MATRIX_CELL_VARIABLES 5
extern const char *const matrix_cell_variables[MATRIX_CELL_VARIABLES];
/* The value of matrix_cell_variables[index] for a cell. */
void matrix_cell_variable(const struct matrix *m, const struct matrix_cell *cell, unsigned index, char *buffer,
        size_t size);
/* Does this shard (--shard I/N) run cell `cell`? */
bool matrix_in_shard(const struct matrix *m, unsigned cell);
char *matrix_copy_text(const char *text);

/* Runs the shard's cells (tools/cli/matrix_run.c): fills each cell's status,
 * exit code, output and trace_path, with trace_dir the directory of the
 * traces. CLI_OK, or a CLI_* code (said on stderr); 128 + the signal when
 * interrupted. */
int matrix_run_cells(struct matrix *m);

bool matrix_cell_failed(const struct matrix_cell *cell);
/* "pass", "FAIL exit 1", "FAIL timeout", ... */
const char *matrix_mark(const struct matrix_cell *cell, char *buffer, size_t size);
/* One sentence: "exit status 0", "timed out after 2 s", "could not be started", ... */
void matrix_outcome(const struct matrix *m, const struct matrix_cell *cell, char *buffer, size_t size);

/* Writes the HTML page (tools/cli/matrix_html.c); false with a message on failure. */
bool matrix_write_html(const struct matrix *m, const char *path);

#endif
