/*
 * mockd3d12 fault-check: finds the fault sites a program mishandles, as
 * SQLite's out-of-memory loop does. It runs the program once without faults
 * (the baseline: it must not crash or hang), then once per fault site with a
 * plan of that one site (MOCKD3D12_FAULTS) and a trace of its own
 * (MOCKD3D12_TRACE). The trace records no creation calls, only the `Fault`
 * a rule fires (docs/trace.md), so the sites are found the SQLite way: each
 * method a plan can name is failed at its call #1, and at #N+1 in the next
 * round while the trace shows #N fired, up to --max-calls. A site is flagged
 * when the program crashed (a signal) or hung past the timeout; any exit
 * status is handling. With --leaks, a run whose trace says objects were
 * alive at exit is flagged too.
 *
 * The adapters, the runner, the JUnit helpers and the shards are what
 * matrix and forward-check use (runs.h, args.c); the page is fault_check_html.c.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fault_check.h"

#define FK_DEFAULT_TIMEOUT 10.0
#define FK_DEFAULT_MAX_CALLS 16

/* docs/faults.md, "The methods a plan can name", and what --sweep tries at
 * each: every creation fails with oom; ExecuteCommandLists, Present and
 * Present1 hang the GPU, and the budget drops below the usage there (the
 * points of a frame where an application meets another process taking the
 * video memory); Present and Present1 answer DXGI_STATUS_OCCLUDED; with
 * --sweep creation-budget the budget drops at each creation too. A method
 * with several faults has one entry, and one #1, #2, ... sequence, per
 * fault. Signal and Wait are not swept: a removal there is the hang an
 * ExecuteCommandLists or Present site already sweeps. */
const struct fk_method fk_methods[] =
{
    {"ExecuteCommandLists", FK_REMOVE, FK_KIND_REMOVE},
    {"Present", FK_REMOVE, FK_KIND_REMOVE},
    {"Present1", FK_REMOVE, FK_KIND_REMOVE},
    {"CreateCommandQueue", FK_OOM, FK_KIND_OOM},
    {"CreateCommandQueue1", FK_OOM, FK_KIND_OOM},
    {"CreateCommandAllocator", FK_OOM, FK_KIND_OOM},
    {"CreateCommandList", FK_OOM, FK_KIND_OOM},
    {"CreateCommandList1", FK_OOM, FK_KIND_OOM},
    {"CreateCommandSignature", FK_OOM, FK_KIND_OOM},
    {"CreateCommittedResource", FK_OOM, FK_KIND_OOM},
    {"CreateCommittedResource1", FK_OOM, FK_KIND_OOM},
    {"CreateCommittedResource2", FK_OOM, FK_KIND_OOM},
    {"CreateCommittedResource3", FK_OOM, FK_KIND_OOM},
    {"CreatePlacedResource", FK_OOM, FK_KIND_OOM},
    {"CreatePlacedResource1", FK_OOM, FK_KIND_OOM},
    {"CreatePlacedResource2", FK_OOM, FK_KIND_OOM},
    {"CreateReservedResource", FK_OOM, FK_KIND_OOM},
    {"CreateReservedResource1", FK_OOM, FK_KIND_OOM},
    {"CreateReservedResource2", FK_OOM, FK_KIND_OOM},
    {"CreateHeap", FK_OOM, FK_KIND_OOM},
    {"CreateHeap1", FK_OOM, FK_KIND_OOM},
    {"CreateDescriptorHeap", FK_OOM, FK_KIND_OOM},
    {"CreateFence", FK_OOM, FK_KIND_OOM},
    {"CreateQueryHeap", FK_OOM, FK_KIND_OOM},
    {"CreateQueryHeap1", FK_OOM, FK_KIND_OOM},
    {"CreateRootSignature", FK_OOM, FK_KIND_OOM},
    {"CreateRootSignatureFromSubobjectInLibrary", FK_OOM, FK_KIND_OOM},
    {"CreateGraphicsPipelineState", FK_OOM, FK_KIND_OOM},
    {"CreateComputePipelineState", FK_OOM, FK_KIND_OOM},
    {"CreatePipelineState", FK_OOM, FK_KIND_OOM},
    {"CreatePipelineLibrary", FK_OOM, FK_KIND_OOM},
    {"CreateShaderCacheSession", FK_OOM, FK_KIND_OOM},
    {"CreateStateObject", FK_OOM, FK_KIND_OOM},
    {"AddToStateObject", FK_OOM, FK_KIND_OOM},
    {"ExecuteCommandLists", FK_BUDGET, FK_KIND_BUDGET},
    {"Present", FK_BUDGET, FK_KIND_BUDGET},
    {"Present1", FK_BUDGET, FK_KIND_BUDGET},
    {"Present", FK_OCCLUDED, FK_KIND_OCCLUDED},
    {"Present1", FK_OCCLUDED, FK_KIND_OCCLUDED},
    {"CreateCommandQueue", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommandQueue1", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommandAllocator", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommandList", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommandList1", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommandSignature", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommittedResource", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommittedResource1", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommittedResource2", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateCommittedResource3", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreatePlacedResource", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreatePlacedResource1", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreatePlacedResource2", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateReservedResource", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateReservedResource1", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateReservedResource2", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateHeap", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateHeap1", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateDescriptorHeap", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateFence", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateQueryHeap", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateQueryHeap1", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateRootSignature", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateRootSignatureFromSubobjectInLibrary", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateGraphicsPipelineState", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateComputePipelineState", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreatePipelineState", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreatePipelineLibrary", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateShaderCacheSession", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"CreateStateObject", FK_BUDGET, FK_KIND_CREATION_BUDGET},
    {"AddToStateObject", FK_BUDGET, FK_KIND_CREATION_BUDGET},
};

