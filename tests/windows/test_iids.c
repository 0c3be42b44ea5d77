/*
 * The interface IDs test_d3d11.c, test_dxgi.c and test_dxcore.c use, in the Windows build:
 * the official headers once more after <initguid.h>, so every DEFINE_GUID
 * they carry becomes a (selectany) definition here. On Linux the same IDs
 * come from libDirectX-Guids and the mock libraries.
 */
#include <windows.h>
#include <initguid.h>
#include <mockd3d12/d3d11.h>
#include <mockd3d12/dxcore.h>
