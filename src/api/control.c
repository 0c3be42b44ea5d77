/*
 * The general part of the control API: version, the per-thread last error,
 * and mockd3d12_reset(), which asks every room to forget its settings.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "caps/caps.h"
#include "clamp/clamp.h"
#include "control.h"
#include "trace.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "faults.h"
#include "platform.h"
#include "shader_cache_session.h"

#define MK_STR2(x) #x
#define MK_STR(x) MK_STR2(x)

static _Thread_local char last_error[1024];

void mk_set_last_error(const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(last_error, sizeof(last_error), format, args);
    va_end(args);
}

MOCKD3D12_API const char *mockd3d12_version(void)
{
    return MK_STR(MOCKD3D12_VERSION_MAJOR) "." MK_STR(MOCKD3D12_VERSION_MINOR) "." MK_STR(MOCKD3D12_VERSION_PATCH);
}

MOCKD3D12_API const char *mockd3d12_last_error(void)
{
    return last_error;
}

MOCKD3D12_API void mockd3d12_reset(void)
{
    dbg_reset();
    caps_reset_selection();
    caps_machine_reset();
    clamp_reset();
    mk_entry_points_reset();
    mk_trace_reset();
    obj_shader_cache_reset();
    mk_faults_reset();
    last_error[0] = 0;
}

/* ---- The capability trace (base room) ---- */

MOCKD3D12_API BOOL mockd3d12_trace_enabled(void)
{
    mk_trace_init();
    return mk_trace_on();
}

MOCKD3D12_API HRESULT mockd3d12_trace_write(const char *record, size_t length)
{
    if (!record || length < 3 || length > MK_TRACE_RECORD_SIZE || record[0] != '{' || record[length - 2] != '}'
            || record[length - 1] != '\n' || memchr(record, '\n', length - 1) || memchr(record, 0, length))
    {
        mk_set_last_error("mockd3d12_trace_write: a record is one JSON object on one line, \"{...}\\n\", "
                "of at most %u bytes%s", (unsigned)MK_TRACE_RECORD_SIZE, record ? "" : " (record is NULL)");
        return E_INVALIDARG;
    }
    mk_trace_init();
    if (!mk_trace_recording())
        return S_FALSE;
    mk_trace_emit(record, length);
    return S_OK;
}

MOCKD3D12_API UINT mockd3d12_trace_suspend(BOOL suspend)
{
    if (suspend)
        ++mk_trace_suspension;
    else if (mk_trace_suspension)
        --mk_trace_suspension;
    return mk_trace_suspension;
}

/* ---- The runtime (clamp room) ---- */

MOCKD3D12_API HRESULT mockd3d12_get_runtime(mockd3d12_runtime *runtime)
{
    char why[256];
    HRESULT hr;

    if (!runtime)
        return E_POINTER;
    if (FAILED(hr = clamp_runtime_current_checked(runtime, why, sizeof(why))))
        mk_set_last_error("mockd3d12_get_runtime: %s", why);
    return hr;
}

MOCKD3D12_API HRESULT mockd3d12_set_runtime(const mockd3d12_runtime *runtime)
{
    char why[160];

    if (FAILED(clamp_runtime_set(runtime, why, sizeof(why))))
    {
        fprintf(stderr, "mockd3d12: mockd3d12_set_runtime: %s\n", why);
        mk_set_last_error("mockd3d12_set_runtime: %s", why);
        return E_INVALIDARG;
    }
    return S_OK;
}

MOCKD3D12_API UINT mockd3d12_runtime_effective_version(const mockd3d12_runtime *runtime)
{
    return clamp_runtime_effective_version(runtime);
}

/* ---- The fault plan (device room, docs/faults.md) ---- */

MOCKD3D12_API HRESULT mockd3d12_set_faults(const char *plan)
{
    char why[512];
    HRESULT hr;

    if (FAILED(hr = mk_faults_control(plan, why, sizeof(why))))
    {
        fprintf(stderr, "mockd3d12: %s\n", why);
        mk_set_last_error("mockd3d12_set_faults: %s", why);
    }
    return hr;
}

MOCKD3D12_API HRESULT mockd3d12_fault_call(IUnknown *device_or_queue, const char *method)
{
    struct mk_fault_call call = {0, false, 0, NULL};
    struct mk_device *device;

    /* Without a plan: one relaxed load, whatever the arguments. */
    if (!mk_faults_on())
        return S_OK;
    if (!method || !(device = mk_device_of_object(device_or_queue, &call.queue)))
    {
        mk_set_last_error("mockd3d12_fault_call: %s", method ? "not a device or command queue of libd3d12"
                : "method is NULL");
        return E_INVALIDARG;
    }
    return mk_device_enter_queue(device, method, &call);
}
