/* mockd3d12/mockd3d12.h (the control API) alone. */
#include <mockd3d12/mockd3d12.h>

int header_test_mockd3d12(void);
int header_test_mockd3d12(void)
{
    return (int)sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS22);
}
