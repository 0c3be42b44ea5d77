/* Process start-up, measured from outside (bench/startup.c). */
#ifndef MOCKD3D12_BENCH_STARTUP_H
#define MOCKD3D12_BENCH_STARTUP_H

#include <stdbool.h>

/* Each program's mean over the runs: CPU time (user + system, from wait4's
 * rusage) in ms, and minor page faults (ru_minflt). */
struct bench_startup
{
    double empty_ms, probe_ms;
    double empty_faults, probe_faults;
};

/* Runs `empty` and `probe` `runs` times each, alternately. False with a
 * message on stderr when a program cannot run or exits non-zero. */
bool bench_startup(const char *empty, const char *probe, unsigned runs, struct bench_startup *out);

/* Runs the scale probe once: its CPU time (ms) and peak resident memory
 * (KiB, wait4's ru_maxrss). False with a message when it fails. */
bool bench_scale(const char *probe, double *cpu_ms, long *maxrss_kib);

#endif
