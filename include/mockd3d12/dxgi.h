/*
 * mockd3d12's DXGI: the one include a DXGI client needs (link with
 * `pkg-config mockd3d12-dxgi` or the CMake target mockd3d12::dxgi).
 *
 * The DXGI declarations are mingw-w64's dxgi.h ... dxgi1_6.h and dxgidebug.h
 * (Debian package mingw-w64-common), never retyped here. On Linux they are
 * compiled over DirectX-Headers' WSL stubs; this needs:
 *   - mingw-w64's include directory searched *after* the system directories
 *     (-idirafter /usr/share/mingw-w64/include), so that its C library
 *     headers (stdint.h, stdlib.h, ...) never shadow glibc's and that
 *     <dxgiformat.h>, <dxgicommon.h>, <oaidl.h>, <ocidl.h> resolve to
 *     DirectX-Headers' and the WSL stubs (both on the -I path) first; the
 *     mingw-w64 directory only supplies dxgi*.h and dxgitype.h. The flag
 *     comes with the pkg-config file and the CMake target.
 *   - COM_NO_WINDOWS_H (set by the WSL stubs), so windows.h is never included;
 *   - the two handle types the stubs lack, defined below.
 * See docs/dxgi.md.
 */
#ifndef MOCKD3D12_DXGI_H
#define MOCKD3D12_DXGI_H

#include <mockd3d12/mockd3d12.h>

#ifndef _WIN32
/* Window-system handles DXGI declarations mention; opaque on Linux. */
typedef struct mockd3d12_hmonitor__ *HMONITOR;
typedef struct mockd3d12_hmodule__ *HMODULE;
/* mingw-w64's _mingw.h macro the DXGI_PRESENT_* flags are written with: a
 * 32-bit `long` constant there, a plain one here (LONG is 32 bits on both). */
#ifndef __MSABI_LONG
#define __MSABI_LONG(x) x
#endif
#endif

#include <dxgi1_6.h>
#include <dxgidebug.h>

/* winerror.h's DXGI results of swap chains, which DirectX-Headers' WSL stubs
 * lack (the Windows SDK and mingw-w64 have them). */
#ifndef DXGI_STATUS_OCCLUDED
#define DXGI_STATUS_OCCLUDED ((HRESULT)0x087A0001L)
#endif
#ifndef DXGI_ERROR_FRAME_STATISTICS_DISJOINT
#define DXGI_ERROR_FRAME_STATISTICS_DISJOINT ((HRESULT)0x887A000BL)
#endif
#ifndef DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
#define DXGI_ERROR_NOT_CURRENTLY_AVAILABLE ((HRESULT)0x887A0022L)
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(MOCKD3D12_DXGI_BUILDING) && defined(_WIN32)
#define MOCKD3D12_DXGI_API __declspec(dllexport)
#elif defined(MOCKD3D12_DXGI_BUILDING)
#define MOCKD3D12_DXGI_API __attribute__((visibility("default")))
#elif defined(_WIN32) && !defined(MOCKD3D12_STATIC)
#define MOCKD3D12_DXGI_API __declspec(dllimport)
#else
#define MOCKD3D12_DXGI_API
#endif

/* "The machine" (which adapters DXGI enumerates, WARP last):
 * mockd3d12_set_machine_adapters() and mockd3d12_machine_adapters() are
 * libd3d12's and declared in <mockd3d12/mockd3d12.h>, included above, since
 * the machine also decides D3D12CreateDevice(NULL)'s adapter. Factories take
 * a snapshot when created; IsCurrent() turns FALSE for them once the machine
 * differs from it. */

/* The DXGI adapter (IDXGIAdapter ... IDXGIAdapter4, queried for riid) of the
 * registered adapter with `luid`, as IDXGIDevice::GetAdapter of a D3D11 device
 * on it reports it (libd3d11 calls this): the object a new DXGI 1.1 factory's
 * EnumAdapters returns for it (GetParent gives that factory), or, for an
 * adapter outside the machine, one that factory holds but does not enumerate.
 * DXGI_ERROR_NOT_FOUND when no registered adapter has that LUID;
 * E_OUTOFMEMORY; the factory's errors for a bad machine (docs/dxgi.md). */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_adapter_for_luid(LUID luid, REFIID riid, void **adapter);

#ifndef _WIN32
/* Windows without a display (Linux; docs/dxgi.md "Windows without a display").
 * HWND is an integer there: any non-zero HWND is a window whose client area
 * is 1280 x 720, and these make simulated windows whose client area a test
 * sets (0 x 0, a minimised window, gives swap chains 8 x 8 as Windows does).
 * A destroyed simulated window is no window (DXGI_ERROR_INVALID_CALL when a
 * swap chain is made for it). create: E_INVALIDARG for a NULL `window`,
 * E_OUTOFMEMORY past 64 live windows; resize and destroy: E_INVALIDARG for a
 * handle that is no live simulated window. The Windows build uses real
 * windows and has none of these. */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_create_window(UINT width, UINT height, HWND *window);
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_resize_window(HWND window, UINT width, UINT height);
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_destroy_window(HWND window);
/* A simulated window's place on the desktop: its client area's top-left
 * corner at x, y (new windows are at 0, 0; other HWNDs stay there). It picks
 * the window's containing output: the output whose DesktopCoordinates hold
 * most of the client area, else the nearest. E_INVALIDARG for a handle that
 * is no live simulated window. */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_move_window(HWND window, INT x, INT y);
/* Minimises (TRUE) or restores (FALSE) a simulated window: minimised, its
 * client area is empty (swap chains sized from it take 8 x 8) and blt-model
 * (D3D11) swap chains' Present answers DXGI_STATUS_OCCLUDED; restored, it has
 * its size again. E_INVALIDARG for a handle that is no live simulated window. */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_minimize_window(HWND window, BOOL minimized);
#endif

#ifdef __cplusplus
}
#endif

#endif
