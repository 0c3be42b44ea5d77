/*
 * mockd3d12 matrix: runs a command once per cell of adapters x runtimes, each
 * cell with the README's variables set for it and its own capability trace,
 * --jobs at a time under a timeout, and reports the grid, the failing cells'
 * output and the capabilities the command read whose answers differ between
 * cells whose outcomes differ (text, JUnit, JSON; the page is matrix_html.c).
 *
 * The adapters are parsed and the cells run by what forward-check shares
 * (runs.h: tools/cli/runs.c, runner.c); the traces are read by trace.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "matrix.h"

#define MATRIX_DEFAULT_TIMEOUT 300.0

/* The variables a cell sets; everything else of the environment is passed on. */
const char *const matrix_cell_variables[MATRIX_CELL_VARIABLES] =
{
    "MOCKD3D12_ADAPTER", "MOCKD3D12_RUNTIME_KIND", "MOCKD3D12_SDK_VERSION", "MOCKD3D12_PREVIEW_SDK_VERSION",
    "MOCKD3D12_FAULTS", "MOCKD3D12_TRACE",
};

/* ---- The runtimes ---- */

static int add_runtime(struct matrix *m, const char *label, const mockd3d12_runtime *runtime)
{
    struct matrix_runtime *r;
    unsigned i;

    for (i = 0; i < m->runtime_count; ++i)
        if (!strcmp(m->runtimes[i].label, label))
            return CLI_OK;
    if (!(r = realloc(m->runtimes, (m->runtime_count + 1) * sizeof(*r))))
        return CLI_FAILED;
    m->runtimes = r;
    memset(&r[m->runtime_count], 0, sizeof(*r));
    if (!(r[m->runtime_count].label = cli_copy_text(label)))
        return CLI_FAILED;
    if (!(r[m->runtime_count].runtime_label = cli_copy_text(label)))
        return CLI_FAILED;
    r[m->runtime_count++].runtime = *runtime;
    return CLI_OK;
}

/* --faults: comma-separated plans (a rule has no comma), each checked by the
 * library as MOCKD3D12_FAULTS will read it; "none" is the cell without one. */
static int parse_plans(struct matrix *m, const char *list)
{
    char *copy = cli_copy_text(list), *item, *comma, **plans;
    int ret = CLI_OK;
    unsigned i;

    if (!copy)
        return CLI_FAILED;
    for (item = copy; item && ret == CLI_OK; item = comma)
    {
        bool seen = false;

        if ((comma = strchr(item, ',')))
            *comma++ = 0;
        if (!*item)
        {
            fprintf(stderr, "mockd3d12 matrix: --faults has an empty item in '%s' (a cell without a plan is 'none')\n",
                    list);
            ret = CLI_USAGE;
            break;
        }
        if (strcmp(item, "none") && FAILED(mockd3d12_set_faults(item)))
        {
            fprintf(stderr, "mockd3d12 matrix: --faults: invalid plan '%s' (docs/faults.md)\n", item);
            ret = CLI_USAGE;
            break;
        }
        mockd3d12_set_faults(NULL);
        for (i = 0; i < m->plan_count; ++i)
            seen |= m->plans[i] ? !strcmp(m->plans[i], item) : !strcmp(item, "none");
        if (seen)
            continue;
        if (!(plans = realloc(m->plans, (m->plan_count + 1) * sizeof(*plans))))
            ret = CLI_FAILED;
        else
        {
            m->plans = plans;
            plans[m->plan_count] = NULL;
            if (strcmp(item, "none") && !(plans[m->plan_count] = cli_copy_text(item)))
                ret = CLI_FAILED;
            ++m->plan_count;
        }
    }
    free(copy);
    return ret;
}

