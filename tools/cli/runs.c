/*
 * What `matrix` and `forward-check` share besides the runner (runner.c):
 * the --adapters list, how a run ended in words, output every report can
 * carry, the temporary directory, option values and escaping.
 */
#ifndef _WIN32
#define _XOPEN_SOURCE 700 /* realpath, mkdtemp */
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <direct.h>
#include <io.h>
#endif

#include "runs.h"

char *cli_copy_text(const char *text)
{
    char *copy = malloc(strlen(text) + 1);

    if (copy)
        strcpy(copy, text);
    return copy;
}

/* ---- The adapters ---- */

static bool add_adapter(const char *command, struct cli_adapter **adapters, unsigned *count, const char *id,
        const char *env_value)
{
    struct cli_adapter *a;
    mockd3d12_adapter_info info;
    unsigned i;

    for (i = 0; i < *count; ++i)
        if (!strcmp((*adapters)[i].id, id))
            return true;
    if (FAILED(mockd3d12_get_adapter_info(id, &info)))
    {
        fprintf(stderr, "mockd3d12 %s: %s\n", command, mockd3d12_last_error());
        return false;
    }
    if (!(a = realloc(*adapters, (*count + 1) * sizeof(*a))))
        return false;
    *adapters = a;
    a = &a[*count];
    memset(a, 0, sizeof(*a));
    a->id = info.id;
    a->description = info.description;
    a->software = info.software;
    if (!(a->env_value = cli_copy_text(env_value)) || !cli_adapter_confidence(id, a->confidence, sizeof(a->confidence)))
    {
        free(a->env_value);
        return false;
    }
    ++*count;
    return true;
}

/* The sets of registered adapters that --adapters names. */
static bool in_set(const char *set, const char *id, const char *confidence, bool software)
{
    if (!strcmp(set, "all"))
        return true;
    if (!strcmp(set, "hardware"))
        return !software;
    if (!strcmp(set, "software"))
        return software;
    if (!strcmp(set, "dumps")) /* from real reports, whole or partial */
        return !strcmp(confidence, "dump") || !strcmp(confidence, "partial-dump");
    return !strncmp(id, "min-fl", 6); /* baselines */
}

static bool is_set(const char *item)
{
    return !strcmp(item, "all") || !strcmp(item, "hardware") || !strcmp(item, "software") || !strcmp(item, "dumps")
            || !strcmp(item, "baselines");
}

static char *absolute_path(const char *path)
{
#ifdef _WIN32
    return _fullpath(NULL, path, 0);
#else
    return realpath(path, NULL);
#endif
}

static int add_adapter_item(const char *command, struct cli_adapter **adapters, unsigned *count, const char *item)
{
    unsigned i, registered = mockd3d12_adapter_count();
    char error[512];
    const char *id;
    char *path;
    bool ok;

    if (is_set(item))
    {
        for (i = 0; i < registered; ++i)
        {
            mockd3d12_adapter_info info;
            char confidence[32];

            id = mockd3d12_adapter_id(i);
            if (!id || FAILED(mockd3d12_get_adapter_info(id, &info))
                    || !cli_adapter_confidence(id, confidence, sizeof(confidence)))
                return CLI_NO_ADAPTER;
            if (in_set(item, id, confidence, info.software) && !add_adapter(command, adapters, count, id, id))
                return CLI_FAILED;
        }
        return CLI_OK;
    }
    if (FAILED(mockd3d12_resolve_adapter(item, &id, error, sizeof(error))))
    {
        fprintf(stderr, "mockd3d12 %s: --adapters: '%s' is no adapter id, set (all, hardware, software, dumps, "
                "baselines), profile or report: %s\n", command, item, error);
        return CLI_NO_ADAPTER;
    }
    if (!strcmp(id, item))
        return add_adapter(command, adapters, count, id, id) ? CLI_OK : CLI_FAILED;
    /* A file: the run's process loads it itself, from wherever it runs. */
    if (!(path = absolute_path(item)))
        return CLI_FAILED;
    ok = add_adapter(command, adapters, count, id, path);
    free(path);
    return ok ? CLI_OK : CLI_FAILED;
}

int cli_parse_adapters(const char *command, const char *list, struct cli_adapter **adapters, unsigned *count)
{
    char *copy = cli_copy_text(list), *item, *comma;
    int ret = CLI_OK;

    if (!copy)
        return CLI_FAILED;
    for (item = copy; item && ret == CLI_OK; item = comma)
    {
        if ((comma = strchr(item, ',')))
            *comma++ = 0;
        if (!*item)
        {
            fprintf(stderr, "mockd3d12 %s: --adapters has an empty item in '%s'\n", command, list);
            ret = CLI_USAGE;
        }
        else
            ret = add_adapter_item(command, adapters, count, item);
    }
    free(copy);
    if (ret == CLI_OK && !*count)
    {
        fprintf(stderr, "mockd3d12 %s: --adapters '%s' names no adapter\n", command, list);
        ret = CLI_USAGE;
    }
    return ret;
}

void cli_free_adapters(struct cli_adapter *adapters, unsigned count)
{
    unsigned i;

    for (i = 0; i < count; ++i)
        free(adapters[i].env_value);
    free(adapters);
}

/* ---- How a run ended ---- */

bool cli_run_failed(const struct cli_run *run)
{
    return run->status != CLI_RUN_PASSED && run->status != CLI_RUN_NONE;
}

