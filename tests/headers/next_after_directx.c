/* mockd3d12/d3d12_next.h straight after a client's own DirectX-Headers includes. */
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <mockd3d12/d3d12_next.h>

#ifdef MOCKD3D12_DIRECTX_HEADERS_PREVIEW
#error "the build's retail DirectX-Headers taken for a preview"
#endif

int header_test_next(void);
int header_test_next(void)
{
    D3D12_FEATURE_DATA_SHADERCACHE_ABI_SUPPORT abi;
    abi.CompilerVersion.Version = D3D12_MAKE_VERSION_NUMBER(1, 2, 3, 4);
    return abi.CompilerVersion.VersionParts[D3D12_VERSION_PART_MAJOR] == 1 && D3D12_WORK_GRAPHS_TIER_1_1 == 11;
}