/* The columns: each runtime with each plan, runtime-major. */
static int add_plan_columns(struct matrix *m)
{
    struct matrix_runtime *columns = calloc((size_t)m->runtime_count * m->plan_count, sizeof(*columns));
    unsigned r, p, n = 0;
    int ret = CLI_OK;

    if (!columns)
        return CLI_FAILED;
    for (r = 0; r < m->runtime_count; ++r)
        for (p = 0; p < m->plan_count; ++p, ++n)
        {
            const char *plan = m->plans[p] ? m->plans[p] : "none";
            size_t size = strlen(m->runtimes[r].runtime_label) + strlen(plan) + 16;

            columns[n].runtime = m->runtimes[r].runtime;
            columns[n].plan = m->plans[p];
            columns[n].plan_index = p;
            if (!(columns[n].label = malloc(size)) || !(columns[n].runtime_label
                    = cli_copy_text(m->runtimes[r].runtime_label)))
                ret = CLI_FAILED;
            else
                snprintf(columns[n].label, size, "%s faults=%s", m->runtimes[r].runtime_label, plan);
        }
    for (r = 0; r < m->runtime_count; ++r)
    {
        free(m->runtimes[r].label);
        free(m->runtimes[r].runtime_label);
    }
    free(m->runtimes);
    m->runtimes = columns;
    m->runtime_count = n;
    return ret;
}

/* Each item as --runtime takes it, on top of the configured runtime; the
 * library validates it. */
static int parse_runtimes(struct matrix *m, const mockd3d12_runtime *configured, const char *list)
{
    char *copy = cli_copy_text(list), *item, *comma;
    int ret = CLI_OK;

    if (!copy)
        return CLI_FAILED;
    for (item = copy; item && ret == CLI_OK; item = comma)
    {
        mockd3d12_runtime runtime = *configured;

        if ((comma = strchr(item, ',')))
            *comma++ = 0;
        if (!cli_parse_runtime(item, &runtime))
            ret = cli_usage_error("matrix", "--runtimes needs KIND[:SDK[:PREVIEW]] items with KIND retail or preview, "
                    "got '%s'", item);
        else if (FAILED(mockd3d12_set_runtime(&runtime)))
        {
            fprintf(stderr, "mockd3d12 matrix: --runtimes: invalid runtime '%s': %s\n", item, mockd3d12_last_error());
            ret = CLI_USAGE;
        }
        else
            ret = add_runtime(m, item, &runtime);
    }
    mockd3d12_set_runtime(NULL);
    free(copy);
    return ret;
}

