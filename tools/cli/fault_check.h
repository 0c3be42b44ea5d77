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
    FK_BUDGET,     /* budget:0@METHOD#N: the budget drops below the usage there (start-up: at the first creation) */
    FK_OCCLUDED,   /* occluded@Present#N: that Present answers DXGI_STATUS_OCCLUDED */
};

/* What --sweep selects (docs/faults.md, "fault-check"): each kind is a set of
 * (method, fault) entries of fk_methods[], or the start-up budget. */
enum fk_kind
{
    FK_KIND_OOM = 1u << 0,             /* oom at each creation */
    FK_KIND_REMOVE = 1u << 1,          /* remove:hung at each ExecuteCommandLists, Present, Present1 */
    FK_KIND_BUDGET = 1u << 2,          /* budget:0 at start-up and at each ExecuteCommandLists, Present, Present1 */
    FK_KIND_OCCLUDED = 1u << 3,        /* occluded at each Present, Present1 */
    FK_KIND_CREATION_BUDGET = 1u << 4, /* budget:0 at each creation */
};
#define FK_KINDS_DEFAULT (FK_KIND_OOM | FK_KIND_REMOVE | FK_KIND_BUDGET | FK_KIND_OCCLUDED)
#define FK_KINDS_ALL (FK_KINDS_DEFAULT | FK_KIND_CREATION_BUDGET)

/* One run of the program with a plan of one site. */
struct fk_site
{
    unsigned adapter;
    unsigned method;             /* the index in fk_methods[] (the start-up budget: fk_method_count) */
    unsigned n;                  /* the call that fails, from 1 */
    enum fk_fault fault;
    char *plan;                  /* what MOCKD3D12_FAULTS gets */
    char name[96];               /* "CreateCommittedResource#2" (the start-up budget: the first creation's, from the trace) */
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
    unsigned kinds;              /* --sweep: enum fk_kind bits */
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
    enum fk_kind kind;           /* the --sweep kind the entry belongs to */
};
extern const struct fk_method fk_methods[];
extern const unsigned fk_method_count;

/* "oom", "remove:hung", "budget:0", "occluded". */
const char *fk_fault_name(enum fk_fault fault);
/* The start-up budget's site (budget:0 at every creation's #1). */
static inline bool fk_site_is_startup(const struct fk_site *site)
{
    return site->method == fk_method_count;
}
/* The --sweep kinds as text ("oom,remove,budget,occluded"). */
void fk_kinds_text(unsigned kinds, char *buffer, size_t size);
/* The sites that count: the fault fired there. */
static inline bool fk_site_counts(const struct fk_site *site)
{
    return site->fired && site->run.status != CLI_RUN_NONE;
}

/* Writes the page (fault_check_html.c); false with a message on failure. */
bool fk_write_html(const struct fk_check *c, const char *path);

#endif
