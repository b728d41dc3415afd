"""The trusted runner inside one long-lived bubblewrap sandbox: it starts each run of a submission in
namespaces of the run's own, so that one bubblewrap serves a submission's runs (see `box`).

It runs (with the interpreter's own `-I -S`, never importing rawdeal) as the sandbox's only
long-lived process, holding the capabilities bubblewrap left it inside the sandbox's user namespace.
For each run the grader sends, over a socket only it and this process hold, the run's argv and the
staged folder entries it may read, with the run's three pipe ends; this process then clones a child
in a new pid, mount, network, IPC and UTS namespace and hands the grader a pidfd of it. That child
(pid 1 of the run, like bubblewrap's own init) mounts the run's private `/proc`, `/tmp`, `/dev/shm`
and working folder, binds the staged entries, covers the staging folder, drops every
capability and becomes undumpable, then starts the program (pid 2): the limits, a seccomp filter
refusing the kernel keyring (the one per-user store not split by namespaces: runs of the sandbox
share its user), then exec. When the program ends, pid 1 exits with its status (128 + N for a
signal, as bubblewrap does), and the kernel ends every other process of the run.

The program runs as the same user as this process but cannot reach it: this process lives in the
parent pid namespace (invisible, so it cannot be signalled, traced or read through /proc), keeps no
descriptor the run inherits, and shares no writable mount with it. The message sent never holds a
test's input (the grader writes stdin itself) nor any expected output.
"""

from __future__ import annotations

import ctypes
import fcntl
import gc
import json
import os
import resource
import signal
import socket
import struct
import sys
from typing import Optional, Tuple

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWPID, CLONE_NEWNET = 0x20000, 0x4000000, 0x8000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 8, 32, 4096, 16384, 1 << 18
PR_SET_DUMPABLE, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, PR_SET_SECCOMP, PR_CAPBSET_DROP = 4, 47, 4, 22, 24
SECCOMP_MODE_FILTER = 2
SYSCALLS = {  # machine: (clone, pidfd_open, capset, audit arch, keyring calls add_key, request_key, keyctl)
    "x86_64": (56, 434, 126, 0xC000003E, (248, 249, 250)),
    "aarch64": (220, 434, 91, 0xC00000B7, (217, 218, 219)),
}
EPERM = 1
DEFAULT_SIGNALS = (signal.SIGPIPE, signal.SIGXFSZ)  # ignored by this interpreter: the program gets them back
FORK_BELOW = 256 << 20  # a data limit under which the program is forked (this interpreter may hold more)
STAGE = "/.rawdeal-stage"
WORK = "/sandbox"
PROC_COVERS = ("sys", "sysrq-trigger", "irq", "bus")  # read-only over the run's /proc, as bubblewrap does


Mount = Tuple[Optional[bytes], bytes, Optional[bytes], int, Optional[bytes]]  # works on older interpreters too