bool matrix_cell_variable(const struct matrix *m, const struct matrix_cell *cell, unsigned index, char *buffer,
        size_t size)
{
    const mockd3d12_runtime *rt = &m->runtimes[cell->runtime].runtime;
    const char *plan = m->runtimes[cell->runtime].plan;

    switch (index)
    {
        case 0: snprintf(buffer, size, "%s", m->adapters[cell->adapter].env_value); break;
        case 1: snprintf(buffer, size, "%s", rt->kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail"); break;
        case 2: snprintf(buffer, size, "%u", rt->sdk_version); break;
        case 3: snprintf(buffer, size, "%u", rt->preview_sdk_version); break;
        case 4:
            /* Without --faults the environment's plan, if any, goes on. */
            if (!m->plan_count)
                plan = getenv("MOCKD3D12_FAULTS");
            if (!plan)
                return false;
            snprintf(buffer, size, "%s", plan);
            break;
        default: snprintf(buffer, size, "%s", cell->trace_path ? cell->trace_path : ""); break;
    }
    return true;
}

bool matrix_in_shard(const struct matrix *m, unsigned cell)
{
    return cell % m->shard_count == m->shard_index - 1;
}

/* The runner's view of the cells (runs.h). */
static struct cli_run *cell_run(void *ctx, unsigned index)
{
    struct matrix *m = ctx;

    return matrix_in_shard(m, index) ? &m->cells[index].run : NULL;
}

static bool cell_value(void *ctx, unsigned index, unsigned variable, char *buffer, size_t size)
{
    struct matrix *m = ctx;

    return matrix_cell_variable(m, &m->cells[index], variable, buffer, size);
}

/* Runs the shard's cells, each with a trace of its own in m->trace_dir. */
static int run_cells(struct matrix *m)
{
    struct cli_runner runner;
    char path[4096 + 32];
    unsigned i;
    int ret;

    if ((ret = cli_run_supported("matrix")))
        return ret;
    if (!cli_make_temp_dir("matrix", "the traces", m->trace_dir, sizeof(m->trace_dir)))
        return CLI_FAILED;
    for (i = 0; i < m->cell_count; ++i)
    {
        if (!matrix_in_shard(m, i))
            continue;
        snprintf(path, sizeof(path), "%s/cell-%u.jsonl", m->trace_dir, i);
        if (!(m->cells[i].trace_path = cli_copy_text(path)))
            return CLI_FAILED;
    }
    memset(&runner, 0, sizeof(runner));
    runner.name = "matrix";
    runner.noun = "cells";
    runner.command = m->command;
    runner.jobs = m->jobs;
    runner.timeout = m->timeout;
    runner.variables = matrix_cell_variables;
    runner.variable_count = MATRIX_CELL_VARIABLES;
    runner.count = m->cell_count;
    runner.run = cell_run;
    runner.value = cell_value;
    runner.ctx = m;
    return cli_run_commands(&runner);
}

/* ---- Differences ---- */

/* The cells of a row or column whose outcomes differ, and the capabilities
 * the command read there whose answers differ between them. */
static void add_group(struct matrix *m, bool column, unsigned index)
{
    unsigned count = column ? m->adapter_count : m->runtime_count, i, failed = 0, passed = 0;
    struct matrix_group *g;
    json_t *fields, *values;
    const char *key;
    void *tmp;

    for (i = 0; i < count; ++i)
    {
        const struct matrix_cell *cell = &m->cells[column ? i * m->runtime_count + index : index * m->runtime_count + i];

        if (cell->run.status == CLI_RUN_PASSED)
            ++passed;
        else if (cli_run_failed(&cell->run))
            ++failed;
    }
    if (!passed || !failed)
        return;
    fields = json_object();
    for (i = 0; i < count; ++i)
    {
        const struct matrix_cell *cell = &m->cells[column ? i * m->runtime_count + index : index * m->runtime_count + i];
        const char *label = column ? m->adapters[cell->adapter].id : m->runtimes[cell->runtime].label;
        json_t *value;

        if (cell->run.status == CLI_RUN_NONE)
            continue;
        json_object_foreach(cell->reads, key, value)
        {
            json_t *by_value = json_object_get(fields, key), *labels;

            if (!by_value)
                json_object_set_new(fields, key, by_value = json_object());
            if (!(labels = json_object_get(by_value, json_string_value(value))))
                json_object_set_new(by_value, json_string_value(value), labels = json_array());
            json_array_append_new(labels, json_string(label));
        }
    }
    json_object_foreach_safe(fields, tmp, key, values)
    {
        if (json_object_size(values) < 2)
            json_object_del(fields, key);
    }
    if (!(g = realloc(m->groups, (m->group_count + 1) * sizeof(*g))))
    {
        json_decref(fields);
        return;
    }
    m->groups = g;
    g[m->group_count].column = column;
    g[m->group_count].index = index;
    g[m->group_count++].fields = fields;
}

static void find_groups(struct matrix *m)
{
    unsigned i;

    for (i = 0; i < m->runtime_count; ++i)
        add_group(m, true, i);
    for (i = 0; i < m->adapter_count; ++i)
        add_group(m, false, i);
}

/* After the run: outputs the reports can carry, what each cell read, and no
 * trace files left behind. */
static void collect_cells(struct matrix *m)
{
    unsigned i;

    for (i = 0; i < m->cell_count; ++i)
    {
        struct matrix_cell *cell = &m->cells[i];

        if (cell->run.status != CLI_RUN_NONE)
        {
            cli_run_sanitize(&cell->run);
            cell->reads = cli_trace_reads(cell->trace_path);
        }
        if (cell->trace_path) /* also a cell killed by an interruption */
            remove(cell->trace_path);
    }
    if (m->trace_dir[0])
        remove(m->trace_dir); /* empty now */
}

/* ---- Reports ---- */

static void print_grid(const struct matrix *m)
{
    unsigned a, r, width = 7, failed = 0, ran = 0;
    unsigned *widths = calloc(m->runtime_count, sizeof(*widths));
    char mark[64];

    if (!widths)
        return;
    for (a = 0; a < m->adapter_count; ++a)
        if (strlen(m->adapters[a].id) > width)
            width = (unsigned)strlen(m->adapters[a].id);
    for (r = 0; r < m->runtime_count; ++r)
    {
        widths[r] = (unsigned)strlen(m->runtimes[r].label);
        for (a = 0; a < m->adapter_count; ++a)
        {
            const char *text = cli_run_mark(&m->cells[a * m->runtime_count + r].run, mark, sizeof(mark));

            if (strlen(text) > widths[r])
                widths[r] = (unsigned)strlen(text);
        }
    }
    for (a = 0; a < m->cell_count; ++a)
    {
        ran += m->cells[a].run.status != CLI_RUN_NONE;
        failed += cli_run_failed(&m->cells[a].run);
    }
    if (m->plan_count)
        printf("mockd3d12 matrix: %u adapter(s) x %u runtime(s) x %u fault plan(s)", m->adapter_count,
                m->runtime_count / m->plan_count, m->plan_count);
    else
        printf("mockd3d12 matrix: %u adapter(s) x %u runtime(s)", m->adapter_count, m->runtime_count);
    if (m->shard_count > 1)
        printf(", shard %u/%u: %u of %u cells", m->shard_index, m->shard_count, ran, m->cell_count);
    printf(": %u passed, %u failed\n\n", ran - failed, failed);
    printf("%-*s", (int)width, "ADAPTER"); /* the last column unpadded: no trailing blanks */
    for (r = 0; r < m->runtime_count; ++r)
        printf("  %-*s", r + 1 < m->runtime_count ? (int)widths[r] : 0, m->runtimes[r].label);
    printf("\n");
    for (a = 0; a < m->adapter_count; ++a)
    {
        printf("%-*s", (int)width, m->adapters[a].id);
        for (r = 0; r < m->runtime_count; ++r)
            printf("  %-*s", r + 1 < m->runtime_count ? (int)widths[r] : 0,
                    cli_run_mark(&m->cells[a * m->runtime_count + r].run, mark, sizeof(mark)));
        printf("\n");
    }
    free(widths);
}

static void print_failures(const struct matrix *m)
{
    unsigned i;

    for (i = 0; i < m->cell_count; ++i)
    {
        const struct matrix_cell *cell = &m->cells[i];
        char outcome[128];

        if (!cli_run_failed(&cell->run))
            continue;
        cli_run_outcome(&cell->run, m->timeout, outcome, sizeof(outcome));
        printf("\n--- %s, %s: %s (%.2f s)\n", m->adapters[cell->adapter].id, m->runtimes[cell->runtime].label,
                outcome, cell->run.seconds);
        fputs(cell->run.output ? cell->run.output : "", stdout);
        if (cell->run.output_length && cell->run.output[cell->run.output_length - 1] != '\n')
            printf("\n");
        if (cell->run.output_dropped)
            printf("[%zu more bytes of output not kept]\n", cell->run.output_dropped);
    }
}

/* "passed: a, b; failed: c" for a group. */
static void group_outcomes(const struct matrix *m, const struct matrix_group *g, char *buffer, size_t size)
{
    unsigned count = g->column ? m->adapter_count : m->runtime_count, i, pass;
    size_t used = 0;

    buffer[0] = 0;
    for (pass = 0; pass < 2; ++pass)
    {
        bool first = true;

        for (i = 0; i < count && used < size; ++i)
        {
            const struct matrix_cell *cell = &m->cells[g->column ? i * m->runtime_count + g->index
                    : g->index * m->runtime_count + i];
            const char *label = g->column ? m->adapters[i].id : m->runtimes[i].label;

            if (pass == 0 ? cell->run.status != CLI_RUN_PASSED : !cli_run_failed(&cell->run))
                continue;
            used += (size_t)snprintf(buffer + used, size - used, "%s%s", first ? (pass ? "; failed: " : "passed: ")
                    : ", ", label);
            first = false;
        }
    }
}

static void print_groups(const struct matrix *m)
{
    unsigned i;

    if (!m->group_count)
        return;
    printf("\nCapabilities the command read whose answers differ between cells with different outcomes:\n");
    for (i = 0; i < m->group_count; ++i)
    {
        const struct matrix_group *g = &m->groups[i];
        const char *key, *value;
        json_t *by_value, *labels;
        char outcomes[4096];

        group_outcomes(m, g, outcomes, sizeof(outcomes));
        printf("  %s: %s differ (%s)\n", g->column ? m->runtimes[g->index].label : m->adapters[g->index].id,
                g->column ? "adapters" : m->plan_count ? "runtimes or fault plans" : "runtimes", outcomes);
        if (!json_object_size(g->fields))
            printf("    no capability the command read differs between these cells\n");
        json_object_foreach(g->fields, key, by_value)
        {
            bool first_value = true;

            printf("    %s:", key);
            json_object_foreach(by_value, value, labels)
            {
                size_t k;
                json_t *label;

                printf("%s %s on ", first_value ? "" : ";", value);
                json_array_foreach(labels, k, label)
                    printf("%s%s", k ? ", " : "", json_string_value(label));
                first_value = false;
            }
            printf("\n");
        }
    }
}

static bool write_junit(const struct matrix *m, const char *path)
{
    unsigned i, tests = 0, failures = 0;
    double seconds = 0;
    FILE *f = fopen(path, "w");

    if (!f)
    {
        fprintf(stderr, "mockd3d12 matrix: --junit %s: cannot write the file: %s\n", path, strerror(errno));
        return false;
    }
    for (i = 0; i < m->cell_count; ++i)
    {
        tests += m->cells[i].run.status != CLI_RUN_NONE;
        failures += cli_run_failed(&m->cells[i].run);
        seconds += m->cells[i].run.seconds;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"mockd3d12 matrix\" tests=\"%u\" failures=\"%u\" errors=\"0\" time=\"%.3f\">\n",
            tests, failures, seconds);
    fprintf(f, "  <testsuite name=\"mockd3d12 matrix");
    if (m->shard_count > 1)
        fprintf(f, " shard %u/%u", m->shard_index, m->shard_count);
    fprintf(f, "\" tests=\"%u\" failures=\"%u\" errors=\"0\" skipped=\"0\" time=\"%.3f\">\n", tests, failures, seconds);
    for (i = 0; i < m->cell_count; ++i)
    {
        const struct matrix_cell *cell = &m->cells[i];
        char outcome[128];

        if (cell->run.status == CLI_RUN_NONE)
            continue;
        cli_junit_case_begin(f, m->adapters[cell->adapter].id, m->runtimes[cell->runtime].label, cell->run.seconds);
        if (cli_run_failed(&cell->run))
        {
            cli_run_outcome(&cell->run, m->timeout, outcome, sizeof(outcome));
            cli_junit_failure(f, outcome, cell->run.output);
        }
        cli_junit_case_end(f, cell->run.output);
    }
    return cli_junit_close(f, "matrix", path);
}

static const char *status_name(enum cli_run_status status)
{
    static const char *const names[] = {"other-shard", "passed", "failed", "signaled", "timed-out", "not-started"};

    return names[status];
}

static json_t *matrix_json(const struct matrix *m)
{
    json_t *root = json_object(), *list = json_array(), *cells = json_array(), *groups = json_array();
    unsigned i, ran = 0, failed = 0;

    for (i = 0; i < m->command_count; ++i)
        json_array_append_new(list, json_string(m->command[i]));
    json_object_set_new(root, "command", list);
    list = json_array();
    for (i = 0; i < m->adapter_count; ++i)
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:b, s:s}", "id", m->adapters[i].id,
                "description", m->adapters[i].description, "confidence", m->adapters[i].confidence,
                "software", (int)m->adapters[i].software, "MOCKD3D12_ADAPTER", m->adapters[i].env_value));
    json_object_set_new(root, "adapters", list);
    list = json_array();
    for (i = 0; i < m->runtime_count; ++i)
    {
        const mockd3d12_runtime *rt = &m->runtimes[i].runtime;

        if (m->runtimes[i].plan_index) /* a column of a runtime listed already */
            continue;
        json_array_append_new(list, json_pack("{s:s, s:s, s:i, s:i}", "name", m->runtimes[i].runtime_label,
                "kind", rt->kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
                "sdkVersion", (json_int_t)rt->sdk_version, "previewSdkVersion", (json_int_t)rt->preview_sdk_version));
    }
    json_object_set_new(root, "runtimes", list);
    if (m->plan_count)
    {
        list = json_array();
        for (i = 0; i < m->plan_count; ++i)
            json_array_append_new(list, m->plans[i] ? json_string(m->plans[i]) : json_null());
        json_object_set_new(root, "faults", list);
    }
    json_object_set_new(root, "shard", json_pack("{s:i, s:i}", "index", (json_int_t)m->shard_index,
            "count", (json_int_t)m->shard_count));
    json_object_set_new(root, "timeoutSeconds", json_real(m->timeout));
    for (i = 0; i < m->cell_count; ++i)
    {
        const struct matrix_cell *cell = &m->cells[i];
        json_t *c;

        if (cell->run.status == CLI_RUN_NONE)
            continue;
        ++ran;
        failed += cli_run_failed(&cell->run);
        c = json_pack("{s:s, s:s, s:s, s:s, s:b, s:f}", "adapter", m->adapters[cell->adapter].id,
                "name", m->runtimes[cell->runtime].label, "runtime", m->runtimes[cell->runtime].runtime_label, "status", status_name(cell->run.status),
                "passed", cell->run.status == CLI_RUN_PASSED, "durationSeconds", cell->run.seconds);
        json_object_set_new(c, "exitCode", cell->run.status == CLI_RUN_PASSED || cell->run.status == CLI_RUN_FAILED
                || cell->run.status == CLI_RUN_NOT_STARTED ? json_integer(cell->run.exit_code) : json_null());
        json_object_set_new(c, "signal", cell->run.status == CLI_RUN_SIGNALED ? json_integer(cell->run.signal) : json_null());
        if (m->plan_count)
            json_object_set_new(c, "faults", m->runtimes[cell->runtime].plan
                    ? json_string(m->runtimes[cell->runtime].plan) : json_null());
        json_object_set_new(c, "output", json_string(cell->run.output ? cell->run.output : ""));
        json_object_set_new(c, "outputBytesNotKept", json_integer((json_int_t)cell->run.output_dropped));
        json_object_set(c, "capabilitiesRead", cell->reads ? cell->reads : json_object());
        json_array_append_new(cells, c);
    }
    json_object_set_new(root, "cells", cells);
    for (i = 0; i < m->group_count; ++i)
    {
        const struct matrix_group *g = &m->groups[i];

        json_array_append_new(groups, json_pack("{s:s, s:s, s:O}", g->column ? "runtime" : "adapter",
                g->column ? m->runtimes[g->index].label : m->adapters[g->index].id,
                "differ", g->column ? "adapters" : "runtimes", "capabilities", g->fields));
    }
    json_object_set_new(root, "differences", groups);
    json_object_set_new(root, "summary", json_pack("{s:i, s:i, s:i}", "cells", (json_int_t)ran,
            "passed", (json_int_t)(ran - failed), "failed", (json_int_t)failed));
    return root;
}

