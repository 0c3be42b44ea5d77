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

/* A program's cost: CPU time (ms) and minor page faults, summed over runs. */
struct cost
{
    double cpu_ms, minor_faults;
};

static bool run_once(const char *path, struct cost *cost, long *maxrss_kib)
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
    cost->cpu_ms += (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
            + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    cost->minor_faults += usage.ru_minflt;
    if (maxrss_kib)
        *maxrss_kib = usage.ru_maxrss;
    return true;
}

bool bench_startup(const char *empty, const char *probe, unsigned runs, struct bench_startup *out)
{
    struct cost e = {0, 0}, p = {0, 0};
    unsigned i;

    /* One of each first, unmeasured: the page cache, not the program. */
    if (!run_once(empty, &e, NULL) || !run_once(probe, &p, NULL))
        return false;
    e = p = (struct cost){0, 0};
    for (i = 0; i < runs; ++i)
        if (!run_once(empty, &e, NULL) || !run_once(probe, &p, NULL))
            return false;
    out->empty_ms = e.cpu_ms / runs;
    out->probe_ms = p.cpu_ms / runs;
    out->empty_faults = e.minor_faults / runs;
    out->probe_faults = p.minor_faults / runs;
    return true;
}

bool bench_scale(const char *probe, double *cpu_ms, long *maxrss_kib)
{
    struct cost cost = {0, 0};

    if (!run_once(probe, &cost, maxrss_kib))
        return false;
    *cpu_ms = cost.cpu_ms;
    return true;
}
