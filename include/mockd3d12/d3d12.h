/*
 * mockd3d12: the one include a client needs.
 *
 * Brings the platform types (DirectX-Headers' WSL stubs on Linux, the
 * Windows SDK / mingw-w64 headers on Windows), the official D3D12 and SDK
 * layer declarations, then mockd3d12/d3d12_next.h with everything newer than
 * the installed DirectX-Headers (up to SDK 620 / preview 721, and the
 * provisional ID3D12Device17).
 */
#ifndef MOCKD3D12_D3D12_H
#define MOCKD3D12_D3D12_H

#ifndef _WIN32
#include <wsl/winadapter.h>
#else
#include <windows.h>
/* Before d3d12.h asks for MIDL's rpcndr.h 500: mingw-w64's is 475 and is
 * refused then (it declares all d3d12.h uses), not when already included. */
#include <rpc.h>
#include <rpcndr.h>
#endif

#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

/* C++ on Linux: __uuidof / IID_PPV_ARGS / WRL ComPtr need DirectX-Headers'
 * IID specialisations (MSVC and mingw-w64 get them from the headers). */
#if defined(__cplusplus) && !defined(_WIN32)
#include <dxguids/dxguids.h>
#endif

#include <mockd3d12/d3d12_next.h>

/* winerror.h's D3D12 results, which DirectX-Headers' WSL stubs lack: what a
 * cached pipeline or a pipeline library of another adapter or driver gets. */
#ifndef D3D12_ERROR_ADAPTER_NOT_FOUND
#define D3D12_ERROR_ADAPTER_NOT_FOUND ((HRESULT)0x887E0001L)
#endif
#ifndef D3D12_ERROR_DRIVER_VERSION_MISMATCH
#define D3D12_ERROR_DRIVER_VERSION_MISMATCH ((HRESULT)0x887E0002L)
#endif

#endif
