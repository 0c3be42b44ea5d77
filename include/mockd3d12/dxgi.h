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
#endif

#include <dxgi1_6.h>
#include <dxgidebug.h>

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

/* ---- "The machine": which adapters DXGI enumerates ---------------------
 *
 * Hardware adapters in the given order, then exactly one software adapter
 * (WARP) last. An id naming a software profile (e.g. "warp-22621") does not
 * add an adapter: it chooses which WARP the machine has ("warp" otherwise).
 * Ids are registered profile ids or paths to JSON profiles.
 *
 * Priority: this call > MOCKD3D12_ADAPTERS=id1,id2,... > the default adapter
 * (mockd3d12_default_adapter_id()) plus WARP. Factories take a snapshot when
 * created; IsCurrent() turns FALSE for them once the machine changes.
 */

/* Sets the machine; `ids` NULL (count 0) forgets the setting. On an unknown id
 * nothing changes and E_INVALIDARG is returned. */
MOCKD3D12_DXGI_API HRESULT mockd3d12_set_machine_adapters(const char *const *ids, UINT count);

/* The machine as DXGI enumerates it now (WARP last): writes up to `capacity`
 * ids and returns the adapter count, or 0 when the configuration names an
 * unknown profile. */
MOCKD3D12_DXGI_API UINT mockd3d12_machine_adapters(const char **ids, UINT capacity);

#ifdef __cplusplus
}
#endif

#endif
