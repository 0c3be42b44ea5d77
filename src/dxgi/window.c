/*
 * Windows without a display (Linux, where HWND is an integer; docs/dxgi.md
 * "Windows without a display"): the control API's simulated windows, whose
 * client area, place on the desktop and minimised state a test sets, and
 * every other non-zero HWND, a window of the default client area at the
 * desktop's origin. The Windows build asks the real window.
 */
#include "dxgi_private.h"

#ifdef _WIN32
#include <windows.h>
#endif

/* What a window with an empty client area gives (Wine's test_create_swapchain). */
#define MIN_WINDOW_SIZE 8u

#ifndef _WIN32

/* The client area of every window the control API did not make. */
#define DEFAULT_WINDOW_WIDTH 1280u
#define DEFAULT_WINDOW_HEIGHT 720u
/* Simulated windows alive at once, and where their handles start (far from
 * the small integers tests pass as "any window"). */
#define MAX_WINDOWS 64u
#define FIRST_WINDOW 0x10000

struct sim_window
{
    HWND handle;        /* 0: a free slot */
    UINT width, height; /* the client area when shown */
    INT x, y;           /* its top-left corner on the desktop */
    bool minimised;     /* an empty client area, kept size and place */
};

static mk_mutex windows_lock = MK_MUTEX_INIT;
static struct sim_window windows[MAX_WINDOWS];
static HWND next_handle = FIRST_WINDOW;

/* The live simulated window `handle`, or NULL; with windows_lock held. */
static struct sim_window *find_window(HWND handle)
{
    unsigned i;

    for (i = 0; handle && i < MAX_WINDOWS; ++i)
    {
        if (windows[i].handle == handle)
            return &windows[i];
    }
    return NULL;
}

MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_create_window(UINT width, UINT height, HWND *window)
{
    struct sim_window *slot = NULL;
    HRESULT hr = E_OUTOFMEMORY;

    if (!window)
        return E_INVALIDARG;
    *window = 0;
    mk_mutex_lock(&windows_lock);
    for (unsigned i = 0; !slot && i < MAX_WINDOWS; ++i)
    {
        if (!windows[i].handle)
            slot = &windows[i];
    }
    if (slot)
    {
        slot->handle = next_handle++;
        slot->width = width;
        slot->height = height;
        slot->x = slot->y = 0;
        slot->minimised = false;
        *window = slot->handle;
        hr = S_OK;
    }
    mk_mutex_unlock(&windows_lock);
    return hr;
}

MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_resize_window(HWND window, UINT width, UINT height)
{
    struct sim_window *slot;

    mk_mutex_lock(&windows_lock);
    if ((slot = find_window(window)))
    {
        slot->width = width;
        slot->height = height;
    }
    mk_mutex_unlock(&windows_lock);
    return slot ? S_OK : E_INVALIDARG;
}

MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_move_window(HWND window, INT x, INT y)
{
    struct sim_window *slot;

    mk_mutex_lock(&windows_lock);
    if ((slot = find_window(window)))
    {
        slot->x = x;
        slot->y = y;
    }
    mk_mutex_unlock(&windows_lock);
    return slot ? S_OK : E_INVALIDARG;
}

MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_minimize_window(HWND window, BOOL minimised)
{
    struct sim_window *slot;

    mk_mutex_lock(&windows_lock);
    if ((slot = find_window(window)))
        slot->minimised = minimised != FALSE;
    mk_mutex_unlock(&windows_lock);
    return slot ? S_OK : E_INVALIDARG;
}

MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_destroy_window(HWND window)
{
    struct sim_window *slot;

    mk_mutex_lock(&windows_lock);
    if ((slot = find_window(window)))
        slot->handle = 0;
    mk_mutex_unlock(&windows_lock);
    return slot ? S_OK : E_INVALIDARG;
}

#endif

