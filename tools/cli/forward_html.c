/*
 * mockd3d12 forward-check --html FILE: one self-contained page (no script,
 * no outside resource): per adapter, the baseline and a table of the
 * raises, each with a colour and a text mark (readable without colour), the
 * values, the exit statuses, the lines that came back from the lower value
 * and what CheckFeatureSupport1 at the program's SDK version would have
 * shown, then every run's output. tests/cli/test_forward_check.py loads it
 * in headless Chromium and checks its DOM.
 */
#include <errno.h>
#include <string.h>

#include "forward.h"

static const char style[] =
    "body{font-family:sans-serif;margin:2em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #999;padding:.25em .6em;text-align:left;vertical-align:top}"
    "td.verdict.pass{background:#c8efc8}td.verdict.regression{background:#f5c0c0;font-weight:bold}"
    "td.verdict.skipped{background:#eee;color:#666}"
    "pre{background:#f6f6f6;border:1px solid #ddd;padding:.5em;white-space:pre-wrap;max-height:30em;overflow:auto}"
    "code{background:#f0f0f0}";

static void html(FILE *f, const char *text)
{
    cli_html_escape(f, text);
}

static void output(FILE *f, const char *title, const struct cli_run *run)
{
    char outcome[64];

    fc_run_text(run, outcome, sizeof(outcome));
    fprintf(f, "<details><summary>");
    html(f, title);
    fprintf(f, " (%s)</summary><pre class=\"output\">", outcome);
    html(f, run->output);
    if (run->output_dropped)
        fprintf(f, "\n[%zu more bytes of output not kept]", run->output_dropped);
    fprintf(f, "</pre></details>\n");
}

static void lines(FILE *f, const char *list)
{
    const char *p;

    for (p = list; p && *p; p = strchr(p, '\n') + 1)
    {
        const char *nl = strchr(p, '\n');
        char line[1024];
        size_t n = (size_t)(nl - p) < sizeof(line) - 1 ? (size_t)(nl - p) : sizeof(line) - 1;

        memcpy(line, p, n);
        line[n] = 0;
        fprintf(f, "<code class=\"line\">");
        html(f, line);
        fprintf(f, "</code><br>");
    }
}

