/*
 * The DXGI debug layer's output for refused swap-chain calls (issue 30 item
 * 10, docs/dxgi.md "Debug output"): a factory made with
 * DXGI_CREATE_FACTORY_DEBUG, and its swap chains, write one line per refused
 * call, in the form of the debug layer's OutputDebugString lines:
 *
 *   DXGI ERROR: IDXGIFactory::CreateSwapChain: <reason> [ MISCELLANEOUS ERROR #32: DXGI_MSG_..._UnknownSwapEffect ]
 *
 * to stderr (and OutputDebugStringA on Windows). The ids and names are
 * DXGI_Message_Id's (dxgimessages.h of the Windows SDK, as its public
 * metadata lists them). There is no IDXGIInfoQueue to store them
 * (DXGIGetDebugInterface1 answers E_NOINTERFACE).
 */
#include <stdarg.h>
#include <stdio.h>

#include "dxgi_private.h"

#ifdef _WIN32
#include <windows.h>
#endif

static const struct
{
    enum dxgi_message id;
    const char *name;
}
message_names[] =
{
#define DXGI_MESSAGE_NAME(name, value) {DXGI_MSG_##name, "DXGI_MSG_" #name},
    DXGI_MESSAGES(DXGI_MESSAGE_NAME)
#undef DXGI_MESSAGE_NAME
};

static mk_mutex output_lock = MK_MUTEX_INIT;

static const char *message_name(enum dxgi_message id)
{
    size_t i;

    for (i = 0; i < MK_COUNT(message_names); ++i)
    {
        if (message_names[i].id == id)
            return message_names[i].name;
    }
    return "";
}

void dxgi_report(const struct dxgi_factory *factory, enum dxgi_message id, const char *method,
        const char *format, ...)
{
    char reason[256], line[512];
    va_list args;

    if (!factory || !(factory->flags & DXGI_CREATE_FACTORY_DEBUG))
        return;
    va_start(args, format);
    vsnprintf(reason, sizeof(reason), format, args);
    va_end(args);
    snprintf(line, sizeof(line), "DXGI ERROR: %s: %s [ MISCELLANEOUS ERROR #%d: %s ]\n", method, reason, (int)id,
            message_name(id));
    /* One write per line, under one lock: lines of several threads never interleave. */
    mk_mutex_lock(&output_lock);
    fputs(line, stderr);
    fflush(stderr);
#ifdef _WIN32
    OutputDebugStringA(line);
#endif
    mk_mutex_unlock(&output_lock);
}
