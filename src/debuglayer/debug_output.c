/*
 * The debug output: what OutputDebugString shows on Windows goes to stderr
 * here, one line per message in the real layer's format.
 */
#include <stdio.h>
#include <stdlib.h>

#include "alloc.h"
#include "debuglayer/dbg_catalog.h"
#include "debuglayer/dbg_private.h"

static mk_mutex output_lock = MK_MUTEX_INIT;
static dbg_output_hook_fn output_hook;
static void *output_hook_context;

void dbg_set_output_hook(dbg_output_hook_fn hook, void *context)
{
    mk_mutex_lock(&output_lock);
    output_hook = hook;
    output_hook_context = context;
    mk_mutex_unlock(&output_lock);
}

int dbg_format_line(char *buffer, size_t size, D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *text)
{
    const char *category_name = dbg_category_name((uint32_t)category);
    const char *severity_name = dbg_severity_name((uint32_t)severity);
    const char *name = dbg_message_id_name((uint32_t)id);

    /* AddMessage rejects unknown categories and severities; be safe anyway. */
    if (!category_name)
        category_name = "UNKNOWN";
    if (!severity_name)
        severity_name = "UNKNOWN";
    return snprintf(buffer, size, "D3D12 %s: %s [ %s %s #%u: %s]\n", severity_name, text, category_name,
            severity_name, (unsigned)id, name ? name : "UNKNOWN");
}

void dbg_output_message(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
        const char *text)
{
    char stack_line[512], *line = stack_line;
    int length;

    length = dbg_format_line(stack_line, sizeof(stack_line), category, severity, id, text);
    if (length < 0)
        return;
    if ((size_t)length >= sizeof(stack_line))
    {
        if (!(line = mk_alloc((size_t)length + 1)))
            return;
        dbg_format_line(line, (size_t)length + 1, category, severity, id, text);
    }
    /* One write per line, under one lock, so lines from several threads never interleave. */
    mk_mutex_lock(&output_lock);
    if (output_hook)
        output_hook(output_hook_context, line);
    else
        fputs(line, stderr);
    mk_mutex_unlock(&output_lock);
    if (line != stack_line)
        mk_free(line);
}