static bool write_json(const struct matrix *m, const char *path)
{
    json_t *root = matrix_json(m);
    int failed = json_dump_file(root, path, JSON_INDENT(2));

    json_decref(root);
    if (failed)
        fprintf(stderr, "mockd3d12 matrix: --json %s: cannot write the file\n", path);
    return !failed;
}

/* --list: the cells of the shard, one a line: ADAPTER, RUNTIME, then the
 * variables as VAR=VALUE, tab-separated (what mockd3d12_add_test_matrix
 * reads; MOCKD3D12_FAULTS is there with --faults only). */
static void print_list(const struct matrix *m)
{
    unsigned i, v;

    for (i = 0; i < m->cell_count; ++i)
    {
        char value[4096];

        if (!matrix_in_shard(m, i))
            continue;
        printf("%s\t%s", m->adapters[m->cells[i].adapter].id, m->runtimes[m->cells[i].runtime].runtime_label);
        for (v = 0; v + 1 < MATRIX_CELL_VARIABLES; ++v)
        {
            /* MOCKD3D12_FAULTS only with --faults ("" for 'none'): the cell's plan. */
            if (!strcmp(matrix_cell_variables[v], "MOCKD3D12_FAULTS"))
            {
                if (m->plan_count)
                    printf("\t%s=%s", matrix_cell_variables[v], m->runtimes[m->cells[i].runtime].plan
                            ? m->runtimes[m->cells[i].runtime].plan : "");
                continue;
            }
            matrix_cell_variable(m, &m->cells[i], v, value, sizeof(value));
            printf("\t%s=%s", matrix_cell_variables[v], value);
        }
        printf("\n");
    }
}

