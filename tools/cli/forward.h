/*
 * mockd3d12 forward-check: the rules its files share. forward_rules.c has
 * the pure ones (which values a field is raised and lowered to, when a raise
 * is a regression, the message), tested row by row in
 * tests/cli/test_forward_rules.c; forward.c runs the command and
 * forward_html.c writes the page.
 */
#ifndef MOCKD3D12_CLI_FORWARD_H
#define MOCKD3D12_CLI_FORWARD_H

#include "runs.h"

/* What kind of value a capability field holds (from the tables:
 * mockd3d12_field_desc's kind and enum_is_flags). */
enum fc_kind
{
    FC_BOOL,   /* BOOL: FALSE -> TRUE */
    FC_LIMIT,  /* an unsigned number: doubled (0 -> 1), halved below */
    FC_ENUM,   /* a tier, version or other enum: the next value defined, one above every defined one */
    FC_FLAGS,  /* a flags enum: one more defined bit, one bit above every defined one */
};

struct fc_field_facts
{
    enum fc_kind kind;
    uint64_t max;              /* FC_LIMIT: the largest value of the field's type */
    const uint32_t *values;    /* FC_ENUM, FC_FLAGS: the values the SDK defines (and the adapter declares) */
    unsigned value_count;      /* (FC_FLAGS: members that are one bit count, the others are ignored) */
};

/* The values a field is run with, from the adapter's value. */
struct fc_values
{
    bool has_next, has_above, has_lower;
    uint64_t next;             /* the next value the SDK defines (BOOL: TRUE; limit: doubled) */
    uint64_t above;            /* FC_ENUM, FC_FLAGS: above every defined value (declared under newValues) */
    uint64_t lower;            /* one value below the adapter's */
};

/* Enum values are ordered as the signed 32-bit numbers the headers give
 * them (D3D12_TRI_STATE_UNKNOWN is -1). */
void fc_values_for(const struct fc_field_facts *facts, uint64_t value, struct fc_values *out);

/* How one raise went: the lines of the baseline's output missing at the
 * raised value ("lost") and the lines at the raised value that the
 * baseline's output lacks but the lower value's has ("got": the program
 * treats more capability like less), each "line\n" ... (free()). */
struct fc_judgement
{
    bool exit_regressed;       /* the baseline exited 0, the raised run did not */
    bool regressed;            /* exit_regressed or a line came back from the lower value */
    char *lost, *got;
    unsigned lost_count, got_count;
};

/* `lower` may be NULL (no value below the adapter's). False when out of memory. */
bool fc_judge(const struct cli_run *baseline, const struct cli_run *raised, const struct cli_run *lower,
        struct fc_judgement *judgement);
void fc_judgement_free(struct fc_judgement *judgement);

/* "exit 0", "signal 11", "timeout", "not run". */
void fc_run_text(const struct cli_run *run, char *buffer, size_t size);

/* The report's line for one raise:
 *   NAME FROM → TO: exit 0 → 1, lost "a", got "b" as at LOWER — an exact-value check? (CFS1)
 * or, without a regression, "NAME FROM → TO: exit 0 → 0, no regression". `cfs1` is the
 * parenthesized clause without the parentheses ("CheckFeatureSupport1 with SDK 616
 * would hide this value"), or NULL. */
void fc_message(char *buffer, size_t size, const char *name, const char *from, const char *to, const char *lower,
        const struct cli_run *baseline, const struct cli_run *raised, const struct fc_judgement *judgement,
        const char *cfs1);

/* ---- The check (forward.c) ---- */

enum fc_variant
{
    FC_RAISE_NEXT,   /* the next value the SDK defines (TRUE, doubled, one more bit) */
    FC_RAISE_ABOVE,  /* above every published value, declared under newValues */
    FC_LOWER,        /* one value below the adapter's: what "less capability" prints */
};

/* One run of the command with one field of one adapter changed. */
struct fc_raise
{
    unsigned adapter;
    unsigned field;              /* the tables' field index (cli_field) */
    enum fc_variant variant;
    uint64_t from, to;
    char from_text[160], to_text[160];
    char id[64];                 /* the derived profile's id */
    char *path;                  /* its file */
    bool loaded;                 /* the profile loader takes it (else `why`, and it is not run) */
    char why[512];
    int lower;                   /* FC_RAISE_*: the index of this field's FC_LOWER, or -1 */
    unsigned sdk;                /* the program's own SDK version for the field */
    char cfs1[256];              /* what CheckFeatureSupport1 at `sdk` would do with the value */
    struct cli_run run;
    bool judged;
    struct fc_judgement judgement;
    char message[4096];
};

struct fc_adapter_run
{
    struct cli_run baseline;
    char *trace_path;
    struct cli_run probe;        /* on the configured runtime, cutoff and all: the SDK versions the program passes */
    char *probe_trace_path;
    char *parent_dir;            /* a file's adapter: the directory of its dump, for the derived profiles */
    unsigned field_count;        /* capability fields the baseline read */
    unsigned raises, regressions;
};

struct fc_check
{
    struct cli_adapter *adapters;
    unsigned adapter_count;
    struct fc_adapter_run *runs;
    struct fc_raise *raises;
    unsigned raise_count;
    mockd3d12_runtime runtime;   /* the configured runtime (--runtime), with its cutoff */
    char runtime_label[64];
    char *const *command;
    unsigned command_count;
    unsigned jobs;
    double timeout;
    bool derived_phase;          /* the runner runs the raises (else the baselines) */
    const char *profile_path;    /* the caller's MOCKD3D12_PROFILE_PATH, or NULL */
    char dir[4096];
};

/* Writes the page (forward_html.c); false with a message on failure. */
bool fc_write_html(const struct fc_check *check, const char *path);

#endif
