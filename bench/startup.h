/* Process start-up, measured from outside (bench/startup.c). */
#ifndef MOCKD3D12_BENCH_STARTUP_H
#define MOCKD3D12_BENCH_STARTUP_H

#include <stdbool.h>

/* Runs `empty` and `probe` `runs` times each, alternately, and gives each
 * one's mean CPU time (user + system, from wait4's rusage) in ms. False with
 * a message on stderr when a program cannot run or exits non-zero. */
bool bench_startup(const char *empty, const char *probe, unsigned runs, double *empty_ms, double *probe_ms);

#endif