const unsigned fk_method_count = sizeof(fk_methods) / sizeof(fk_methods[0]);

/* The variables a run sets; everything else of the environment is passed on. */
static const char *const fk_variables[] =
{
    "MOCKD3D12_ADAPTER", "MOCKD3D12_FAULTS", "MOCKD3D12_TRACE", "MOCKD3D12_TRACE_LIVE_OBJECTS",
};

const char *fk_fault_name(enum fk_fault fault)
{
    switch (fault)
    {
        case FK_OOM: return "oom";
        case FK_REMOVE: return "remove:hung";
        case FK_BUDGET: return "budget:0";
        case FK_OCCLUDED: return "occluded";
    }
    return "?";
}

static const struct
{
    const char *name;
    enum fk_kind kind;
}
fk_kind_names[] =
{
    {"oom", FK_KIND_OOM},
    {"remove", FK_KIND_REMOVE},
    {"budget", FK_KIND_BUDGET},
    {"occluded", FK_KIND_OCCLUDED},
    {"creation-budget", FK_KIND_CREATION_BUDGET},
};

void fk_kinds_text(unsigned kinds, char *buffer, size_t size)
{
    size_t used = 0;
    unsigned i;

    buffer[0] = 0;
    for (i = 0; i < sizeof(fk_kind_names) / sizeof(fk_kind_names[0]) && used < size; ++i)
        if (kinds & fk_kind_names[i].kind)
            used += (size_t)snprintf(buffer + used, size - used, "%s%s", used ? "," : "", fk_kind_names[i].name);
}

/* --sweep LIST: kinds joined by commas, "all", or "default". */
static bool parse_kinds(const char *list, unsigned *kinds)
{
    const char *p = list, *end;
    size_t length;
    unsigned i;

    *kinds = 0;
    while (*p)
    {
        end = p + strcspn(p, ",");
        length = (size_t)(end - p);
        if (length == 3 && !strncmp(p, "all", 3))
            *kinds |= FK_KINDS_ALL;
        else if (length == 7 && !strncmp(p, "default", 7))
            *kinds |= FK_KINDS_DEFAULT;
        else
        {
            for (i = 0; i < sizeof(fk_kind_names) / sizeof(fk_kind_names[0]); ++i)
                if (strlen(fk_kind_names[i].name) == length && !strncmp(p, fk_kind_names[i].name, length))
                    break;
            if (i == sizeof(fk_kind_names) / sizeof(fk_kind_names[0]))
                return false;
            *kinds |= fk_kind_names[i].kind;
        }
        p = *end ? end + 1 : end;
    }
    return *kinds != 0;
}

