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

#endif