bool dxgi_window_client_size(HWND window, UINT *width, UINT *height)
{
#ifdef _WIN32
    RECT rect;

    if (!IsWindow(window) || !GetClientRect(window, &rect))
        return false;
    *width = rect.right > rect.left ? (UINT)(rect.right - rect.left) : MIN_WINDOW_SIZE;
    *height = rect.bottom > rect.top ? (UINT)(rect.bottom - rect.top) : MIN_WINDOW_SIZE;
    return true;
#else
    struct sim_window *slot;
    bool known = true;

    if (!window)
        return false;
    *width = DEFAULT_WINDOW_WIDTH;
    *height = DEFAULT_WINDOW_HEIGHT;
    mk_mutex_lock(&windows_lock);
    if ((slot = find_window(window)))
    {
        *width = slot->width && !slot->minimised ? slot->width : MIN_WINDOW_SIZE;
        *height = slot->height && !slot->minimised ? slot->height : MIN_WINDOW_SIZE;
    }
    else if (window >= FIRST_WINDOW && window < next_handle)
        known = false; /* a simulated window that was destroyed */
    mk_mutex_unlock(&windows_lock);
    return known;
#endif
}

bool dxgi_window_rect(HWND window, RECT *rect)
{
#ifdef _WIN32
    WINDOWPLACEMENT placement;
    POINT origin = {0, 0};

    if (!IsWindow(window))
        return false;
    /* A minimised window is where it was before (MonitorFromWindow's
     * documentation): its restored rectangle. */
    placement.length = sizeof(placement);
    if (IsIconic(window) && GetWindowPlacement(window, &placement))
    {
        *rect = placement.rcNormalPosition;
        return true;
    }
    if (!GetClientRect(window, rect) || !ClientToScreen(window, &origin))
        return false;
    OffsetRect(rect, origin.x, origin.y);
    return true;
#else
    struct sim_window *slot;
    UINT width, height;

    if (!dxgi_window_client_size(window, &width, &height))
        return false;
    rect->left = rect->top = 0;
    mk_mutex_lock(&windows_lock);
    /* A minimised window is where it was before (MonitorFromWindow's
     * documentation): its restored client area. */
    if ((slot = find_window(window)))
    {
        rect->left = slot->x;
        rect->top = slot->y;
        width = slot->width ? slot->width : MIN_WINDOW_SIZE;
        height = slot->height ? slot->height : MIN_WINDOW_SIZE;
    }
    mk_mutex_unlock(&windows_lock);
    rect->right = rect->left + (LONG)width;
    rect->bottom = rect->top + (LONG)height;
    return true;
#endif
}

bool dxgi_window_minimised(HWND window)
{
#ifdef _WIN32
    return IsIconic(window) != FALSE;
#else
    struct sim_window *slot;
    bool minimised;

    mk_mutex_lock(&windows_lock);
    minimised = (slot = find_window(window)) && slot->minimised;
    mk_mutex_unlock(&windows_lock);
    return minimised;
#endif
}

void dxgi_window_resize(HWND window, UINT width, UINT height)
{
#ifdef _WIN32
    RECT rect, client;
    LONG style, exstyle;

    if (!GetClientRect(window, &client))
        return;
    rect.left = rect.top = 0;
    rect.right = width ? (LONG)width : client.right - client.left;
    rect.bottom = height ? (LONG)height : client.bottom - client.top;
    style = GetWindowLongA(window, GWL_STYLE);
    exstyle = GetWindowLongA(window, GWL_EXSTYLE);
    AdjustWindowRectEx(&rect, (DWORD)style, GetMenu(window) != NULL, (DWORD)exstyle);
    SetWindowPos(window, NULL, 0, 0, rect.right - rect.left, rect.bottom - rect.top,
            SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE);
#else
    struct sim_window *slot;

    mk_mutex_lock(&windows_lock);
    if ((slot = find_window(window)))
    {
        if (width)
            slot->width = width;
        if (height)
            slot->height = height;
    }
    mk_mutex_unlock(&windows_lock);
#endif
}