static const char *signal_name(int signal)
{
    switch (signal)
    {
        case SIGSEGV: return "SIGSEGV";
        case SIGABRT: return "SIGABRT";
        case SIGFPE: return "SIGFPE";
        case SIGILL: return "SIGILL";
#ifndef _WIN32
        case SIGBUS: return "SIGBUS";
        case SIGTRAP: return "SIGTRAP";
        case SIGKILL: return "SIGKILL";
        case SIGPIPE: return "SIGPIPE";
#endif
    }
    return NULL;
}

/* ---- The sites ---- */

static bool in_shard(const struct fk_check *c, unsigned adapter, unsigned method)
{
    return (adapter * (fk_method_count + 1) + method) % c->shard_count == c->shard_index - 1;
}

static bool add_site(struct fk_check *c, unsigned adapter, unsigned method, unsigned n)
{
    struct fk_site *s;
    char path[4096 + 64];
    size_t size = 0;
    unsigned m;

    if (!(s = realloc(c->sites, (c->site_count + 1) * sizeof(*s))))
        return false;
    c->sites = s;
    s = &s[c->site_count];
    memset(s, 0, sizeof(*s));
    s->adapter = adapter;
    s->method = method;
    s->n = n;
    if (method < fk_method_count)
    {
        s->fault = fk_methods[method].fault;
        snprintf(s->name, sizeof(s->name), "%s#%u", fk_methods[method].name, n);
        size = strlen(s->name) + 32;
        if ((s->plan = malloc(size)))
            snprintf(s->plan, size, "%s@%s", fk_fault_name(s->fault), s->name);
    }
    else
    {
        /* Budget pressure from start-up: the budget is 0 from the first
         * creation on, whichever it is; the trace's first Fault names it. */
        s->fault = FK_BUDGET;
        for (m = 0; m < fk_method_count; ++m)
            size += strlen(fk_methods[m].name) + 16;
        if ((s->plan = malloc(size)))
        {
            s->plan[0] = 0;
            for (m = 0; m < fk_method_count; ++m)
                if (fk_methods[m].kind == FK_KIND_OOM)
                    snprintf(s->plan + strlen(s->plan), size - strlen(s->plan), "%sbudget:0@%s#1",
                            s->plan[0] ? ";" : "", fk_methods[m].name);
        }
    }
    snprintf(path, sizeof(path), "%s/site-%u.jsonl", c->dir, c->site_count);
    if (!s->plan || !(s->trace_path = cli_copy_text(path)))
    {
        free(s->plan);
        return false;
    }
    ++c->site_count;
    return true;
}

/* ---- Reading a run's trace ---- */

struct trace_facts
{
    const char *plan;            /* the run's plan: a Fault of one of its rules fired */
    bool fired;
    char first_method[80];       /* the first Fault's method, without its interface */
    unsigned long long live_objects;
    bool has_live;
};

static void read_record(void *ctx, json_t *record)
{
    struct trace_facts *facts = ctx;
    const char *entry = json_string_value(json_object_get(record, "entry"));

    if (!entry)
        return;
    if (!strcmp(entry, "Fault") && facts->plan)
    {
        const char *rule = json_string_value(json_object_get(record, "rule"));
        const char *method = json_string_value(json_object_get(record, "method")), *colons;

        if (!rule || !strstr(facts->plan, rule))
            return;
        if (!facts->fired && method)
            snprintf(facts->first_method, sizeof(facts->first_method), "%s",
                    (colons = strstr(method, "::")) ? colons + 2 : method);
        facts->fired = true;
    }
    else if (!strcmp(entry, "LiveObjects"))
    {
        json_t *objects = json_object_get(record, "objects");

        facts->has_live = true;
        if (json_is_integer(objects))
            facts->live_objects += (unsigned long long)json_integer_value(objects);
    }
}

static void read_trace(const char *path, const char *plan, struct trace_facts *facts)
{
    unsigned malformed;

    memset(facts, 0, sizeof(*facts));
    facts->plan = plan;
    cli_trace_foreach(path, read_record, facts, &malformed);
}

/* ---- Running ---- */

static struct cli_run *runner_run(void *ctx, unsigned index)
{
    struct fk_check *c = ctx;

    return c->baseline_phase ? &c->baselines[index].run : &c->sites[c->round_begin + index].run;
}

