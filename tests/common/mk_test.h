/*
 * The preamble of every test program: each tests/<suite>/test_*.c, the
 * stress programs and the Windows programs include it first (after their
 * header comment and any feature-test macro of their own), as vkd3d's tests
 * include d3d12_test_utils.h. It brings the C library, CMocka, the public
 * D3D12 headers with COBJMACROS, and what the suites share, so that a suite
 * holds only its rows and its own helpers:
 *
 *   ARRAY_SIZE(a)            the number of rows of a table
 *   SENTINEL, POISON         pointers no call returns: an output that must be
 *                            left as the caller gave it
 *   FL(12, 1)                D3D_FEATURE_LEVEL_12_1
 *   row_fail / rows_done     table-driven tests in the style of Wine's
 *                            conformance tests: every row runs, each failing
 *                            row is reported by its index and name
 *                            ("Test 3 (R8_UNORM): ..."), and the test fails
 *                            once at the end, so one run lists every broken
 *                            row:
 *
 *       struct row_failures failures = {0};
 *       for (i = 0; i < ARRAY_SIZE(rows); ++i)
 *           if (got != rows[i].expected)
 *               row_fail(&failures, i, rows[i].name, "got %u, expected %u", got, rows[i].expected);
 *       rows_done(&failures);
 *
 *   get_refcount(object)     a COM object's reference count
 *   test_setenv/_unsetenv    the environment the runtime reads, on Linux and
 *                            in the Windows build (the process environment
 *                            block there: the runtime reads it with
 *                            GetEnvironmentVariableA, not a C runtime's copy)
 *   create_device()          a D3D12 device on the default adapter
 *   create_device_on(id)     a D3D12 device on built-in adapter `id` (NULL:
 *                            the default one), through the control API
 *   create_device_with_profile(json, id)  the same after registering a
 *                            profile: an adapter no built-in describes
 *   enable_debug_layer()     ID3D12Debug::EnableDebugLayer
 *   info_queue(device)       the device's ID3D12InfoQueue
 *   message_text(queue, i, &id)  the text and id of stored message i
 *   create_d3d11_device(level, flags, &context)  (MK_TEST_D3D11) a D3D11
 *                            device on the default adapter
 *   mk_test_window(w, h), mk_test_window_destroy/_move/_minimize(window, ...)
 *                            (MK_TEST_DXGI, MK_TEST_D3D11) a window of that
 *                            client area for swap chains: simulated on Linux,
 *                            real on Windows
 *   quiet_setup/_teardown    (MK_TEST_INTERNAL) fixtures: mockd3d12_reset()
 *                            around each test, and the debug layer's output
 *                            lines dropped (what it reports is read through
 *                            ID3D12InfoQueue)
 *
 * What a suite defines before including it:
 *
 *   MK_TEST_DXGI, MK_TEST_D3D11, MK_TEST_DXCORE
 *       the API it tests besides D3D12: <mockd3d12/dxgi.h>, <mockd3d12/d3d11.h>
 *       (which includes dxgi.h), <mockd3d12/dxcore.h>.
 *   MK_TEST_CONFORMANCE
 *       the suite uses the public D3D12, DXGI and D3D11 API only: no
 *       mockd3d12_* function (its program imports none; ctest label
 *       "conformance", docs/testing.md), no private header of the library.
 *       What the mock must be set to for its rows (an adapter) comes from
 *       the environment ctest gives it, which the real runtime ignores. The
 *       helpers that call the control API are left out.
 *   MK_TEST_INTERNAL
 *       the suite is linked with mk_core and reads the library's private
 *       headers: also the debug layer's (its output hook) and the quiet
 *       fixtures.
 *   MK_TEST_STANDALONE
 *       a program with a harness of its own instead of CMocka (the Windows
 *       programs tests/windows/wintest.c and wind3d11.c, the stress programs
 *       of tests/stress/): the includes, the macros and the environment.
 *   MK_TEST_DEFINE_IIDS
 *       the program defines the interface IDs it uses, as C clients do
 *       (<initguid.h> before the API headers).
 */
#ifndef MOCKD3D12_TESTS_MK_TEST_H
#define MOCKD3D12_TESTS_MK_TEST_H

/* setenv, mkdtemp, open_memstream, ... */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#ifdef _WIN32
#include <windows.h>
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef MK_TEST_STANDALONE
#include <cmocka.h>
#endif