static void write_adapter(FILE *f, const struct fc_check *c, unsigned a)
{
    const struct fc_adapter_run *run = &c->runs[a];
    char outcome[64], name[512];
    unsigned i;

    fc_run_text(&run->baseline, outcome, sizeof(outcome));
    fprintf(f, "<section class=\"adapter\" data-adapter=\"");
    html(f, c->adapters[a].id);
    fprintf(f, "\"><h2>");
    html(f, c->adapters[a].id);
    fprintf(f, "</h2>\n<p>");
    html(f, c->adapters[a].description);
    fprintf(f, " (provenance: ");
    html(f, c->adapters[a].confidence);
    fprintf(f, "). Baseline: %s; %u field(s) read, %u raise(s), %u regression(s).</p>\n", outcome, run->field_count,
            run->raises, run->regressions);
    output(f, "Baseline output", &run->baseline);
    if (!run->field_count)
    {
        fprintf(f, "<p>The command read no capability (no CheckFeatureSupport answer in its trace): nothing to "
                "raise.</p></section>\n");
        return;
    }
    fprintf(f, "<table class=\"raises\"><thead><tr><th>Field</th><th>Adapter's value</th><th>Raised to</th>"
            "<th>Lower value</th><th>Exit status</th><th>Verdict</th><th>Lines back from the lower value</th>"
            "<th>CheckFeatureSupport1</th></tr></thead>\n<tbody>\n");
    for (i = 0; i < c->raise_count; ++i)
    {
        const struct fc_raise *raise = &c->raises[i];
        const struct fc_raise *lower = raise->lower >= 0 && c->raises[raise->lower].loaded ? &c->raises[raise->lower]
                : NULL;
        const char *verdict = !raise->loaded ? "skipped" : raise->judged && raise->judgement.regressed ? "regression"
                : "pass";
        mockd3d12_feature_desc feature;
        char b[32], x[32];

        if (raise->adapter != a || raise->variant == FC_LOWER)
            continue;
        mockd3d12_get_feature_desc(cli_field(raise->field)->feature_index, &feature);
        snprintf(name, sizeof(name), "%s.%s", feature.name, cli_field(raise->field)->name);
        fprintf(f, "<tr class=\"raise\" id=\"raise-%u\" data-field=\"", i);
        html(f, name);
        fprintf(f, "\" data-verdict=\"%s\"><td><code>", verdict);
        html(f, name);
        fprintf(f, "</code></td><td>");
        html(f, raise->from_text);
        fprintf(f, "</td><td>");
        html(f, raise->to_text);
        fprintf(f, "</td><td>");
        html(f, lower ? lower->to_text : "-");
        fc_run_text(&run->baseline, b, sizeof(b));
        fc_run_text(&raise->run, x, sizeof(x));
        fprintf(f, "</td><td>%s &rarr; %s</td><td class=\"verdict %s\">%s</td><td>", b, raise->loaded ? x : "-",
                verdict, !raise->loaded ? "&#8211; not run" : raise->judged && raise->judgement.regressed
                ? "&#10007; REGRESSION" : "&#10003; no regression");
        if (!raise->loaded)
            html(f, raise->why);
        else
            lines(f, raise->judgement.got);
        fprintf(f, "</td><td>");
        html(f, raise->cfs1);
        fprintf(f, "</td></tr>\n");
    }
    fprintf(f, "</tbody></table>\n");
    for (i = 0; i < c->raise_count; ++i)
    {
        const struct fc_raise *raise = &c->raises[i];
        mockd3d12_feature_desc feature;

        if (raise->adapter != a || !raise->loaded)
            continue;
        mockd3d12_get_feature_desc(cli_field(raise->field)->feature_index, &feature);
        snprintf(name, sizeof(name), "Output with %s.%s %s (%s)", feature.name, cli_field(raise->field)->name,
                raise->to_text, raise->variant == FC_LOWER ? "lowered" : "raised");
        output(f, name, &raise->run);
    }
    fprintf(f, "</section>\n");
}

bool fc_write_html(const struct fc_check *c, const char *path)
{
    unsigned a, i, raises = 0, regressions = 0;
    FILE *f = fopen(path, "w");

    if (!f)
    {
        fprintf(stderr, "mockd3d12 forward-check: --html %s: cannot write the file: %s\n", path, strerror(errno));
        return false;
    }
    for (a = 0; a < c->adapter_count; ++a)
    {
        raises += c->runs[a].raises;
        regressions += c->runs[a].regressions;
    }
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mockd3d12 forward-check</title>\n"
            "<style>%s</style></head>\n<body>\n<h1>mockd3d12 forward-check</h1>\n<p>Command: <code>", style);
    for (i = 0; i < c->command_count; ++i)
    {
        fprintf(f, "%s", i ? " " : "");
        html(f, c->command[i]);
    }
    fprintf(f, "</code></p>\n<p id=\"summary\">%u adapter(s) on ", c->adapter_count);
    html(f, c->runtime_label);
    fprintf(f, " (before the CheckFeatureSupport1 cutoff): %u raise(s), %u regression(s). A raise regresses when "
            "the exit status turns non-zero or the output gets back a line of the lower value's; the marks are "
            "&#10003; no regression and &#10007; REGRESSION (docs/forward-check.md).</p>\n", raises, regressions);
    for (a = 0; a < c->adapter_count; ++a)
        write_adapter(f, c, a);
    fprintf(f, "</body></html>\n");
    if (fclose(f))
    {
        fprintf(stderr, "mockd3d12 forward-check: --html %s: cannot write the file\n", path);
        return false;
    }
    return true;
}