static bool runner_value(void *ctx, unsigned index, unsigned variable, char *buffer, size_t size)
{
    struct fk_check *c = ctx;
    const struct fk_site *site = c->baseline_phase ? NULL : &c->sites[c->round_begin + index];
    unsigned adapter = site ? site->adapter : index;

    switch (variable)
    {
        case 0: snprintf(buffer, size, "%s", c->adapters[adapter].env_value); return true;
        case 1:
            if (!site)
                return false; /* the baseline: no plan, whatever the environment has */
            snprintf(buffer, size, "%s", site->plan);
            return true;
        case 2: snprintf(buffer, size, "%s", site ? site->trace_path : c->baselines[adapter].trace_path); return true;
        default:
            if (!c->leaks)
                return false;
            snprintf(buffer, size, "1");
            return true;
    }
}

static int run_batch(struct fk_check *c, bool baseline, unsigned begin, unsigned count)
{
    struct cli_runner runner;

    memset(&runner, 0, sizeof(runner));
    c->baseline_phase = baseline;
    c->round_begin = begin;
    runner.name = "fault-check";
    runner.noun = "runs";
    runner.command = c->command;
    runner.jobs = c->jobs;
    runner.timeout = c->timeout;
    runner.variables = fk_variables;
    runner.variable_count = sizeof(fk_variables) / sizeof(fk_variables[0]);
    runner.count = count;
    runner.run = runner_run;
    runner.value = runner_value;
    runner.ctx = c;
    return cli_run_commands(&runner);
}

/* "crashed (SIGSEGV)", "hung (killed after 10 s)", "handled (exit status 1)". */
static void outcome_text(const struct fk_check *c, const struct cli_run *run, char *buffer, size_t size)
{
    const char *name;

    switch (run->status)
    {
        case CLI_RUN_SIGNALED:
            if ((name = signal_name(run->signal)))
                snprintf(buffer, size, "crashed (%s%s)", name, run->signal == SIGABRT ? ", an abort" : "");
            else
                snprintf(buffer, size, "crashed (signal %d)", run->signal);
            return;
        case CLI_RUN_TIMED_OUT: snprintf(buffer, size, "hung (killed after %g s)", c->timeout); return;
        case CLI_RUN_NOT_STARTED: snprintf(buffer, size, "could not be started"); return;
        case CLI_RUN_NONE: snprintf(buffer, size, "not run"); return;
        case CLI_RUN_PASSED:
        case CLI_RUN_FAILED: snprintf(buffer, size, "handled (exit status %d)", run->exit_code); return;
    }
}

static void judge_site(const struct fk_check *c, struct fk_site *s, const struct trace_facts *facts)
{
    bool exited = s->run.status == CLI_RUN_PASSED || s->run.status == CLI_RUN_FAILED;
    char outcome[128];

    s->fired = facts->fired;
    if (fk_site_is_startup(s) && facts->fired)
        snprintf(s->name, sizeof(s->name), "%s#1", facts->first_method);
    s->live_objects = facts->live_objects;
    s->leaked = c->leaks && facts->live_objects;
    outcome_text(c, &s->run, outcome, sizeof(outcome));
    /* Any exit is handling; a crash or a hang says more than a leak. */
    s->flagged = !exited || s->leaked;
    if (s->leaked && exited)
        snprintf(s->verdict, sizeof(s->verdict), "%s %s: leaked (%llu object(s) alive at exit; exit status %d)",
                s->name, fk_fault_name(s->fault), s->live_objects, s->run.exit_code);
    else
        snprintf(s->verdict, sizeof(s->verdict), "%s %s: %s", s->name, fk_fault_name(s->fault), outcome);
}

