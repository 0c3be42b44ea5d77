/*
 * mockd3d12 matrix --html FILE: one self-contained page (no script, no
 * outside resource): the grid with a colour and a text mark per cell, each
 * cell's output and the capabilities it read, the differences between cells,
 * and each adapter's provenance. tests/cli/test_matrix.py loads it in
 * headless Chromium and checks its DOM.
 */
#include <errno.h>
#include <string.h>

#include <jansson.h>

#include "matrix.h"

static void html(FILE *f, const char *text)
{
    cli_html_escape(f, text);
}

static const char *cell_class(const struct matrix_cell *cell)
{
    return cell->run.status == CLI_RUN_NONE ? "other" : cell->run.status == CLI_RUN_PASSED ? "pass" : "fail";
}

static const char style[] =
    "body{font-family:sans-serif;margin:2em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #999;padding:.25em .6em;text-align:left;vertical-align:top}"
    "td.cell.pass{background:#c8efc8}td.cell.fail{background:#f5c0c0;font-weight:bold}"
    "td.cell.other{background:#eee;color:#666}"
    "pre{background:#f6f6f6;border:1px solid #ddd;padding:.5em;white-space:pre-wrap;max-height:30em;overflow:auto}"
    "section.cell-report{margin:1em 0}code{background:#f0f0f0}";

static void write_grid(FILE *f, const struct matrix *m)
{
    unsigned a, r;
    char mark[64];

    fprintf(f, "<table id=\"grid\">\n<thead><tr><th>Adapter</th><th>Provenance</th>");
    for (r = 0; r < m->runtime_count; ++r)
    {
        fprintf(f, "<th>");
        html(f, m->runtimes[r].label);
        fprintf(f, "</th>");
    }
    fprintf(f, "</tr></thead>\n<tbody>\n");
    for (a = 0; a < m->adapter_count; ++a)
    {
        fprintf(f, "<tr><th>");
        html(f, m->adapters[a].id);
        fprintf(f, "</th><td class=\"provenance\">");
        html(f, m->adapters[a].confidence);
        fprintf(f, "</td>");
        for (r = 0; r < m->runtime_count; ++r)
        {
            const struct matrix_cell *cell = &m->cells[a * m->runtime_count + r];
            const char *text = cli_run_mark(&cell->run, mark, sizeof(mark));

            fprintf(f, "<td class=\"cell %s\" data-adapter=\"", cell_class(cell));
            html(f, m->adapters[a].id);
            fprintf(f, "\" data-runtime=\"");
            html(f, m->runtimes[r].label);
            fprintf(f, "\" data-status=\"%s\">", cell_class(cell));
            if (cell->run.status != CLI_RUN_NONE)
                fprintf(f, "<a href=\"#cell-%u\">%s ", a * m->runtime_count + r,
                        cell->run.status == CLI_RUN_PASSED ? "&#10003;" : "&#10007;");
            html(f, text);
            fprintf(f, "%s</td>", cell->run.status != CLI_RUN_NONE ? "</a>" : "");
        }
        fprintf(f, "</tr>\n");
    }
    fprintf(f, "</tbody>\n</table>\n");
}

static void write_reads(FILE *f, json_t *reads)
{
    const char *key;
    json_t *value;

    if (!json_object_size(reads))
    {
        fprintf(f, "<p>The trace has no capability query (the command created no device).</p>\n");
        return;
    }
    fprintf(f, "<details><summary>Capabilities read (%zu)</summary>\n<table class=\"reads\">\n", json_object_size(reads));
    json_object_foreach(reads, key, value)
    {
        fprintf(f, "<tr><td><code>");
        html(f, key);
        fprintf(f, "</code></td><td>");
        html(f, json_string_value(value));
        fprintf(f, "</td></tr>\n");
    }
    fprintf(f, "</table></details>\n");
}

static void write_cells(FILE *f, const struct matrix *m)
{
    unsigned i, pass;

    /* The failing cells first: they are why the page is read. */
    for (pass = 0; pass < 2; ++pass)
    {
        fprintf(f, "<h2>%s</h2>\n", pass ? "Passing cells" : "Failing cells");
        for (i = 0; i < m->cell_count; ++i)
        {
            const struct matrix_cell *cell = &m->cells[i];
            char outcome[128];

            if (cell->run.status == CLI_RUN_NONE || cli_run_failed(&cell->run) == (pass == 1))
                continue;
            cli_run_outcome(&cell->run, m->timeout, outcome, sizeof(outcome));
            fprintf(f, "<section class=\"cell-report %s\" id=\"cell-%u\"><h3>", cell_class(cell), i);
            html(f, m->adapters[cell->adapter].id);
            fprintf(f, ", ");
            html(f, m->runtimes[cell->runtime].label);
            fprintf(f, ": %s, ", cell->run.status == CLI_RUN_PASSED ? "PASS" : "FAIL");
            html(f, outcome);
            fprintf(f, " (%.2f s)</h3>\n<pre class=\"output\">", cell->run.seconds);
            html(f, cell->run.output);
            if (cell->run.output_dropped)
                fprintf(f, "\n[%zu more bytes of output not kept]", cell->run.output_dropped);
            fprintf(f, "</pre>\n");
            write_reads(f, cell->reads);
            fprintf(f, "</section>\n");
        }
    }
}

