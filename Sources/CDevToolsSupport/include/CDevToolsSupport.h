#ifndef CDEVTOOLSSUPPORT_H
#define CDEVTOOLSSUPPORT_H

#include <sys/types.h>

/// File descriptors of a browser started by `cdt_spawn_browser`, as seen from the parent.
typedef struct {
    pid_t pid;
    /// Write end of the pipe the browser reads commands from (its fd 3).
    int command_fd;
    /// Read end of the pipe the browser writes replies and events to (its fd 4).
    int reply_fd;
    /// Read end of the browser's stderr.
    int stderr_fd;
} cdt_spawned_browser;

/// Starts `path` with `argv`/`envp` in a new process group, wiring fds 3 and 4 to
/// close-on-exec pipes (the Chromium `--remote-debugging-pipe` convention), stdin and
/// stdout to /dev/null and stderr to a pipe. Every other descriptor is closed in the child.
/// Returns 0 on success, otherwise an errno value; `out` is filled only on success.
int cdt_spawn_browser(const char *path, char *const argv[], char *const envp[],
                      cdt_spawned_browser *out);

/// A non-blocking, close-on-exec eventfd for waking a thread blocked in poll(2); -1 on error.
int cdt_wake_fd(void);

/// A process started by `cdt_spawn_supervised`, as seen from the parent.
typedef struct {
    /// The supervisor: a child of this process that owns the app's process group.
    pid_t supervisor_pid;
    /// The app: the leader of its own process group (its pid is the group's id).
    pid_t pid;
    /// Write end of the lifeline. Closing it (as the kernel does when this process dies, even
    /// by SIGKILL) makes the supervisor end the app's whole group: SIGTERM, then SIGKILL after
    /// the grace period.
    int lifeline_fd;
    /// Read end of the app's standard output and standard error (one pipe, in order).
    int output_fd;
    /// Read end of the supervisor's reports: pairs of int32 (`CDT_REPORT_EXITED`, wait status)
    /// once the app's leader has exited; end of file once nothing of the group runs and the
    /// supervisor has exited.
    int report_fd;
} cdt_supervised_process;

/// The report the supervisor sends when the app's leader has exited; the value is its wait status.
#define CDT_REPORT_EXITED 3

/// Starts `path` (an absolute path) with `argv`/`envp` in `directory` (or this process's own
/// when NULL) under a supervisor process, so that nothing of it outlives this process:
///
/// - the supervisor is forked from this process, renames itself `lab-supervisor`, closes every
///   descriptor but its three pipes, moves to a process group of its own (a signal to the test's
///   group reaches it only through the lifeline) and becomes a child subreaper (orphaned
///   descendants of the app are reparented to it and reaped by it);
/// - the app runs in a new process group, with stdin from /dev/null and stdout and stderr on
///   one pipe; if the supervisor itself dies, the kernel kills the app's leader
///   (`PR_SET_PDEATHSIG`);
/// - when the lifeline reaches end of file, the supervisor receives SIGTERM/SIGINT/SIGHUP, or
///   the app's leader exits, the supervisor sends SIGTERM to the group, SIGKILL after
///   `grace_ms`, reaps what it can, and exits.
///
/// Only async-signal-safe calls run between fork and exec. Returns 0 on success (the app's
/// `execve` succeeded), otherwise an errno value (that of `execve` or `chdir` when those
/// failed); `out` is filled only on success.
int cdt_spawn_supervised(const char *path, char *const argv[], char *const envp[], const char *directory,
                         int grace_ms, cdt_supervised_process *out);

#endif
