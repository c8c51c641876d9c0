#include "CDevToolsSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// The supervisor's own descriptors, once it has moved them (everything else is closed).
#define SUP_LIFELINE 3
#define SUP_REPORT 4
#define SUP_OUTPUT 5

// First report: the app started (value: its pid) or could not be started (value: errno).
#define CDT_REPORT_STARTED 1
#define CDT_REPORT_FAILED 2

static volatile sig_atomic_t stop_requested = 0;

static void request_stop(int signal_number) {
    (void)signal_number;
    stop_requested = 1;
}

static int write_all(int fd, const void *bytes, size_t count) {
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = write(fd, next, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        next += written;
        count -= (size_t)written;
    }
    return 0;
}

/// Reads exactly `count` bytes; returns how many were read before end of file or an error.
static size_t read_all(int fd, void *bytes, size_t count) {
    char *next = bytes;
    size_t done = 0;
    while (done < count) {
        ssize_t got = read(fd, next + done, count - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        done += (size_t)got;
    }
    return done;
}

static void report(int kind, int value) {
    int32_t message[2] = {kind, value};
    (void)write_all(SUP_REPORT, message, sizeof message);
}

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// Reaps every child that has exited (the app, and descendants reparented to this subreaper);
/// reports the app's leader's status once.
static void reap(pid_t app, int *app_running) {
    int status;
    pid_t done;
    while ((done = waitpid(-1, &status, WNOHANG)) > 0) {
        if (done == app && *app_running) {
            *app_running = 0;
            report(CDT_REPORT_EXITED, status);
        }
    }
}

/// Whether no process of group `group` exists any more (zombies included: this subreaper
/// reaps the ones reparented to it).
static int group_is_gone(pid_t group) {
    return kill(-group, 0) != 0 && errno == ESRCH;
}

/// Waits (reaping) until group `group` is gone or `until_ms` has passed; whether it is gone.
static int wait_for_group(pid_t group, pid_t app, int *app_running, long long until_ms) {
    for (;;) {
        reap(app, app_running);
        if (group_is_gone(group)) return 1;
        if (now_ms() >= until_ms) return 0;
        (void)poll(NULL, 0, 10);
    }
}

static void close_from(int lowest, int max_fd) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return;
#endif
    for (int fd = lowest; fd < max_fd; fd++) close(fd);
}

