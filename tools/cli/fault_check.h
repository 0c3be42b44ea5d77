/*
 * mockd3d12 fault-check: the model its files share. fault_check.c sweeps the
 * fault sites (runs through runner.c, reads the traces through trace.c,
 * writes the text, JUnit and JSON reports); fault_check_html.c writes the page.
 */
#ifndef MOCKD3D12_CLI_FAULT_CHECK_H
#define MOCKD3D12_CLI_FAULT_CHECK_H

#include "runs.h"

/* What a site's fault is. */
enum fk_fault
{
    FK_OOM,        /* oom@METHOD#N: the N-th call of a creation fails with E_OUTOFMEMORY */
    FK_REMOVE,     /* remove:hung@ExecuteCommandLists#N: the GPU hangs there, the device is removed */
    FK_BUDGET,     /* budget:0 at the first creation: no video memory from start-up on */
};

/* One run of the program with a plan of one site. */
struct fk_site
{
    unsigned adapter;
    unsigned method;             /* the index in fk_methods[] (FK_BUDGET: fk_method_count) */
    unsigned n;                  /* the call that fails, from 1 */
    enum fk_fault fault;
    char *plan;                  /* what MOCKD3D12_FAULTS gets */
    char name[96];               /* "CreateCommittedResource#2" (FK_BUDGET: the first creation's, from the trace) */
    char *trace_path;
    struct cli_run run;
    bool fired;                  /* the trace shows the fault fired: the call exists, this is a site */
    bool leaked;                 /* --leaks: objects alive at exit */
    unsigned long long live_objects;
    bool flagged;                /* crashed, hung, or (--leaks) leaked */
    char verdict[256];           /* "CreateCommittedResource#2 oom: crashed (SIGSEGV)" */
};

struct fk_baseline
{
    struct cli_run run;
    char *trace_path;
    bool leaked;
    unsigned long long live_objects;
};

struct fk_check
{
    struct cli_adapter *adapters;
    unsigned adapter_count;
    struct fk_baseline *baselines;
    struct fk_site *sites;       /* every run of the sweep, fired or not, in the order they were made */
    unsigned site_count;
    unsigned round_begin;        /* the runner's runs: sites[round_begin ..] (or the baselines when baseline_phase) */
    bool baseline_phase;
    unsigned shard_index, shard_count; /* 1-based I of N */
    unsigned max_calls;
    bool leaks;
    double timeout;
    unsigned jobs;
    char *const *command;
    unsigned command_count;
    char dir[4096];
};

/* The methods the sweep fails, as a plan names them (docs/faults.md, "The
 * methods a plan can name"), and the fault each takes. */
struct fk_method
{
    const char *name;
    enum fk_fault fault;
};
extern const struct fk_method fk_methods[];
extern const unsigned fk_method_count;

/* "oom", "remove:hung", "budget:0". */
const char *fk_fault_name(enum fk_fault fault);
/* The sites that count: the fault fired there. */
static inline bool fk_site_counts(const struct fk_site *site)
{
    return site->fired && site->run.status != CLI_RUN_NONE;
}

/* Writes the page (fault_check_html.c); false with a message on failure. */
bool fk_write_html(const struct fk_check *c, const char *path);

#endif