/* Runs the baselines: CLI_OK when every one ran to an exit. */
static int run_baselines(struct fk_check *c)
{
    char path[4096 + 32], outcome[128];
    unsigned a;
    int ret;

    for (a = 0; a < c->adapter_count; ++a)
    {
        snprintf(path, sizeof(path), "%s/baseline-%u.jsonl", c->dir, a);
        if (!(c->baselines[a].trace_path = cli_copy_text(path)))
            return CLI_USAGE;
    }
    if ((ret = run_batch(c, true, 0, c->adapter_count)))
        return ret;
    for (a = 0; a < c->adapter_count; ++a)
    {
        struct fk_baseline *b = &c->baselines[a];
        struct trace_facts facts;

        cli_run_sanitize(&b->run);
        read_trace(b->trace_path, NULL, &facts);
        b->live_objects = facts.live_objects;
        b->leaked = c->leaks && facts.live_objects;
        if (b->run.status == CLI_RUN_PASSED || b->run.status == CLI_RUN_FAILED)
            continue;
        if (b->run.status == CLI_RUN_NOT_STARTED)
        {
            /* The runner's output says why ("mockd3d12 fault-check: cannot run ..."). */
            fprintf(stderr, "%s", b->run.output && *b->run.output ? b->run.output
                    : "mockd3d12 fault-check: the program could not be started\n");
            return CLI_USAGE;
        }
        outcome_text(c, &b->run, outcome, sizeof(outcome));
        fprintf(stderr, "mockd3d12 fault-check: the run without faults on %s %s: there is nothing to check until it "
                "runs to an exit\n%s", c->adapters[a].id, outcome, b->run.output ? b->run.output : "");
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* The rounds: #1 of every method (and the start-up budget), then #N+1 of
 * each method whose #N fired. */
static int sweep(struct fk_check *c)
{
    unsigned a, m, begin, end, i;
    int ret;

    for (a = 0; a < c->adapter_count; ++a)
        for (m = 0; m <= fk_method_count; ++m)
            if ((m < fk_method_count ? (c->kinds & fk_methods[m].kind) != 0 : (c->kinds & FK_KIND_BUDGET) != 0)
                    && in_shard(c, a, m) && !add_site(c, a, m, 1))
                return CLI_USAGE;
    for (begin = 0; begin < c->site_count; begin = end)
    {
        end = c->site_count;
        if ((ret = run_batch(c, false, begin, end - begin)))
            return ret;
        for (i = begin; i < end; ++i)
        {
            struct fk_site *s = &c->sites[i];
            struct trace_facts facts;

            cli_run_sanitize(&s->run);
            read_trace(s->trace_path, s->plan, &facts);
            remove(s->trace_path);
            judge_site(c, s, &facts);
            if (s->fired && !fk_site_is_startup(s) && s->n < c->max_calls
                    && !add_site(c, s->adapter, s->method, s->n + 1))
                return CLI_USAGE;
        }
    }
    return CLI_OK;
}

/* ---- Reports ---- */

/* The sites, those flagged, and the runs without faults that leaked (--leaks). */
static void count_sites(const struct fk_check *c, unsigned *sites, unsigned *flagged, unsigned *leaked_baselines)
{
    unsigned i;

    *sites = *flagged = *leaked_baselines = 0;
    for (i = 0; i < c->site_count; ++i)
    {
        if (!fk_site_counts(&c->sites[i]))
            continue;
        ++*sites;
        *flagged += c->sites[i].flagged;
    }
    for (i = 0; i < c->adapter_count; ++i)
        *leaked_baselines += c->baselines[i].leaked;
}

static void print_output(const struct cli_run *run)
{
    fputs(run->output ? run->output : "", stdout);
    if (run->output_length && run->output[run->output_length - 1] != '\n')
        printf("\n");
    if (run->output_dropped)
        printf("[%zu more bytes of output not kept]\n", run->output_dropped);
}

static void print_report(const struct fk_check *c)
{
    unsigned a, i, sites, flagged, leaked;
    char kinds[128];

    count_sites(c, &sites, &flagged, &leaked);
    printf("mockd3d12 fault-check: %u adapter(s)", c->adapter_count);
    if (c->shard_count > 1)
        printf(", shard %u/%u", c->shard_index, c->shard_count);
    printf(": %u fault site(s), %u handled, %u flagged", sites, sites - flagged, flagged);
    if (leaked)
        printf("; %u run(s) without faults leaked", leaked);
    printf("\n");
    fk_kinds_text(c->kinds, kinds, sizeof(kinds));
    printf("(Swept: %s. Not swept:", kinds);
    if (!(c->kinds & FK_KIND_CREATION_BUDGET))
        printf(" creation-budget (--sweep all),");
    printf(" Signal and Wait removals.)\n");
    for (a = 0; a < c->adapter_count; ++a)
    {
        printf("\n%s:\n", c->adapters[a].id);
        if (c->baselines[a].leaked)
            printf("  FLAGGED  without faults: leaked (%llu object(s) alive at exit)\n", c->baselines[a].live_objects);
        for (i = 0; i < c->site_count; ++i)
        {
            const struct fk_site *s = &c->sites[i];

            if (s->adapter == a && fk_site_counts(s))
                printf("  %-7s  %s\n", s->flagged ? "FLAGGED" : "ok", s->verdict);
        }
    }
    for (i = 0; i < c->site_count; ++i)
    {
        const struct fk_site *s = &c->sites[i];

        if (!fk_site_counts(s) || !s->flagged)
            continue;
        printf("\n--- %s, %s (MOCKD3D12_FAULTS=%s, %.2f s)\n", c->adapters[s->adapter].id, s->verdict,
                fk_site_is_startup(s) ? "budget:0@<each creation>#1" : s->plan, s->run.seconds);
        print_output(&s->run);
    }
}

static bool write_junit(const struct fk_check *c, const char *path)
{
    unsigned i, sites, flagged, leaked;
    double seconds = 0;
    FILE *f = fopen(path, "w");
    char name[160];

    if (!f)
    {
        fprintf(stderr, "mockd3d12 fault-check: --junit %s: cannot write the file: %s\n", path, strerror(errno));
        return false;
    }
    count_sites(c, &sites, &flagged, &leaked);
    sites += leaked; /* each is a test case of its own */
    flagged += leaked;
    for (i = 0; i < c->site_count; ++i)
        if (fk_site_counts(&c->sites[i]))
            seconds += c->sites[i].run.seconds;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"mockd3d12 fault-check\" tests=\"%u\" failures=\"%u\" errors=\"0\" time=\"%.3f\">\n",
            sites, flagged, seconds);
    fprintf(f, "  <testsuite name=\"mockd3d12 fault-check");
    if (c->shard_count > 1)
        fprintf(f, " shard %u/%u", c->shard_index, c->shard_count);
    fprintf(f, "\" tests=\"%u\" failures=\"%u\" errors=\"0\" skipped=\"0\" time=\"%.3f\">\n", sites, flagged, seconds);
    for (i = 0; i < c->adapter_count; ++i)
    {
        const struct fk_baseline *b = &c->baselines[i];
        char message[128];

        if (!b->leaked)
            continue;
        cli_junit_case_begin(f, c->adapters[i].id, "without faults", b->run.seconds);
        snprintf(message, sizeof(message), "leaked (%llu object(s) alive at exit)", b->live_objects);
        cli_junit_failure(f, message, b->run.output);
        cli_junit_case_end(f, b->run.output);
    }
    for (i = 0; i < c->site_count; ++i)
    {
        const struct fk_site *s = &c->sites[i];

        if (!fk_site_counts(s))
            continue;
        snprintf(name, sizeof(name), "%s %s", s->name, fk_fault_name(s->fault));
        cli_junit_case_begin(f, c->adapters[s->adapter].id, name, s->run.seconds);
        if (s->flagged)
            cli_junit_failure(f, s->verdict, s->run.output);
        cli_junit_case_end(f, s->run.output);
    }
    return cli_junit_close(f, "fault-check", path);
}

static const char *status_name(enum cli_run_status status)
{
    static const char *const names[] = {"other-shard", "exited", "exited", "crashed", "hung", "not-started"};

    return names[status];
}

static json_t *run_json(const struct cli_run *run)
{
    json_t *r = json_pack("{s:s, s:f}", "status", status_name(run->status), "durationSeconds", run->seconds);

    json_object_set_new(r, "exitCode", run->status == CLI_RUN_PASSED || run->status == CLI_RUN_FAILED
            ? json_integer(run->exit_code) : json_null());
    json_object_set_new(r, "signal", run->status == CLI_RUN_SIGNALED ? json_integer(run->signal) : json_null());
    json_object_set_new(r, "signalName", run->status == CLI_RUN_SIGNALED && signal_name(run->signal)
            ? json_string(signal_name(run->signal)) : json_null());
    json_object_set_new(r, "output", json_string(run->output ? run->output : ""));
    json_object_set_new(r, "outputBytesNotKept", json_integer((json_int_t)run->output_dropped));
    return r;
}

static bool write_json(const struct fk_check *c, const char *path)
{
    json_t *root = json_object(), *list = json_array(), *sites = json_array(), *baselines = json_array();
    unsigned i, count, flagged, leaked;
    char kinds[128];
    int failed;

    for (i = 0; i < c->command_count; ++i)
        json_array_append_new(list, json_string(c->command[i]));
    json_object_set_new(root, "command", list);
    list = json_array();
    for (i = 0; i < c->adapter_count; ++i)
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:b, s:s}", "id", c->adapters[i].id,
                "description", c->adapters[i].description, "confidence", c->adapters[i].confidence,
                "software", (int)c->adapters[i].software, "MOCKD3D12_ADAPTER", c->adapters[i].env_value));
    json_object_set_new(root, "adapters", list);
    json_object_set_new(root, "shard", json_pack("{s:i, s:i}", "index", (json_int_t)c->shard_index,
            "count", (json_int_t)c->shard_count));
    json_object_set_new(root, "timeoutSeconds", json_real(c->timeout));
    json_object_set_new(root, "maxCalls", json_integer(c->max_calls));
    json_object_set_new(root, "leaks", json_boolean(c->leaks));
    for (i = 0; i < c->adapter_count; ++i)
    {
        json_t *b = run_json(&c->baselines[i].run);

        json_object_set_new(b, "adapter", json_string(c->adapters[i].id));
        json_object_set_new(b, "liveObjects", c->leaks ? json_integer((json_int_t)c->baselines[i].live_objects)
                : json_null());
        json_object_set_new(b, "flagged", json_boolean(c->baselines[i].leaked));
        json_array_append_new(baselines, b);
    }
    json_object_set_new(root, "baselines", baselines);
    for (i = 0; i < c->site_count; ++i)
    {
        const struct fk_site *s = &c->sites[i];
        json_t *j;

        if (!fk_site_counts(s))
            continue;
        j = run_json(&s->run);
        json_object_set_new(j, "adapter", json_string(c->adapters[s->adapter].id));
        json_object_set_new(j, "site", json_string(s->name));
        /* The start-up budget's method is the first creation's, which names the site ("X#1"). */
        json_object_set_new(j, "method", s->method < fk_method_count ? json_string(fk_methods[s->method].name)
                : json_stringn(s->name, strcspn(s->name, "#")));
        json_object_set_new(j, "call", json_integer(s->n));
        json_object_set_new(j, "fault", json_string(fk_fault_name(s->fault)));
        json_object_set_new(j, "MOCKD3D12_FAULTS", json_string(s->plan));
        json_object_set_new(j, "flagged", json_boolean(s->flagged));
        json_object_set_new(j, "verdict", json_string(s->verdict));
        json_object_set_new(j, "liveObjects", c->leaks ? json_integer((json_int_t)s->live_objects) : json_null());
        json_array_append_new(sites, j);
    }
    json_object_set_new(root, "sites", sites);
    count_sites(c, &count, &flagged, &leaked);
    json_object_set_new(root, "summary", json_pack("{s:i, s:i, s:i, s:i}", "sites", (json_int_t)count,
            "handled", (json_int_t)(count - flagged), "flagged", (json_int_t)flagged,
            "leakedWithoutFaults", (json_int_t)leaked));
    fk_kinds_text(c->kinds, kinds, sizeof(kinds));
    json_object_set_new(root, "sweep", json_string(kinds));
    list = json_object();
    for (i = 0; i < sizeof(fk_kind_names) / sizeof(fk_kind_names[0]); ++i)
        if (!(c->kinds & fk_kind_names[i].kind))
            json_object_set_new(list, fk_kind_names[i].name, json_string("not in --sweep"));
    json_object_set_new(list, "Signal, Wait", json_string("a removal there is the one "
            "ExecuteCommandLists and Present sites sweep"));
    json_object_set_new(root, "notSwept", list);
    failed = json_dump_file(root, path, JSON_INDENT(2));
    json_decref(root);
    if (failed)
        fprintf(stderr, "mockd3d12 fault-check: --json %s: cannot write the file\n", path);
    return !failed;
}