static void free_matrix(struct matrix *m)
{
    unsigned i;

    cli_free_adapters(m->adapters, m->adapter_count);
    for (i = 0; i < m->runtime_count; ++i)
    {
        free(m->runtimes[i].label);
        free(m->runtimes[i].runtime_label);
    }
    for (i = 0; i < m->plan_count; ++i)
        free(m->plans[i]);
    free(m->plans);
    for (i = 0; i < m->cell_count; ++i)
    {
        free(m->cells[i].run.output);
        free(m->cells[i].trace_path);
        json_decref(m->cells[i].reads);
    }
    for (i = 0; i < m->group_count; ++i)
        json_decref(m->groups[i].fields);
    free(m->runtimes);
    free(m->cells);
    free(m->groups);
}

/* ---- The command line ---- */

int cli_cmd_matrix(const struct cli_options *options)
{
    const char *adapters = options->adapters ? options->adapters : "all", *runtimes = options->runtimes;
    const char *junit = options->junit, *html = options->html, *json = options->json_file;
    unsigned i, a, r;
    struct matrix m;
    int ret;

    memset(&m, 0, sizeof(m));
    m.command = options->command;
    m.command_count = options->command_count;
    m.jobs = options->jobs;
    m.shard_index = options->shard_count ? options->shard_index : 1;
    m.shard_count = options->shard_count ? options->shard_count : 1;
    m.timeout = options->has_timeout ? options->timeout : MATRIX_DEFAULT_TIMEOUT;
    if (!options->list && !m.command_count)
        return cli_usage_error("matrix", "needs a command after '--'");
    if (!runtimes && options->runtime_failed)
        return CLI_FAILED; /* a malformed MOCKD3D12_* runtime variable: the reason is on stderr already */
    if ((ret = cli_parse_adapters("matrix", adapters, &m.adapters, &m.adapter_count)))
        goto done;
    if (runtimes)
        ret = parse_runtimes(&m, &options->runtime, runtimes);
    else
    {
        const mockd3d12_runtime *rt = &options->runtime;
        char label[64];

        if (rt->kind == MOCKD3D12_RUNTIME_PREVIEW)
            snprintf(label, sizeof(label), "preview:%u:%u", rt->sdk_version, rt->preview_sdk_version);
        else
            snprintf(label, sizeof(label), "retail:%u", rt->sdk_version);
        ret = add_runtime(&m, label, rt);
    }
    if (!ret && options->faults && (ret = parse_plans(&m, options->faults)) == CLI_OK)
        ret = add_plan_columns(&m);
    if (ret)
        goto done;
    m.cell_count = m.adapter_count * m.runtime_count;
    if (!(m.cells = calloc(m.cell_count, sizeof(*m.cells))))
    {
        ret = CLI_FAILED;
        goto done;
    }
    for (a = 0; a < m.adapter_count; ++a)
        for (r = 0; r < m.runtime_count; ++r)
        {
            m.cells[a * m.runtime_count + r].adapter = a;
            m.cells[a * m.runtime_count + r].runtime = r;
        }
    if (options->list)
    {
        print_list(&m);
        goto done;
    }
    ret = run_cells(&m);
    collect_cells(&m);
    if (ret)
        goto done;
    find_groups(&m);
    print_grid(&m);
    print_failures(&m);
    print_groups(&m);
    if ((junit && !write_junit(&m, junit)) || (json && !write_json(&m, json)) || (html && !matrix_write_html(&m, html)))
        ret = CLI_FAILED;
    else
    {
        for (i = 0; i < m.cell_count; ++i)
            if (cli_run_failed(&m.cells[i].run))
                ret = CLI_DIFFERENT;
    }
done:
    free_matrix(&m);
    return ret;
}
