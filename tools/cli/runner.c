/*
 * Running a command many times (matrix's cells, forward-check's runs). On
 * POSIX systems each run is started with posix_spawnp, its standard output
 * and error on one pipe, in a process group of its own so that the timeout
 * (SIGKILL to the group) ends what the command started too; poll() reads
 * the runs' pipes and wakes for the nearest deadline, --jobs at a time. On
 * Windows running is not implemented yet: it says so (exit status 2,
 * docs/matrix.md); matrix --list works there.
 */
#ifndef _WIN32
#define _XOPEN_SOURCE 700 /* posix_spawn, clock_gettime, sysconf */
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runs.h"

#ifndef _WIN32
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
extern char **environ;
#endif

/* What the report keeps of one run's output; the rest is counted. */
#define RUN_OUTPUT_MAX (256u * 1024u)

#ifdef _WIN32

int cli_run_supported(const char *name)
{
    fprintf(stderr, "mockd3d12 %s: not supported on Windows yet (%sdocs/%s.md)\n", name,
            strcmp(name, "matrix") ? "" : "--list works; ", name);
    return CLI_USAGE;
}

int cli_run_commands(struct cli_runner *runner)
{
    return cli_run_supported(runner->name);
}

#else

int cli_run_supported(const char *name)
{
    (void)name;
    return CLI_OK;
}

struct job
{
    unsigned index;
    struct cli_run *run;
    pid_t pid;
    int fd;
    double start, deadline;
    bool eof, exited, killed;
    int wait_status;
    size_t capacity;
};

static volatile sig_atomic_t interrupted;

static void on_signal(int signal)
{
    interrupted = signal;
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool is_variable(const struct cli_runner *r, const char *entry)
{
    unsigned v;

    for (v = 0; v < r->variable_count; ++v)
        if (!strncmp(entry, r->variables[v], strlen(r->variables[v])) && entry[strlen(r->variables[v])] == '=')
            return true;
    return false;
}

/* environ without the run's variables, then the run's; *own is where the
 * run's own strings begin (freed by free_environment). */
static char **run_environment(const struct cli_runner *r, unsigned index, size_t *own)
{
    size_t count = 0, kept = 0, i;
    char **env, value[8192];
    unsigned v;

    while (environ[count])
        ++count;
    if (!(env = calloc(count + r->variable_count + 1, sizeof(*env))))
        return NULL;
    for (i = 0; i < count; ++i)
        if (!is_variable(r, environ[i]))
            env[kept++] = environ[i];
    *own = kept;
    for (v = 0; v < r->variable_count; ++v)
    {
        if (!r->value(r->ctx, index, v, value, sizeof(value)))
            continue;
        if (!(env[kept] = malloc(strlen(r->variables[v]) + strlen(value) + 2)))
            break;
        sprintf(env[kept++], "%s=%s", r->variables[v], value);
    }
    env[kept] = NULL;
    return env;
}

static void free_environment(char **env, size_t own)
{
    if (!env)
        return;
    for (; env[own]; ++own)
        free(env[own]);
    free(env);
}

static void set_output(struct cli_run *run, const char *text)
{
    free(run->output);
    run->output = cli_copy_text(text);
    run->output_length = run->output ? strlen(text) : 0;
}

/* Starts a run: false when it could not start (the run is then finished). */
static bool start_job(const struct cli_runner *r, struct job *job, unsigned index, struct cli_run *run)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    char message[4096];
    int fds[2], error;
    size_t own = 0;
    char **env;

    memset(job, 0, sizeof(*job));
    job->index = index;
    job->run = run;
    job->fd = -1;
    job->start = now();
    job->deadline = job->start + r->timeout;
    if (pipe(fds))
    {
        run->status = CLI_RUN_NOT_STARTED;
        run->exit_code = 127;
        snprintf(message, sizeof(message), "mockd3d12 %s: cannot make a pipe: %s\n", r->name, strerror(errno));
        set_output(run, message);
        return false;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    env = run_environment(r, index, &own);
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    posix_spawnattr_init(&attributes);
    /* A group of its own: the timeout kills what the command started too. */
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    error = env ? posix_spawnp(&job->pid, r->command[0], &actions, &attributes, r->command, env) : ENOMEM;
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    free_environment(env, own);
    close(fds[1]);
    if (error)
    {
        close(fds[0]);
        run->status = CLI_RUN_NOT_STARTED;
        run->exit_code = 127;
        run->seconds = now() - job->start;
        snprintf(message, sizeof(message), "mockd3d12 %s: cannot run '%s': %s\n", r->name, r->command[0],
                strerror(error));
        set_output(run, message);
        return false;
    }
    job->fd = fds[0];
    return true;
}

static void read_job(struct job *job)
{
    struct cli_run *run = job->run;
    char buffer[65536];
    ssize_t n = read(job->fd, buffer, sizeof(buffer));
    size_t keep;

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0)
    {
        close(job->fd);
        job->fd = -1;
        job->eof = true;
        return;
    }
    keep = run->output_length + (size_t)n > RUN_OUTPUT_MAX ? RUN_OUTPUT_MAX - run->output_length : (size_t)n;
    run->output_dropped += (size_t)n - keep;
    if (!keep)
        return;
    if (run->output_length + keep + 1 > job->capacity)
    {
        size_t capacity = job->capacity ? job->capacity * 2 : 4096;
        char *grown;

        while (capacity < run->output_length + keep + 1)
            capacity *= 2;
        if (!(grown = realloc(run->output, capacity)))
        {
            run->output_dropped += keep;
            return;
        }
        run->output = grown;
        job->capacity = capacity;
    }
    memcpy(run->output + run->output_length, buffer, keep);
    run->output_length += keep;
    run->output[run->output_length] = 0;
}

