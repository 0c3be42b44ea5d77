/*
 * The capability trace under threads and processes (docs/trace.md): 4
 * processes of 8 threads each query one device at once, all tracing to one
 * file. Every line must be one valid JSON object, and none lost: the file
 * holds exactly one line per call. Exits non-zero otherwise.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#define PROCESSES 4
#define THREADS 8
#define CALLS 500

static ID3D12Device *device;

static void *worker(void *arg)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    D3D12_FEATURE_DATA_FORMAT_SUPPORT format = {DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0};
    unsigned i;

    (void)arg;
    for (i = 0; i < CALLS; ++i)
    {
        if (i & 1)
            ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5));
        else
            ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &format, sizeof(format));
    }
    return NULL;
}

static int child(void)
{
    pthread_t threads[THREADS];
    unsigned i;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
        return 1;
    for (i = 0; i < THREADS; ++i)
        pthread_create(&threads[i], NULL, worker, NULL);
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    ID3D12Device_Release(device);
    return 0;
}

int main(void)
{
    const size_t expected = PROCESSES * (1 + (size_t)THREADS * CALLS);
    size_t lines = 0, bad = 0;
    char path[256], line[16384];
    int status, failed = 0;
    unsigned i;
    pid_t pids[PROCESSES];
    FILE *f;

    snprintf(path, sizeof(path), "%s/mockd3d12-stress-trace-%ld.jsonl", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
            (long)getpid());
    remove(path);
    setenv("MOCKD3D12_TRACE", path, 1);
    for (i = 0; i < PROCESSES; ++i)
    {
        if (!(pids[i] = fork()))
            _exit(child());
    }
    for (i = 0; i < PROCESSES; ++i)
    {
        if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
            failed = 1;
    }
    if (!(f = fopen(path, "r")))
    {
        fprintf(stderr, "stress_trace: no trace file %s\n", path);
        return 1;
    }
    while (fgets(line, sizeof(line), f))
    {
        json_t *record = json_loads(line, 0, NULL);

        ++lines;
        if (!record || !json_is_object(record) || !json_is_string(json_object_get(record, "entry"))
                || line[strlen(line) - 1] != '\n')
            ++bad;
        json_decref(record);
    }
    fclose(f);
    remove(path);
    if (failed || bad || lines != expected)
    {
        fprintf(stderr, "stress_trace: %zu lines (expected %zu), %zu not one JSON object, children %s\n", lines,
                expected, bad, failed ? "failed" : "ok");
        return 1;
    }
    printf("stress_trace: %zu lines from %d processes x %d threads, all valid\n", lines, PROCESSES, THREADS);
    return 0;
}
