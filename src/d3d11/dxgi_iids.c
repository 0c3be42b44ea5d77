/*
 * Windows (d3d11.dll): storage for the DXGI interface IDs libd3d11 uses
 * (IID_IDXGIDevice3, IID_IDXGIDevice4, ...). dxgi.dll exports none, as the
 * real one, and mingw-w64's uuid library lacks the newer ones: the DXGI
 * headers once more after <initguid.h>, so every DEFINE_GUID they carry is a
 * selectany definition here, never retyped. On Linux libdxgi.so exports them
 * (src/dxgi/iids.c) and this file is empty.
 */
#if defined(_WIN32)
#include <windows.h>
#include <initguid.h>
#include <dxgi1_6.h>
#else
typedef int mk_d3d11_no_dxgi_iids; /* a translation unit may not be empty */
#endif