const char *cli_run_mark(const struct cli_run *run, char *buffer, size_t size)
{
    switch (run->status)
    {
        case CLI_RUN_NONE: return "-";
        case CLI_RUN_PASSED: return "pass";
        case CLI_RUN_FAILED: snprintf(buffer, size, "FAIL exit %d", run->exit_code); return buffer;
        case CLI_RUN_SIGNALED: snprintf(buffer, size, "FAIL signal %d", run->signal); return buffer;
        case CLI_RUN_TIMED_OUT: return "FAIL timeout";
        case CLI_RUN_NOT_STARTED: return "FAIL not run";
    }
    return "?";
}

void cli_run_outcome(const struct cli_run *run, double timeout, char *buffer, size_t size)
{
    switch (run->status)
    {
        case CLI_RUN_NONE: snprintf(buffer, size, "not run: another shard's cell"); break;
        case CLI_RUN_PASSED:
        case CLI_RUN_FAILED: snprintf(buffer, size, "exit status %d", run->exit_code); break;
        case CLI_RUN_SIGNALED: snprintf(buffer, size, "killed by signal %d", run->signal); break;
        case CLI_RUN_TIMED_OUT: snprintf(buffer, size, "timed out after %g s (killed)", timeout); break;
        case CLI_RUN_NOT_STARTED: snprintf(buffer, size, "the command could not be started"); break;
    }
}

/* Valid UTF-8 without control characters but tab and newline: each byte
 * that does not start a well-formed sequence (no overlong form, no
 * surrogate, at most U+10FFFF, not U+FFFE/U+FFFF, which XML refuses)
 * becomes '?'. */
void cli_run_sanitize(struct cli_run *run)
{
    static const uint32_t least[] = {0, 0x80, 0x800, 0x10000};
    unsigned char *p = (unsigned char *)run->output, *end = p ? p + run->output_length : NULL;

    while (p < end)
    {
        unsigned n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : 4, k;
        uint32_t c = n == 0 ? *p : n == 1 ? *p & 0x1fu : n == 2 ? *p & 0x0fu : *p & 0x07u;

        if (n == 0)
        {
            if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f)
                *p = '?';
            ++p;
            continue;
        }
        for (k = 1; n < 4 && k <= n && p + k < end && (p[k] & 0xc0) == 0x80; ++k)
            c = (c << 6) | (p[k] & 0x3fu);
        if (n == 4 || k <= n || c < least[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) || c == 0xfffe
                || c == 0xffff)
        {
            *p++ = '?';
            continue;
        }
        p += n + 1;
    }
}

/* ---- Files, option values, escaping ---- */

bool cli_make_temp_dir(const char *name, const char *purpose, char *dir, size_t size)
{
    const char *tmp = getenv("TMPDIR");

    if (!tmp || !*tmp)
        tmp = "/tmp";
    snprintf(dir, size, "%s/mockd3d12-%s-XXXXXX", tmp, name);
#ifdef _WIN32
    if (!_mktemp(dir) || _mkdir(dir))
#else
    if (!mkdtemp(dir))
#endif
    {
        fprintf(stderr, "mockd3d12 %s: cannot make a directory for %s in %s: %s\n", name, purpose, tmp,
                strerror(errno));
        dir[0] = 0;
        return false;
    }
    return true;
}

bool cli_parse_count(const char *text, unsigned *value)
{
    char *end;
    unsigned long v;

    if (!text || *text < '0' || *text > '9')
        return false;
    errno = 0;
    v = strtoul(text, &end, 10);
    if (errno || *end || !v || v > 1u << 20)
        return false;
    *value = (unsigned)v;
    return true;
}

bool cli_parse_seconds(const char *text, double *seconds)
{
    char *end;

    if (!text || *text < '0' || *text > '9')
        return false;
    errno = 0;
    *seconds = strtod(text, &end);
    return !errno && !*end && *seconds > 0 && *seconds <= 86400.0 * 7;
}

static void escape(FILE *f, const char *text, bool apostrophe)
{
    for (; text && *text; ++text)
    {
        switch (*text)
        {
            case '&': fputs("&amp;", f); break;
            case '<': fputs("&lt;", f); break;
            case '>': fputs("&gt;", f); break;
            case '"': fputs("&quot;", f); break;
            case '\'': fputs(apostrophe ? "&#39;" : "'", f); break;
            default: fputc(*text, f); break;
        }
    }
}

void cli_xml_escape(FILE *f, const char *text)
{
    escape(f, text, false);
}

void cli_junit_case_begin(FILE *f, const char *classname, const char *name, double seconds)
{
    fprintf(f, "    <testcase classname=\"");
    cli_xml_escape(f, classname);
    fprintf(f, "\" name=\"");
    cli_xml_escape(f, name);
    fprintf(f, "\" time=\"%.3f\">\n", seconds);
}

void cli_junit_failure(FILE *f, const char *message, const char *text)
{
    fprintf(f, "      <failure message=\"");
    cli_xml_escape(f, message);
    fprintf(f, "\">");
    cli_xml_escape(f, text);
    fprintf(f, "</failure>\n");
}

void cli_junit_case_end(FILE *f, const char *output)
{
    fprintf(f, "      <system-out>");
    cli_xml_escape(f, output);
    fprintf(f, "</system-out>\n    </testcase>\n");
}

bool cli_junit_close(FILE *f, const char *command, const char *path)
{
    fprintf(f, "  </testsuite>\n</testsuites>\n");
    if (fclose(f))
    {
        fprintf(stderr, "mockd3d12 %s: --junit %s: cannot write the file\n", command, path);
        return false;
    }
    return true;
}

void cli_html_escape(FILE *f, const char *text)
{
    escape(f, text, true);
}
