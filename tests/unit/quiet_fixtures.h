/*
 * The fixtures of the suites that create devices with the debug layer on:
 * each test starts and ends with mockd3d12_reset(), and the layer's output
 * lines go to a hook that drops them (what the layer reports is read
 * through ID3D12InfoQueue). Include after <cmocka.h> and dbg_private.h.
 */
#ifndef MOCKD3D12_TESTS_QUIET_FIXTURES_H
#define MOCKD3D12_TESTS_QUIET_FIXTURES_H

static inline void quiet(void *context, const char *line)
{
    (void)context;
    (void)line;
}

static inline int setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    dbg_set_output_hook(quiet, NULL);
    return 0;
}

static inline int teardown(void **state)
{
    (void)state;
    dbg_set_output_hook(NULL, NULL);
    mockd3d12_reset();
    return 0;
}

#endif
