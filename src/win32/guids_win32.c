/*
 * Storage for DirectX-Headers' interface IDs in the Windows build (on Linux it
 * is libDirectX-Guids, which Debian builds for Linux only): the official
 * headers included once after <initguid.h>, so every DEFINE_GUID they carry
 * becomes a (selectany) definition. Our own IIDs stay in src/iids.c.
 */
#include <windows.h>
#include <rpc.h>
#include <rpcndr.h> /* before d3d12.h: see include/mockd3d12/d3d12.h */
#include <initguid.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
