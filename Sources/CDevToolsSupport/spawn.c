#include "CDevToolsSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <unistd.h>

// Child-side pipe ends are moved to descriptors >= this before the dup2 actions, so a
// pipe end that happens to be fd 3 or 4 is not overwritten before it is duplicated.
#define CDT_HIGH_FD 10

static int high_cloexec(int fd) {
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, CDT_HIGH_FD);
    int saved = errno;
    close(fd);
    errno = saved;
    return moved;
}

static void close_all(int *fds, int count) {
    for (int i = 0; i < count; i++) if (fds[i] >= 0) close(fds[i]);
}

int cdt_spawn_browser(const char *path, char *const argv[], char *const envp[],
                      cdt_spawned_browser *out) {
    int commands[2], replies[2], errors[2];
    int fds[6] = {-1, -1, -1, -1, -1, -1};
    if (pipe2(commands, O_CLOEXEC) != 0) return errno;
    fds[0] = commands[0]; fds[1] = commands[1];
    if (pipe2(replies, O_CLOEXEC) != 0) { int e = errno; close_all(fds, 6); return e; }
    fds[2] = replies[0]; fds[3] = replies[1];
    if (pipe2(errors, O_CLOEXEC) != 0) { int e = errno; close_all(fds, 6); return e; }
    fds[4] = errors[0]; fds[5] = errors[1];

    // Child ends: commands[0] -> 3, replies[1] -> 4, errors[1] -> 2.
    int child_in = high_cloexec(commands[0]);
    fds[0] = child_in;
    int child_out = high_cloexec(replies[1]);
    fds[3] = child_out;
    int child_err = high_cloexec(errors[1]);
    fds[5] = child_err;
    if (child_in < 0 || child_out < 0 || child_err < 0) { int e = errno; close_all(fds, 6); return e; }

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) { close_all(fds, 6); return rc; }
    rc = posix_spawnattr_init(&attributes);
    if (rc != 0) { posix_spawn_file_actions_destroy(&actions); close_all(fds, 6); return rc; }

    if (rc == 0) rc = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (rc == 0) rc = posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, child_err, 2);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, child_in, 3);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, child_out, 4);
    if (rc == 0) rc = posix_spawn_file_actions_addclosefrom_np(&actions, 5);
    // Own process group, so shutdown can signal the browser and all of its helpers at once.
    if (rc == 0) rc = posix_spawnattr_setpgroup(&attributes, 0);
    if (rc == 0) rc = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);

    pid_t pid = -1;
    if (rc == 0) rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);

    close(child_in); close(child_out); close(child_err);
    if (rc != 0) { close(commands[1]); close(replies[0]); close(errors[0]); return rc; }

    out->pid = pid;
    out->command_fd = commands[1];
    out->reply_fd = replies[0];
    out->stderr_fd = errors[0];
    return 0;
}

int cdt_wake_fd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}