/// The supervisor, in the forked child: async-signal-safe calls only. Never returns.
static void supervise(const char *path, char *const argv[], char *const envp[], const char *directory, int grace_ms,
                      int lifeline, int report_fd, int output, int max_fd) {
    // Its three pipes to 3, 4, 5 (first copied above 5, so none is overwritten before it is
    // moved), then nothing else open: not the test's other pipes (another supervisor's
    // lifeline, the browser's), nor its stdout.
    int moved_lifeline = fcntl(lifeline, F_DUPFD, SUP_OUTPUT + 1);
    int moved_report = fcntl(report_fd, F_DUPFD, SUP_OUTPUT + 1);
    int moved_output = fcntl(output, F_DUPFD, SUP_OUTPUT + 1);
    if (moved_lifeline < 0 || moved_report < 0 || moved_output < 0) _exit(126);
    if (dup2(moved_lifeline, SUP_LIFELINE) < 0 || dup2(moved_report, SUP_REPORT) < 0 || dup2(moved_output, SUP_OUTPUT) < 0) _exit(126);
    close_from(SUP_OUTPUT + 1, max_fd);
    for (int fd = SUP_LIFELINE; fd <= SUP_OUTPUT; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
    int null_fd = open("/dev/null", O_RDWR);
    if (null_fd >= 0) {
        dup2(null_fd, 0);
        dup2(null_fd, 1);
        dup2(null_fd, 2);
        if (null_fd > 2) close(null_fd);
    }

    prctl(PR_SET_NAME, "lab-supervisor", 0, 0, 0);
    setpgid(0, 0);
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = request_stop;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTERM, &stop, NULL);
    sigaction(SIGINT, &stop, NULL);
    sigaction(SIGHUP, &stop, NULL);
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, NULL);
    // Children must stay waitable (a SIG_IGN inherited from the test process would reap them
    // unseen, and the app's exit status would be lost).
    struct sigaction waitable;
    memset(&waitable, 0, sizeof waitable);
    waitable.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &waitable, NULL);
    pid_t supervisor = getpid();

    int exec_errors[2];
    if (pipe2(exec_errors, O_CLOEXEC) != 0) {
        report(CDT_REPORT_FAILED, errno);
        _exit(0);
    }
    pid_t app = fork();
    if (app == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        if (getppid() != supervisor) _exit(127);  // the supervisor died before the line above
        struct sigaction plain;
        memset(&plain, 0, sizeof plain);
        plain.sa_handler = SIG_DFL;
        sigaction(SIGTERM, &plain, NULL);
        sigaction(SIGINT, &plain, NULL);
        sigaction(SIGHUP, &plain, NULL);
        sigaction(SIGPIPE, &plain, NULL);
        sigaction(SIGCHLD, &plain, NULL);
        int in = open("/dev/null", O_RDONLY);
        if (in >= 0 && in != 0) {
            dup2(in, 0);
            close(in);
        }
        dup2(SUP_OUTPUT, 1);
        dup2(SUP_OUTPUT, 2);
        int failure = 0;
        if (directory != NULL && chdir(directory) != 0) {
            failure = errno;
        } else {
            execve(path, argv, envp);
            failure = errno;
        }
        (void)write_all(exec_errors[1], &failure, sizeof failure);
        _exit(127);
    }
    int fork_error = errno;
    close(exec_errors[1]);
    close(SUP_OUTPUT);  // the app holds the output pipe now: its end of file means the app closed it
    if (app < 0) {
        report(CDT_REPORT_FAILED, fork_error);
        _exit(0);
    }
    setpgid(app, app);  // also here, so the group exists whichever process runs first
    int failure = 0;
    if (read_all(exec_errors[0], &failure, sizeof failure) == sizeof failure) {
        int status;
        while (waitpid(app, &status, 0) < 0 && errno == EINTR) {}
        report(CDT_REPORT_FAILED, failure);
        _exit(0);
    }
    close(exec_errors[0]);
    report(CDT_REPORT_STARTED, app);

    // Watch: the lifeline (end of file, or any byte, means stop), a stop signal, the app's exit.
    int app_running = 1;
    for (;;) {
        reap(app, &app_running);
        if (!app_running || stop_requested) break;
        struct pollfd lifeline_poll = {.fd = SUP_LIFELINE, .events = POLLIN, .revents = 0};
        int ready = poll(&lifeline_poll, 1, 50);
        if (ready > 0) break;  // readable or hung up: either way the test process is done with it
    }

    // End the whole group: SIGTERM, SIGKILL after the grace period, then reap.
    if (!group_is_gone(app)) {
        kill(-app, SIGTERM);
        if (!wait_for_group(app, app, &app_running, now_ms() + grace_ms)) {
            kill(-app, SIGKILL);
            (void)wait_for_group(app, app, &app_running, now_ms() + 5000);
        }
    }
    reap(app, &app_running);
    _exit(0);
}

int cdt_spawn_supervised(const char *path, char *const argv[], char *const envp[], const char *directory, int grace_ms,
                         cdt_supervised_process *out) {
    int lifeline[2], reports[2], output[2];
    if (pipe2(lifeline, O_CLOEXEC) != 0) return errno;
    if (pipe2(reports, O_CLOEXEC) != 0) {
        int e = errno;
        close(lifeline[0]); close(lifeline[1]);
        return e;
    }
    if (pipe2(output, O_CLOEXEC) != 0) {
        int e = errno;
        close(lifeline[0]); close(lifeline[1]); close(reports[0]); close(reports[1]);
        return e;
    }
    // The bound for closing descriptors one by one where close_range(2) is missing (computed
    // here: sysconf is not async-signal-safe).
    long open_max = sysconf(_SC_OPEN_MAX);
    int max_fd = (open_max > 0 && open_max < 65536) ? (int)open_max : 65536;

    pid_t supervisor = fork();
    if (supervisor < 0) {
        int e = errno;
        close(lifeline[0]); close(lifeline[1]); close(reports[0]); close(reports[1]); close(output[0]); close(output[1]);
        return e;
    }
    if (supervisor == 0) supervise(path, argv, envp, directory, grace_ms, lifeline[0], reports[1], output[1], max_fd);

    close(lifeline[0]);
    close(reports[1]);
    close(output[1]);
    int32_t first[2] = {0, 0};
    size_t got = read_all(reports[0], first, sizeof first);
    if (got == sizeof first && first[0] == CDT_REPORT_STARTED) {
        out->supervisor_pid = supervisor;
        out->pid = first[1];
        out->lifeline_fd = lifeline[1];
        out->output_fd = output[0];
        out->report_fd = reports[0];
        return 0;
    }
    int error = (got == sizeof first && first[0] == CDT_REPORT_FAILED) ? first[1] : ECHILD;
    close(lifeline[1]);
    close(reports[0]);
    close(output[0]);
    int status;
    while (waitpid(supervisor, &status, 0) < 0 && errno == EINTR) {}
    return error;
}