static void clean_up(struct fk_check *c)
{
    unsigned i;

    for (i = 0; i < c->site_count; ++i)
    {
        if (c->sites[i].trace_path)
            remove(c->sites[i].trace_path);
        free(c->sites[i].trace_path);
        free(c->sites[i].plan);
        free(c->sites[i].run.output);
    }
    for (i = 0; c->baselines && i < c->adapter_count; ++i)
    {
        if (c->baselines[i].trace_path)
            remove(c->baselines[i].trace_path);
        free(c->baselines[i].trace_path);
        free(c->baselines[i].run.output);
    }
    if (c->dir[0])
        remove(c->dir);
    free(c->sites);
    free(c->baselines);
    cli_free_adapters(c->adapters, c->adapter_count);
}

/* ---- The command line ---- */

/* The methods above are the library's (src/device/faults.c): a plan naming
 * each of them with its fault parses, or the library says which it refuses. */
static bool methods_known(void)
{
    char plan[8192];
    size_t used = 0;
    unsigned m;
    HRESULT hr;

    plan[0] = 0;
    for (m = 0; m < fk_method_count && used < sizeof(plan); ++m)
        used += (size_t)snprintf(plan + used, sizeof(plan) - used, "%s%s@%s#1", m ? ";" : "",
                fk_fault_name(fk_methods[m].fault), fk_methods[m].name);
    hr = used < sizeof(plan) ? mockd3d12_set_faults(plan) : E_FAIL;
    mockd3d12_set_faults(NULL);
    if (FAILED(hr))
        fprintf(stderr, "mockd3d12 fault-check: this library does not take the methods the sweep fails "
                "(tools/cli/fault_check.c and src/device/faults.c disagree)\n");
    return SUCCEEDED(hr);
}

