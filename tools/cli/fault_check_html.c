/*
 * mockd3d12 fault-check --html FILE: one self-contained page (no script, no
 * outside resource): per adapter, a table of the fault sites, each with a
 * colour and a text mark (readable without colour), the plan that made it
 * and the verdict, then the output of every flagged run.
 * tests/cli/test_fault_check.py loads it in headless Chromium and checks its DOM.
 */
#include <errno.h>
#include <string.h>

#include "fault_check.h"

static const char style[] =
    "body{font-family:sans-serif;margin:2em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #999;padding:.25em .6em;text-align:left;vertical-align:top}"
    "td.verdict.handled{background:#c8efc8}td.verdict.flagged{background:#f5c0c0;font-weight:bold}"
    "pre{background:#f6f6f6;border:1px solid #ddd;padding:.5em;white-space:pre-wrap;max-height:30em;overflow:auto}"
    "code{background:#f0f0f0}";

static void html(FILE *f, const char *text)
{
    cli_html_escape(f, text);
}

static void write_adapter(FILE *f, const struct fk_check *c, unsigned a)
{
    unsigned i;

    fprintf(f, "<section class=\"adapter\"><h2>");
    html(f, c->adapters[a].id);
    fprintf(f, "</h2>\n");
    if (c->baselines[a].leaked)
        fprintf(f, "<p class=\"baseline flagged\">&#10007; FLAGGED: without faults, %llu object(s) were alive at "
                "exit</p>\n", c->baselines[a].live_objects);
    fprintf(f, "<table class=\"sites\"><thead><tr><th>Site</th><th>Fault</th><th>MOCKD3D12_FAULTS</th>"
            "<th>Verdict</th><th>Seconds</th></tr></thead>\n<tbody>\n");
    for (i = 0; i < c->site_count; ++i)
    {
        const struct fk_site *s = &c->sites[i];

        if (s->adapter != a || !fk_site_counts(s))
            continue;
        fprintf(f, "<tr><td class=\"site\">");
        html(f, s->name);
        fprintf(f, "</td><td>%s</td><td><code>", fk_fault_name(s->fault));
        html(f, s->fault == FK_BUDGET ? "budget:0@<each creation>#1" : s->plan);
        fprintf(f, "</code></td><td class=\"verdict %s\">%s ", s->flagged ? "flagged" : "handled",
                s->flagged ? "&#10007; FLAGGED" : "&#10003; handled");
        if (s->flagged)
            fprintf(f, "<a href=\"#site-%u\">", i);
        html(f, s->verdict);
        fprintf(f, "%s</td><td>%.2f</td></tr>\n", s->flagged ? "</a>" : "", s->run.seconds);
    }
    fprintf(f, "</tbody></table></section>\n");
}

bool fk_write_html(const struct fk_check *c, const char *path)
{
    unsigned i, sites = 0, flagged = 0;
    FILE *f = fopen(path, "w");

    if (!f)
    {
        fprintf(stderr, "mockd3d12 fault-check: --html %s: cannot write the file: %s\n", path, strerror(errno));
        return false;
    }
    for (i = 0; i < c->site_count; ++i)
    {
        sites += fk_site_counts(&c->sites[i]);
        flagged += fk_site_counts(&c->sites[i]) && c->sites[i].flagged;
    }
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mockd3d12 fault-check</title>\n"
            "<style>%s</style></head>\n<body>\n<h1>mockd3d12 fault-check</h1>\n<p>Command: <code>", style);
    for (i = 0; i < c->command_count; ++i)
    {
        fprintf(f, "%s", i ? " " : "");
        html(f, c->command[i]);
    }
    fprintf(f, "</code></p>\n<p id=\"summary\">%u adapter(s)", c->adapter_count);
    if (c->shard_count > 1)
        fprintf(f, ", shard %u/%u", c->shard_index, c->shard_count);
    fprintf(f, ": %u fault site(s), %u handled, %u flagged. A site is flagged when the program crashed or hung "
            "(more than %g s)%s; any exit status is handling. The marks are &#10003; handled and &#10007; "
            "FLAGGED.</p>\n", sites, sites - flagged, flagged, c->timeout,
            c->leaks ? ", or left objects alive at exit" : "");
    for (i = 0; i < c->adapter_count; ++i)
        write_adapter(f, c, i);
    fprintf(f, "<h2>Flagged runs</h2>\n");
    for (i = 0; i < c->site_count; ++i)
    {
        const struct fk_site *s = &c->sites[i];

        if (!fk_site_counts(s) || !s->flagged)
            continue;
        fprintf(f, "<section class=\"flagged-run\" id=\"site-%u\"><h3>", i);
        html(f, c->adapters[s->adapter].id);
        fprintf(f, ": ");
        html(f, s->verdict);
        fprintf(f, "</h3><pre class=\"output\">");
        html(f, s->run.output);
        if (s->run.output_dropped)
            fprintf(f, "\n[%zu more bytes of output not kept]", s->run.output_dropped);
        fprintf(f, "</pre></section>\n");
    }
    fprintf(f, "</body></html>\n");
    if (fclose(f))
    {
        fprintf(stderr, "mockd3d12 fault-check: --html %s: cannot write the file\n", path);
        return false;
    }
    return true;
}