class Plan:
    """Everything a run's first process does that is the same for every run, computed once, so that
    the (copied) interpreter does as little as it can between the clone and the program."""

    def __init__(self, setup: dict[str, object]) -> None:
        self.libc = ctypes.PyDLL(None, use_errno=True)  # PyDLL keeps the GIL: a raw clone copies a consistent interpreter
        self.clone, self.pidfd_open, self.capset, arch, keyring = SYSCALLS[os.uname().machine]
        size = f"size={setup['disk']}"
        fixed: list[Mount] = []
        if _shared():  # nothing of a run's may propagate back (bubblewrap leaves its mounts private)
            fixed.append((None, b"/", None, MS_REC | MS_PRIVATE, None))
        fixed.append((b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None))
        for name in PROC_COVERS:
            cover = f"/proc/{name}".encode()
            if os.path.exists(cover):
                fixed += [(cover, cover, None, MS_BIND | MS_REC, None),
                          (None, cover, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, None)]
        for folder, mode in (("/tmp", "1777"), ("/dev/shm", "1777"), (WORK, "0777")):
            fixed.append((b"tmpfs", folder.encode(), b"tmpfs", MS_NOSUID | MS_NODEV, f"{size},mode={mode}".encode()))
        self.fixed = fixed
        self.cover: Mount = (b"tmpfs", STAGE.encode(), b"tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY,
                             b"size=4096,mode=0555")
        with open("/proc/sys/kernel/cap_last_cap", "rb") as f:
            self.last_cap = int(f.read())
        self.cap_header = struct.pack("Ii", 0x20080522, 0)
        self.cap_data = bytes(24)
        self.ifreq = struct.pack("16sH14x", b"lo", 0x1 | 0x8 | 0x40)  # UP, LOOPBACK, RUNNING
        self.env = {str(k): str(v) for k, v in setup["env"].items()}  # type: ignore[attr-defined]
        self.limits = [(getattr(resource, name), (int(soft), int(hard)))
                       for name, (soft, hard) in setup["limits"].items()]  # type: ignore[attr-defined]
        memory = dict(setup["limits"]).get("RLIMIT_DATA", [0])[0]  # type: ignore[call-overload]
        self.fork = int(memory) < FORK_BELOW
        program = _keyring_filter(arch, keyring)
        self.filter_code = ctypes.create_string_buffer(program, len(program))
        self.filter = struct.pack("HxxxxxxQ", len(program) // 8, ctypes.addressof(self.filter_code))


def main() -> None:
    setup = json.loads(sys.argv[1])
    plan = Plan(setup)
    sock = socket.socket(fileno=int(setup["fd"]))
    os.set_inheritable(sock.fileno(), False)
    gc.disable()  # a run's first process is a copy of this one: no collection may touch (copy) its pages
    gc.freeze()
    flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | 17  # SIGCHLD
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(sock, 1 << 20, 3)
        except OSError:
            return
        if not data or len(fds) != 3:
            return
        run = json.loads(data)
        # A raw clone into new namespaces: like fork, with no other thread to worry about (there is one).
        pid = int(plan.libc.syscall(plan.clone, flags, 0, 0, 0, 0))
        if pid == 0:
            try:
                sock.close()
                _init(plan, run, fds)
            finally:
                os._exit(1)
        for fd in fds:
            os.close(fd)
        if pid < 0:
            sock.send(json.dumps({"error": os.strerror(ctypes.get_errno())}).encode())
            continue
        pidfd = int(plan.libc.syscall(plan.pidfd_open, pid, 0))
        socket.send_fds(sock, [json.dumps({"pid": pid}).encode()], [pidfd] if pidfd >= 0 else [])
        if pidfd >= 0:
            os.close(pidfd)
        _, status = os.waitpid(pid, 0)
        sock.send(json.dumps({"status": os.waitstatus_to_exitcode(status)}).encode())


def _shared() -> bool:
    with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as f:
        return any(" shared:" in line for line in f)


def _init(plan: Plan, run: dict[str, object], fds: list[int]) -> None:
    """Pid 1 of the run: its mounts, no capability left, the limits and the filter (inherited by the
    program), the program as pid 2 (started with vfork), then its exit status."""
    os.dup2(fds[0], 0)
    os.dup2(fds[1], 1)
    os.dup2(fds[2], 2)
    os.closerange(3, 1 << 16)
    argv = [str(a) for a in run["argv"]]  # type: ignore[attr-defined]
    try:
        _mounts(plan, run["staged"])  # type: ignore[arg-type]
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:  # loopback up, as bubblewrap leaves it
            fcntl.ioctl(s, 0x8914, plan.ifreq)  # SIOCSIFFLAGS
        _drop_capabilities(plan)
    except OSError as exc:
        os.write(2, f"rawdeal sandbox: cannot set up the run: {exc}\n".encode())
        os._exit(1)
    try:
        if plan.fork:  # a memory limit below this interpreter's own size: set in the program's process alone
            pid = os.fork()
            if pid == 0:
                for number in DEFAULT_SIGNALS:
                    signal.signal(number, signal.SIG_DFL)
                _limit(plan, argv)
                os.execvpe(argv[0], argv, plan.env)
        else:  # on this process, inherited by the program, which is started with vfork: far cheaper than a fork
            _limit(plan, argv)
            pid = os.posix_spawnp(argv[0], argv, plan.env, setsigdef=DEFAULT_SIGNALS, setsigmask=())
    except OSError as exc:
        os.write(2, f"rawdeal sandbox: cannot run {argv[0]}: {exc.strerror}\n".encode())
        os._exit(127)
    os.close(0)
    os.close(1)
    os.close(2)
    while True:
        try:
            done, status = os.waitpid(-1, 0)
        except ChildProcessError:
            os._exit(1)
        if done == pid:
            code = os.waitstatus_to_exitcode(status)
            os._exit(128 - code if code < 0 else code)


def _limit(plan: Plan, argv: list[str]) -> None:
    """The run's limits and the seccomp filter, on the calling process."""
    for which, pair in plan.limits:
        resource.setrlimit(which, pair)
    if plan.libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, plan.filter, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "seccomp")