#define COBJMACROS
#ifdef MK_TEST_DEFINE_IIDS
#include <initguid.h>
#endif
#include <mockd3d12/mockd3d12.h>
#if defined(MK_TEST_D3D11)
#include <mockd3d12/d3d11.h>
#elif defined(MK_TEST_DXGI)
#include <mockd3d12/dxgi.h>
#endif
#ifdef MK_TEST_DXCORE
#include <mockd3d12/dxcore.h>
#endif
#ifdef MK_TEST_INTERNAL
#include "debuglayer/dbg_private.h"
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define SENTINEL ((void *)(uintptr_t)0xdeadbeef)
#define POISON ((void *)(uintptr_t)0x5a5a5a5a)
#define FL(a, b) D3D_FEATURE_LEVEL_##a##_##b

/* ---- The environment ---- */

static inline void test_setenv(const char *name, const char *value)
{
#ifdef _WIN32
    SetEnvironmentVariableA(name, value);
#else
    setenv(name, value, 1);
#endif
}

static inline void test_unsetenv(const char *name)
{
#ifdef _WIN32
    SetEnvironmentVariableA(name, NULL);
#else
    unsetenv(name);
#endif
}

#ifndef MK_TEST_STANDALONE

/* ---- Table rows ---- */

struct row_failures
{
    unsigned count; /* rows reported so far */
};

#if defined(__MINGW32__)
/* The Windows build formats with mingw-w64's C99 stdio (__USE_MINGW_ANSI_STDIO,
 * cmake/toolchain-mingw64.cmake): %zu, as on Linux, not msvcrt's formats. */
__attribute__((format(gnu_printf, 4, 5)))
#elif defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static inline void row_fail(struct row_failures *f, unsigned index, const char *name, const char *format, ...)
{
    char text[1024];
    va_list args;

    va_start(args, format);
    vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    print_error("Test %u (%s): %s\n", index, name ? name : "?", text);
    ++f->count;
}

/* A macro so the failure points at the test, not at this header. */
#define rows_done(f) \
    do \
    { \
        if ((f)->count) \
            fail_msg("%u failure(s) in the rows above", (f)->count); \
    } while (0)

/* ---- COM objects ---- */

static inline ULONG get_refcount(void *iface)
{
    IUnknown *unknown = iface;

    unknown->lpVtbl->AddRef(unknown);
    return unknown->lpVtbl->Release(unknown);
}

/* ---- D3D12 devices and the debug layer ---- */

/* D3D12CreateDevice on the default adapter at feature level 11_0; fails the test otherwise. */
static inline ID3D12Device *create_device(void)
{
    ID3D12Device *device = NULL;
    HRESULT hr;

    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    if (hr != S_OK || !device)
#ifdef MK_TEST_CONFORMANCE
        fail_msg("D3D12CreateDevice: %#x", (unsigned)hr);
#else
        fail_msg("D3D12CreateDevice: %#x (%s)", (unsigned)hr, mockd3d12_last_error());
#endif
    return device;
}

#ifndef MK_TEST_CONFORMANCE
/* D3D12CreateDevice on built-in adapter `adapter_id` (NULL: the default one); fails the test otherwise. */
static inline ID3D12Device *create_device_on(const char *adapter_id)
{
    ID3D12Device *device = NULL;
    IUnknown *adapter = NULL;
    HRESULT hr;

    if (adapter_id)
        assert_int_equal(mockd3d12_get_adapter(adapter_id, &adapter), S_OK);
    hr = D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    if (hr != S_OK || !device)
        fail_msg("D3D12CreateDevice(%s): %#x (%s)", adapter_id ? adapter_id : "default", (unsigned)hr,
                mockd3d12_last_error());
    if (adapter)
        adapter->lpVtbl->Release(adapter);
    return device;
}

/* create_device_on(adapter_id) after registering `profile` (a profile's JSON
 * text, or NULL for none): a device on an adapter no built-in describes. */
static inline ID3D12Device *create_device_with_profile(const char *profile, const char *adapter_id)
{
    char error[512] = "";
    HRESULT hr;

    if (profile && FAILED(hr = mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("registering %s: %#x (%s)", adapter_id ? adapter_id : "a profile", (unsigned)hr, error);
    return create_device_on(adapter_id);
}
#endif

static inline void enable_debug_layer(void)
{
    ID3D12Debug *debug;

    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
}

static inline ID3D12InfoQueue *info_queue(ID3D12Device *device)
{
    ID3D12InfoQueue *queue;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    return queue;
}

/* The text of stored message `index` (a static buffer) and its id. */
static inline const char *message_text(ID3D12InfoQueue *queue, UINT64 index, D3D12_MESSAGE_ID *id)
{
    static char text[1024];
    D3D12_MESSAGE *m;
    SIZE_T size = 0;

    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, index, NULL, &size), S_OK);
    m = malloc(size);
    assert_non_null(m);
    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, index, m, &size), S_OK);
    snprintf(text, sizeof(text), "%s", m->pDescription);
    *id = m->ID;
    free(m);
    return text;
}

