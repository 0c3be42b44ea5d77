/* Our headers after a client's own #include <directx/d3d12.h>. */
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>

int header_test_client_first(void);
int header_test_client_first(void)
{
    return D3D12_FEATURE_LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT == 78;
}
