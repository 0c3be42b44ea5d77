/*
 * mockd3d12 matrix: running the cells. On POSIX systems each cell is
 * started with posix_spawnp, its standard output and error on one pipe, in
 * a process group of its own so that the timeout (SIGKILL to the group)
 * ends what the command started too; poll() reads the cells' pipes and
 * wakes for the nearest deadline, --jobs cells at a time. On Windows
 * running cells is not implemented yet: it says so (exit status 2,
 * docs/matrix.md); --list, in matrix.c, works there.
 */
#ifndef _WIN32
#define _XOPEN_SOURCE 700 /* posix_spawn, mkdtemp, clock_gettime, sysconf */
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "matrix.h"

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

/* What the report keeps of one cell's output; the rest is counted. */
#define MATRIX_OUTPUT_MAX (256u * 1024u)

#ifdef _WIN32

int matrix_run_cells(struct matrix *m)
{
    (void)m;
    fprintf(stderr, "mockd3d12 matrix: not supported on Windows yet (--list works; docs/matrix.md)\n");
    return CLI_USAGE;
}

#else

struct job
{
    unsigned cell;
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

/* environ without the cell's variables, then the cell's. */
static char **cell_environment(const struct matrix *m, const struct matrix_cell *cell)
{
    size_t count = 0, kept = 0, i, v;
    char **env, value[4096];

    while (environ[count])
        ++count;
    if (!(env = calloc(count + MATRIX_CELL_VARIABLES + 1, sizeof(*env))))
        return NULL;
    for (i = 0; i < count; ++i)
    {
        bool ours = false;

        for (v = 0; v < MATRIX_CELL_VARIABLES && !ours; ++v)
            ours = !strncmp(environ[i], matrix_cell_variables[v], strlen(matrix_cell_variables[v]))
                    && environ[i][strlen(matrix_cell_variables[v])] == '=';
        if (!ours)
            env[kept++] = environ[i];
    }
    for (v = 0; v < MATRIX_CELL_VARIABLES; ++v)
    {
        matrix_cell_variable(m, cell, (unsigned)v, value, sizeof(value));
        if (!(env[kept] = malloc(strlen(matrix_cell_variables[v]) + strlen(value) + 2)))
            break;
        sprintf(env[kept++], "%s=%s", matrix_cell_variables[v], value);
    }
    env[kept] = NULL;
    /* The cell's own strings are the last MATRIX_CELL_VARIABLES (freed by the caller). */
    return env;
}

static void free_environment(char **env)
{
    size_t count = 0, i;

    if (!env)
        return;
    while (env[count])
        ++count;
    for (i = count >= MATRIX_CELL_VARIABLES ? count - MATRIX_CELL_VARIABLES : 0; i < count; ++i)
        free(env[i]);
    free(env);
}

static void set_output(struct matrix_cell *cell, const char *text)
{
    free(cell->output);
    cell->output = matrix_copy_text(text);
    cell->output_length = cell->output ? strlen(text) : 0;
}

/* Starts a cell: false when it could not start (the cell is then finished). */
static bool start_job(struct matrix *m, struct job *job, unsigned index, const char *dir)
{
    struct matrix_cell *cell = &m->cells[index];
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    char path[4096], message[4096];
    int fds[2], error;
    char **env;

    memset(job, 0, sizeof(*job));
    job->cell = index;
    job->fd = -1;
    job->start = now();
    job->deadline = job->start + m->timeout;
    snprintf(path, sizeof(path), "%s/cell-%u.jsonl", dir, index);
    cell->trace_path = matrix_copy_text(path);
    if (pipe(fds))
    {
        cell->status = MATRIX_NOT_STARTED;
        cell->exit_code = 127;
        snprintf(message, sizeof(message), "mockd3d12 matrix: cannot make a pipe: %s\n", strerror(errno));
        set_output(cell, message);
        return false;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    env = cell_environment(m, cell);
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    posix_spawnattr_init(&attributes);
    /* A group of its own: the timeout kills what the command started too. */
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    error = env ? posix_spawnp(&job->pid, m->command[0], &actions, &attributes, m->command, env) : ENOMEM;
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    free_environment(env);
    close(fds[1]);
    if (error)
    {
        close(fds[0]);
        cell->status = MATRIX_NOT_STARTED;
        cell->exit_code = 127;
        cell->seconds = now() - job->start;
        snprintf(message, sizeof(message), "mockd3d12 matrix: cannot run '%s': %s\n", m->command[0], strerror(error));
        set_output(cell, message);
        return false;
    }
    job->fd = fds[0];
    return true;
}

static void read_job(struct matrix_cell *cell, struct job *job)
{
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
    keep = cell->output_length + (size_t)n > MATRIX_OUTPUT_MAX ? MATRIX_OUTPUT_MAX - cell->output_length : (size_t)n;
    cell->output_dropped += (size_t)n - keep;
    if (!keep)
        return;
    if (cell->output_length + keep + 1 > job->capacity)
    {
        size_t capacity = job->capacity ? job->capacity * 2 : 4096;
        char *grown;

        while (capacity < cell->output_length + keep + 1)
            capacity *= 2;
        if (!(grown = realloc(cell->output, capacity)))
        {
            cell->output_dropped += keep;
            return;
        }
        cell->output = grown;
        job->capacity = capacity;
    }
    memcpy(cell->output + cell->output_length, buffer, keep);
    cell->output_length += keep;
    cell->output[cell->output_length] = 0;
}

static void finish_job(struct matrix *m, struct job *job)
{
    struct matrix_cell *cell = &m->cells[job->cell];

    cell->seconds = now() - job->start;
    if (job->killed)
        cell->status = MATRIX_TIMED_OUT;
    else if (WIFSIGNALED(job->wait_status))
    {
        cell->status = MATRIX_SIGNALED;
        cell->signal = WTERMSIG(job->wait_status);
    }
    else
    {
        cell->exit_code = WEXITSTATUS(job->wait_status);
        cell->status = cell->exit_code ? MATRIX_FAILED : MATRIX_PASSED;
    }
    if (!cell->output)
        set_output(cell, "");
}

static void progress(unsigned done, unsigned total, unsigned failed)
{
    fprintf(stderr, "\rmockd3d12 matrix: %u of %u cells done, %u failed", done, total, failed);
    fflush(stderr);
}

static unsigned default_jobs(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);

    return cores > 0 ? (unsigned)cores : 1;
}

int matrix_run_cells(struct matrix *m)
{
    struct sigaction action, old_int, old_term;
    unsigned next = 0, running = 0, done = 0, failed = 0, total = 0, i;
    bool show = isatty(2);
    struct pollfd *fds;
    struct job *jobs;
    char *dir = m->trace_dir;
    const char *tmp = getenv("TMPDIR");
    int ret = CLI_OK;

    for (i = 0; i < m->cell_count; ++i)
        total += matrix_in_shard(m, i);
    if (!m->jobs)
        m->jobs = default_jobs();
    if (m->jobs > total)
        m->jobs = total ? total : 1;
    snprintf(dir, sizeof(m->trace_dir), "%s/mockd3d12-matrix-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
    {
        dir[0] = 0;
        fprintf(stderr, "mockd3d12 matrix: cannot make a directory for the traces in %s: %s\n",
                tmp && *tmp ? tmp : "/tmp", strerror(errno));
        return CLI_FAILED;
    }
    jobs = calloc(m->jobs, sizeof(*jobs));
    fds = calloc(m->jobs, sizeof(*fds));
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
        progress(0, total, 0);
    while (done < total && !interrupted)
    {
        unsigned polled = 0;
        double t, wait = 1e9;

        /* Start cells while there are free slots. */
        while (running < m->jobs && next < m->cell_count)
        {
            unsigned index = next++;

            if (!matrix_in_shard(m, index))
                continue;
            if (start_job(m, &jobs[running], index, dir))
                ++running;
            else
            {
                ++done;
                ++failed;
                if (show)
                    progress(done, total, failed);
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
            fprintf(stderr, "mockd3d12 matrix: poll: %s\n", strerror(errno));
            interrupted = SIGTERM;
            ret = CLI_FAILED;
            break;
        }
        for (i = 0; i < running; ++i)
        {
            unsigned k;

            for (k = 0; k < polled; ++k)
                if (fds[k].fd == jobs[i].fd && fds[k].revents)
                    read_job(&m->cells[jobs[i].cell], &jobs[i]);
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
                finish_job(m, &jobs[i]);
                failed += matrix_cell_failed(&m->cells[jobs[i].cell]);
                ++done;
                jobs[i] = jobs[--running];
                if (show)
                    progress(done, total, failed);
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
            fprintf(stderr, "\nmockd3d12 matrix: interrupted; the cells still running were killed\n");
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
