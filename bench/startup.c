/*
 * Process start-up as the user pays it (docs/performance.md): the CPU time
 * of a whole process that creates a device and asks three features, next to
 * that of an empty C program, both started the same way and alternated so
 * that a slow spell of the machine lands on both. CPU time (user + system
 * of the child, from wait4) rather than wall time: it does not count the
 * time the machine spends on something else.
 */
#define _GNU_SOURCE /* wait4 */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "startup.h"

extern char **environ;

static bool run_once(const char *path, double *cpu_ms, long *maxrss_kib)
{
    char *argv[] = {(char *)path, NULL};
    struct rusage usage;
    int status, err;
    pid_t pid;

    if ((err = posix_spawn(&pid, path, NULL, NULL, argv, environ)))
    {
        fprintf(stderr, "bench: cannot start %s: %s\n", path, strerror(err));
        return false;
    }
    while (wait4(pid, &status, 0, &usage) < 0)
    {
        if (errno != EINTR)
        {
            fprintf(stderr, "bench: wait4 %s: %s\n", path, strerror(errno));
            return false;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status))
    {
        fprintf(stderr, "bench: %s exited with status %#x\n", path, status);
        return false;
    }
    *cpu_ms += (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
            + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    if (maxrss_kib)
        *maxrss_kib = usage.ru_maxrss;
    return true;
}

bool bench_startup(const char *empty, const char *probe, unsigned runs, double *empty_ms, double *probe_ms)
{
    double e = 0, p = 0;
    unsigned i;

    /* One of each first, unmeasured: the page cache, not the program. */
    if (!run_once(empty, &e, NULL) || !run_once(probe, &p, NULL))
        return false;
    e = p = 0;
    for (i = 0; i < runs; ++i)
        if (!run_once(empty, &e, NULL) || !run_once(probe, &p, NULL))
            return false;
    *empty_ms = e / runs;
    *probe_ms = p / runs;
    return true;
}

bool bench_scale(const char *probe, double *cpu_ms, long *maxrss_kib)
{
    *cpu_ms = 0;
    return run_once(probe, cpu_ms, maxrss_kib);
}
