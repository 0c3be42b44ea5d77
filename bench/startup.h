/* Process start-up, measured from outside (bench/startup.c). */
#ifndef MOCKD3D12_BENCH_STARTUP_H
#define MOCKD3D12_BENCH_STARTUP_H

#include <stdbool.h>

/* Runs `empty` and `probe` `runs` times each, alternately, and gives each
 * one's mean CPU time (user + system, from wait4's rusage) in ms. False with
 * a message on stderr when a program cannot run or exits non-zero. */
bool bench_startup(const char *empty, const char *probe, unsigned runs, double *empty_ms, double *probe_ms);

/* Runs the scale probe once: its CPU time (ms) and peak resident memory
 * (KiB, wait4's ru_maxrss). False with a message when it fails. */
bool bench_scale(const char *probe, double *cpu_ms, long *maxrss_kib);

#endif