static void finish_job(struct job *job)
{
    struct cli_run *run = job->run;

    run->seconds = now() - job->start;
    if (job->killed)
        run->status = CLI_RUN_TIMED_OUT;
    else if (WIFSIGNALED(job->wait_status))
    {
        run->status = CLI_RUN_SIGNALED;
        run->signal = WTERMSIG(job->wait_status);
    }
    else
    {
        run->exit_code = WEXITSTATUS(job->wait_status);
        run->status = run->exit_code ? CLI_RUN_FAILED : CLI_RUN_PASSED;
    }
    if (!run->output)
        set_output(run, "");
}

static void progress(const struct cli_runner *r, unsigned done, unsigned total, unsigned failed)
{
    fprintf(stderr, "\rmockd3d12 %s: %u of %u %s done, %u failed", r->name, done, total, r->noun, failed);
    fflush(stderr);
}

static unsigned default_jobs(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);

    return cores > 0 ? (unsigned)cores : 1;
}

int cli_run_commands(struct cli_runner *r)
{
    struct sigaction action, old_int, old_term;
    unsigned next = 0, running = 0, done = 0, failed = 0, total = 0, i;
    bool show = isatty(2);
    struct pollfd *fds;
    struct job *jobs;
    int ret = CLI_OK;

    interrupted = 0;
    for (i = 0; i < r->count; ++i)
        total += r->run(r->ctx, i) != NULL;
    if (!r->jobs)
        r->jobs = default_jobs();
    if (r->jobs > total)
        r->jobs = total ? total : 1;
    jobs = calloc(r->jobs, sizeof(*jobs));
    fds = calloc(r->jobs, sizeof(*fds));
    if (!jobs || !fds)
    {
        free(jobs);
        free(fds);
        return CLI_FAILED;
    }
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int);
    sigaction(SIGTERM, &action, &old_term);
    if (show && total)
        progress(r, 0, total, 0);
    while (done < total && !interrupted)
    {
        unsigned polled = 0;
        double t, wait = 1e9;

        /* Start runs while there are free slots. */
        while (running < r->jobs && next < r->count)
        {
            unsigned index = next++;
            struct cli_run *run = r->run(r->ctx, index);

            if (!run)
                continue;
            if (start_job(r, &jobs[running], index, run))
                ++running;
            else
            {
                ++done;
                ++failed;
                if (show)
                    progress(r, done, total, failed);
            }
        }
        if (!running)
            continue;
        t = now();
        for (i = 0; i < running; ++i)
        {
            if (!jobs[i].eof)
            {
                fds[polled].fd = jobs[i].fd;
                fds[polled].events = POLLIN;
                fds[polled++].revents = 0;
            }
            else if (!jobs[i].exited)
                wait = wait < 0.02 ? wait : 0.02; /* its output is closed: look for its exit soon */
            if (!jobs[i].killed && jobs[i].deadline - t < wait)
                wait = jobs[i].deadline - t;
        }
        if (wait < 0)
            wait = 0;
        if (poll(fds, polled, (int)(wait * 1000.0) + 1) < 0 && errno != EINTR)
        {
            fprintf(stderr, "mockd3d12 %s: poll: %s\n", r->name, strerror(errno));
            interrupted = SIGTERM;
            ret = CLI_FAILED;
            break;
        }
        for (i = 0; i < running; ++i)
        {
            unsigned k;

            for (k = 0; k < polled; ++k)
                if (fds[k].fd == jobs[i].fd && fds[k].revents)
                    read_job(&jobs[i]);
            if (!jobs[i].exited && waitpid(jobs[i].pid, &jobs[i].wait_status, WNOHANG) == jobs[i].pid)
                jobs[i].exited = true;
            if (!jobs[i].killed && now() >= jobs[i].deadline && !(jobs[i].exited && jobs[i].eof))
            {
                kill(-jobs[i].pid, SIGKILL);
                jobs[i].killed = true;
            }
        }
        for (i = 0; i < running;)
        {
            if (jobs[i].eof && jobs[i].exited)
            {
                finish_job(&jobs[i]);
                failed += cli_run_failed(jobs[i].run);
                ++done;
                jobs[i] = jobs[--running];
                if (show)
                    progress(r, done, total, failed);
            }
            else
                ++i;
        }
    }
    if (interrupted)
    {
        for (i = 0; i < running; ++i)
        {
            kill(-jobs[i].pid, SIGKILL);
            waitpid(jobs[i].pid, NULL, 0);
            if (jobs[i].fd >= 0)
                close(jobs[i].fd);
        }
        if (ret == CLI_OK)
        {
            fprintf(stderr, "\nmockd3d12 %s: interrupted; the %s still running were killed\n", r->name, r->noun);
            ret = 128 + (int)interrupted;
        }
    }
    else if (show && total)
        fprintf(stderr, "\r\033[K");
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    free(jobs);
    free(fds);
    return ret;
}

#endif