int cli_cmd_fault_check(const struct cli_options *options)
{
    const char *junit = options->junit, *html = options->html, *json = options->json_file;
    const char *adapters = options->adapters;
    unsigned i, sites, flagged, leaked;
    struct fk_check c;
    int ret;

    memset(&c, 0, sizeof(c));
    c.timeout = options->has_timeout ? options->timeout : FK_DEFAULT_TIMEOUT;
    c.max_calls = options->max_calls ? options->max_calls : FK_DEFAULT_MAX_CALLS;
    c.leaks = options->leaks;
    c.kinds = FK_KINDS_DEFAULT;
    if (options->sweep && !parse_kinds(options->sweep, &c.kinds))
        return cli_usage_error("fault-check", "--sweep needs fault kinds joined by commas (oom, remove, budget, "
                "occluded, creation-budget; all; default), got '%s'", options->sweep);
    c.jobs = options->jobs;
    c.shard_index = options->shard_count ? options->shard_index : 1;
    c.shard_count = options->shard_count ? options->shard_count : 1;
    c.command = options->command;
    c.command_count = options->command_count;
    if (!c.command_count)
        return cli_usage_error("fault-check", "needs a program to run (fault-check PROGRAM [ARG...])");
    if (options->runtime_failed)
        return CLI_USAGE; /* a malformed MOCKD3D12_* runtime variable: the reason is on stderr already */
    /* Default: the configured adapter, as the program would get it (a file's path as it is). */
    if (!adapters && (!(adapters = getenv("MOCKD3D12_ADAPTER")) || !*adapters))
        adapters = mockd3d12_default_adapter_id();
    if ((ret = cli_parse_adapters("fault-check", adapters, &c.adapters, &c.adapter_count)))
    {
        cli_print_usage("fault-check");
        ret = CLI_USAGE;
        goto done;
    }
    if ((ret = cli_run_supported("fault-check")))
        goto done;
    if (!methods_known())
    {
        ret = CLI_USAGE;
        goto done;
    }
    if (!(c.baselines = calloc(c.adapter_count, sizeof(*c.baselines)))
            || !cli_make_temp_dir("fault-check", "the traces", c.dir, sizeof(c.dir)))
    {
        ret = CLI_USAGE;
        goto done;
    }
    if ((ret = run_baselines(&c)) || (ret = sweep(&c)))
        goto done;
    print_report(&c);
    count_sites(&c, &sites, &flagged, &leaked);
    ret = flagged || leaked ? CLI_DIFFERENT : CLI_OK;
    if ((junit && !write_junit(&c, junit)) || (json && !write_json(&c, json)) || (html && !fk_write_html(&c, html)))
        ret = CLI_USAGE;
    for (i = 0; i < c.adapter_count; ++i)
        if (!c.baselines[i].run.status)
            ret = CLI_USAGE;
done:
    clean_up(&c);
    /* The runner's interruption (128 + the signal) is passed on; any other failure is "could not run". */
    return ret > 128 ? ret : ret == CLI_OK || ret == CLI_DIFFERENT ? ret : CLI_USAGE;
}