static void write_groups(FILE *f, const struct matrix *m)
{
    unsigned i;

    fprintf(f, "<h2>Differences</h2>\n");
    if (!m->group_count)
        fprintf(f, "<p>No row or column of the grid has both passing and failing cells.</p>\n");
    for (i = 0; i < m->group_count; ++i)
    {
        const struct matrix_group *g = &m->groups[i];
        const char *key, *value;
        json_t *by_value, *labels;

        fprintf(f, "<section class=\"difference\"><h3>");
        html(f, g->column ? m->runtimes[g->index].label : m->adapters[g->index].id);
        fprintf(f, ": the %s differ</h3>\n", g->column ? "adapters" : m->plan_count ? "runtimes or fault plans"
                : "runtimes");
        if (!json_object_size(g->fields))
        {
            fprintf(f, "<p>No capability the command read differs between these cells.</p></section>\n");
            continue;
        }
        fprintf(f, "<table class=\"capabilities\"><thead><tr><th>Capability read</th><th>Answer</th><th>%s</th></tr>"
                "</thead>\n<tbody>\n", g->column ? "Adapters (outcome)" : "Runtimes (outcome)");
        json_object_foreach(g->fields, key, by_value)
        {
            bool first = true;

            json_object_foreach(by_value, value, labels)
            {
                size_t k;
                json_t *label;

                fprintf(f, "<tr>");
                if (first)
                {
                    fprintf(f, "<td rowspan=\"%zu\"><code>", json_object_size(by_value));
                    html(f, key);
                    fprintf(f, "</code></td>");
                }
                fprintf(f, "<td>");
                html(f, value);
                fprintf(f, "</td><td>");
                json_array_foreach(labels, k, label)
                {
                    const char *name = json_string_value(label);
                    unsigned n, count = g->column ? m->adapter_count : m->runtime_count;
                    const struct matrix_cell *cell = NULL;

                    for (n = 0; n < count && !cell; ++n)
                        if (!strcmp(g->column ? m->adapters[n].id : m->runtimes[n].label, name))
                            cell = &m->cells[g->column ? n * m->runtime_count + g->index
                                    : g->index * m->runtime_count + n];
                    fprintf(f, "%s", k ? ", " : "");
                    html(f, name);
                    fprintf(f, " (%s)", cell && cell->run.status == CLI_RUN_PASSED ? "pass" : "FAIL");
                }
                fprintf(f, "</td></tr>\n");
                first = false;
            }
        }
        fprintf(f, "</tbody></table></section>\n");
    }
}

static void write_adapters(FILE *f, const struct matrix *m)
{
    unsigned a;

    fprintf(f, "<h2>Adapters</h2>\n<p>Provenance: <b>dump</b> — values from a real CheckFeatureSupport report; "
            "<b>inferred</b> — from architecture documentation, no dump; <b>synthetic</b> — hand-written "
            "(docs/adapters.md).</p>\n<table id=\"adapters\"><thead><tr><th>Adapter</th><th>Description</th>"
            "<th>Provenance</th><th>Kind</th><th>MOCKD3D12_ADAPTER</th></tr></thead>\n<tbody>\n");
    for (a = 0; a < m->adapter_count; ++a)
    {
        fprintf(f, "<tr><td>");
        html(f, m->adapters[a].id);
        fprintf(f, "</td><td>");
        html(f, m->adapters[a].description);
        fprintf(f, "</td><td class=\"provenance\">");
        html(f, m->adapters[a].confidence);
        fprintf(f, "</td><td>%s</td><td><code>", m->adapters[a].software ? "software" : "hardware");
        html(f, m->adapters[a].env_value);
        fprintf(f, "</code></td></tr>\n");
    }
    fprintf(f, "</tbody></table>\n");
}

bool matrix_write_html(const struct matrix *m, const char *path)
{
    unsigned i, ran = 0, failed = 0;
    FILE *f = fopen(path, "w");

    if (!f)
    {
        fprintf(stderr, "mockd3d12 matrix: --html %s: cannot write the file: %s\n", path, strerror(errno));
        return false;
    }
    for (i = 0; i < m->cell_count; ++i)
    {
        ran += m->cells[i].run.status != CLI_RUN_NONE;
        failed += cli_run_failed(&m->cells[i].run);
    }
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mockd3d12 matrix</title>\n"
            "<style>%s</style></head>\n<body>\n<h1>mockd3d12 matrix</h1>\n<p>Command: <code>", style);
    for (i = 0; i < m->command_count; ++i)
    {
        fprintf(f, "%s", i ? " " : "");
        html(f, m->command[i]);
    }
    if (m->plan_count)
        fprintf(f, "</code></p>\n<p id=\"summary\">%u adapter(s) &times; %u runtime(s) &times; %u fault plan(s)",
                m->adapter_count, m->runtime_count / m->plan_count, m->plan_count);
    else
        fprintf(f, "</code></p>\n<p id=\"summary\">%u adapter(s) &times; %u runtime(s)", m->adapter_count,
                m->runtime_count);
    if (m->shard_count > 1)
        fprintf(f, ", shard %u/%u (%u of %u cells; &ldquo;-&rdquo;: another shard's)", m->shard_index,
                m->shard_count, ran, m->cell_count);
    fprintf(f, ": %u passed, %u failed. A cell passes when the command exits with status 0; the marks are "
            "&#10003; pass and &#10007; FAIL.</p>\n", ran - failed, failed);
    write_grid(f, m);
    write_groups(f, m);
    write_cells(f, m);
    write_adapters(f, m);
    fprintf(f, "</body></html>\n");
    if (fclose(f))
    {
        fprintf(stderr, "mockd3d12 matrix: --html %s: cannot write the file\n", path);
        return false;
    }
    return true;
}