/* ---- Windows for swap chains ---- */

#if defined(MK_TEST_DXGI) || defined(MK_TEST_D3D11)
/* A window whose client area is `width` x `height`, for swap chains: on
 * Linux a simulated window of the control API (docs/dxgi.md "Windows without
 * a display"); on Windows a real one, which Wine makes without a display
 * with its null graphics driver (tests/windows/run-wine.sh sets it). */
static inline HWND mk_test_window(UINT width, UINT height)
{
    HWND window = 0;
#ifdef _WIN32
    /* A pop-up without a frame: its client area is the window, and no system
     * clamps its size to the screen (an overlapped window larger than Wine's
     * 1024 x 768 null display would be). */
    window = CreateWindowA("STATIC", "mockd3d12 test", WS_POPUP, 0, 0, (int)width, (int)height, NULL, NULL, NULL,
            NULL);
    if (!window)
        fail_msg("CreateWindowA: error %lu (Wine needs a display or its null graphics driver)",
                (unsigned long)GetLastError());
#else
    if (mockd3d12_dxgi_create_window(width, height, &window) != S_OK)
        fail_msg("mockd3d12_dxgi_create_window(%u, %u) failed", width, height);
#endif
    return window;
}

static inline void mk_test_window_destroy(HWND window)
{
#ifdef _WIN32
    DestroyWindow(window);
#else
    mockd3d12_dxgi_destroy_window(window);
#endif
}

/* Puts the window's client area's top-left corner at x, y on the desktop. */
static inline void mk_test_window_move(HWND window, INT x, INT y)
{
#ifdef _WIN32
    if (!SetWindowPos(window, NULL, x, y, 0, 0, SWP_NOSIZE | SWP_NOZORDER | SWP_NOACTIVATE))
        fail_msg("SetWindowPos: error %lu", (unsigned long)GetLastError());
#else
    if (mockd3d12_dxgi_move_window(window, x, y) != S_OK)
        fail_msg("mockd3d12_dxgi_move_window failed");
#endif
}

/* Minimises (TRUE) or restores (FALSE) the window. */
static inline void mk_test_window_minimize(HWND window, BOOL minimized)
{
#ifdef _WIN32
    ShowWindow(window, minimized ? SW_MINIMIZE : SW_RESTORE);
    if (!IsIconic(window) != !minimized)
        fail_msg("ShowWindow did not %s the window", minimized ? "minimise" : "restore");
#else
    if (mockd3d12_dxgi_minimize_window(window, minimized) != S_OK)
        fail_msg("mockd3d12_dxgi_minimize_window failed");
#endif
}
#endif

/* ---- D3D11 devices ---- */

#ifdef MK_TEST_D3D11
/* A D3D11 device of `level` made with `flags` on the default hardware adapter
 * (the mock's is MOCKD3D12_ADAPTER, which ctest sets for the suites that need
 * one: tests/d3d11.cmake); its immediate context in *context when not NULL. */
static inline ID3D11Device *create_d3d11_device(D3D_FEATURE_LEVEL level, UINT flags, ID3D11DeviceContext **context)
{
    ID3D11Device *device = NULL;
    HRESULT hr;

    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, flags, &level, 1, D3D11_SDK_VERSION, &device, NULL,
            context);
    if (hr != S_OK || !device)
        fail_msg("D3D11CreateDevice(level %#x, flags %#x): %#x", (unsigned)level, flags, (unsigned)hr);
    return device;
}
#endif

/* ---- Fixtures of the suites linked with mk_core ---- */

#ifdef MK_TEST_INTERNAL
static inline void quiet_output(void *context, const char *line)
{
    (void)context;
    (void)line;
}

static inline int quiet_setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    dbg_set_output_hook(quiet_output, NULL);
    return 0;
}

static inline int quiet_teardown(void **state)
{
    (void)state;
    dbg_set_output_hook(NULL, NULL);
    mockd3d12_reset();
    return 0;
}
#endif

#endif /* MK_TEST_STANDALONE */

#endif