def _mounts(plan: Plan, staged: list[tuple[str, str]]) -> None:
    for mount in plan.fixed:
        _mount(plan, *mount)
    for source, name in staged:  # bound read-only: a bind keeps the read-only flag of the grader's folder's mount
        target = os.path.join(WORK, name)
        if os.path.isdir(source):
            os.mkdir(target, 0o755)
        else:
            os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o444))
        _mount(plan, os.fsencode(source), os.fsencode(target), None, MS_BIND | MS_REC, None)
    _mount(plan, *plan.cover)  # the grader's staging folder, covered (locked in the run's namespace: no unmount)
    os.chdir(WORK)


def _mount(plan: Plan, source: bytes | None, target: bytes, kind: bytes | None, flags: int, data: bytes | None) -> None:
    if plan.libc.mount(source, target, kind, ctypes.c_ulong(flags), data) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {target.decode(errors='replace')}: {os.strerror(err)}")


def _drop_capabilities(plan: Plan) -> None:
    """No capability left (bounding, ambient, inheritable, permitted, effective) and not dumpable, so
    that the program (same user) cannot trace this process either."""
    prctl = plan.libc.prctl
    for cap in range(plan.last_cap + 1):
        if prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot drop the capability bounding set")
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    if plan.libc.syscall(plan.capset, plan.cap_header, plan.cap_data) != 0:
        raise OSError(ctypes.get_errno(), "capset")
    if prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "cannot make the run's first process undumpable")


def _keyring_filter(arch: int, calls: tuple[int, ...]) -> bytes:
    """A classic BPF seccomp program: other architectures' calls killed, x32 and keyring calls refused."""
    def op(code: int, jt: int, jf: int, k: int) -> bytes:
        return struct.pack("HBBI", code, jt, jf, k)

    ld, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06  # BPF_LD|W|ABS, BPF_JMP|JEQ|K, BPF_JMP|JGE|K, BPF_RET|K
    allow, kill, refuse = 0x7FFF0000, 0x80000000, 0x00050000 | EPERM  # ALLOW, KILL_PROCESS, ERRNO(EPERM)
    prog = [op(ld, 0, 0, 4), op(jeq, 1, 0, arch), op(ret, 0, 0, kill), op(ld, 0, 0, 0),
            op(jge, len(calls) + 1, 0, 0x40000000)]
    for i, call in enumerate(calls):
        prog.append(op(jeq, len(calls) - i, 0, call))
    prog += [op(ret, 0, 0, allow), op(ret, 0, 0, refuse)]
    return b"".join(prog)


if __name__ == "__main__":
    main()
