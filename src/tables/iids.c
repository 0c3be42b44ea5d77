/*
 * Storage for the interface IDs that mockd3d12/d3d12_next.h declares
 * (IID_ID3D12Device12..15 and our own IID_ID3D12Device17). Compiled twice:
 * into the library for its own QueryInterface (hidden: the runtime exports
 * only entry points, as the real one does), and as the static library
 * libmockd3d12-guids.a that clients link, as they link dxguid.lib /
 * libDirectX-Guids.a for the older IIDs (the mockd3d12::d3d12 target and
 * mockd3d12.pc bring it). The installed libDirectX-Guids (1.606) has none of
 * them; a newer one defines IID_ID3D12Device12..15 too, so ours are weak: a
 * client that also links that archive gets its (identical) strong definitions
 * and no duplicate-symbol error. The values come from the header's
 * MOCKD3D12_NEXT_IIDS list, never retyped.
 */
#include <mockd3d12/d3d12.h>

/* PE/COFF has no weak definitions that can be exported; selectany (COMDAT)
 * is its way of letting identical definitions meet. */
#if defined(_WIN32)
#define MK_IID_WEAK __declspec(selectany)
#else
#define MK_IID_WEAK __attribute__((weak))
#endif

#define MK_DEFINE_IID(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    MK_IID_WEAK const IID IID_##iface = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}};

MOCKD3D12_NEXT_IIDS(MK_DEFINE_IID)
