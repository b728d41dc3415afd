"""The command line that puts one student run inside bubblewrap (`bwrap`), and the check that it works.

bubblewrap asks the kernel for new namespaces, so the kernel enforces the isolation: the run sees a
mount tree of its own (read-only system folders and one copy of the few /etc files they need, the
folders its command names, a private `/sandbox` working folder where the files it may read are bound
read-only from the grader's staging folder, private `/tmp` and `/dev/shm`, a `/proc` of its own
processes only), has no network, cannot see or signal any process outside, and when its first
process ends (or the grader kills bwrap at the timeout) the kernel ends every process of the run.
When the grader is root, bwrap runs as an unprivileged account (`setpriv` switches to it just before
bwrap starts) and makes a user namespace for the run; then `prlimit` sets the resource limits and
starts the program.
Everything here only builds argument lists (the part shared by a class's runs once); `sandbox`
starts and watches the process, `staging` makes the folders bound into runs.
"""

from __future__ import annotations

import functools
import math
import os
import shlex
import shutil
import stat
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rawdeal.errors import UsageError
from rawdeal.grading import staging

BWRAP = "bwrap"  # the program (a test points it at a stand-in)
WORK = "/sandbox"  # the run's working folder, inside the sandbox
PATH = "/usr/local/bin:/usr/bin:/bin"
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
ETC = ("/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
       "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/dotnet")
INSIDE = (*SYSTEM, "/etc", "/dev", "/proc", WORK)  # paths that mean something else inside: never bound
NOBODY = 65534
FIX = (
    "The sandbox needs bubblewrap and user namespaces (docs/grading-sandbox.md). To fix: install them "
    "(apt-get install bubblewrap util-linux); enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, "
    "user.max_user_namespaces > 0; on Ubuntu 24.04 also kernel.apparmor_restrict_unprivileged_userns=0); in Docker, "
    "run the container with --security-opt seccomp=unconfined --security-opt apparmor=unconfined, or --privileged. "
    "For programs you trust, --sandbox none runs them without isolation."
)


@dataclass(frozen=True)
class Caps:
    """Resource limits applied inside the sandbox (see `Limits` for the meaning of each)."""

    cpu: int
    memory: int
    processes: int
    open_files: int
    file_size: int
    disk: int


@dataclass(frozen=True)
class Account:
    """Who the program runs as when the grader is root: an unprivileged uid and gid."""

    uid: int
    gid: int


@functools.cache
def account(user: str | None) -> Account | None:
    """The account programs run as: None when the grader is not root (then they run as the grader,
    inside a user namespace); as root, `user` or else `nobody` (uid 65534 when the name is unknown)."""
    if os.geteuid() != 0:
        if user:
            raise UsageError(f"--user {user}: running programs as another user needs root")
        return None
    import pwd

    try:
        entry = pwd.getpwnam(user or "nobody")
    except KeyError:
        if user:
            raise UsageError(f"--user {user}: no such user on this machine") from None
        return Account(NOBODY, NOBODY)
    if entry.pw_uid == 0:
        raise UsageError(f"--user {user}: programs must not run as root")
    return Account(entry.pw_uid, entry.pw_gid)


def cpu_seconds(timeout: float) -> int:
    """CPU seconds a process may use: the wall-clock timeout, rounded up, plus one."""
    return math.ceil(timeout) + 1


def inside(path: str) -> bool:
    """Whether `path` has a meaning of its own inside the sandbox (a system folder, /proc, /dev...);
    a host path under /tmp is bound over the private /tmp."""
    return path == "/" or any(path == top or path.startswith(top + "/") for top in INSIDE)


def readable(argv: Sequence[str], extra: Iterable[str] = ()) -> list[str]:
    """Host paths bound read-only at the same place: the folder of every existing file the command
    names by absolute path (a folder: itself; inside a shell string too, as in `sh -c 'cd /x && ...'`),
    a Python virtual environment's whole tree when the program is one of its scripts, and the `extra`
    paths. Nested paths are covered by their parent."""
    found: list[str] = []
    for word in (token for w in argv for token in _tokens(w)):
        if os.path.isabs(word) and not inside(os.path.normpath(word)) and os.path.exists(word):
            path = os.path.normpath(word)
            found.extend(_install(path if os.path.isdir(path) else os.path.dirname(path)))
    found.extend(os.path.normpath(os.path.abspath(p)) for p in extra)
    chosen: list[str] = []
    for path in sorted(set(found), key=len):
        if not inside(path) and not any(path == c or path.startswith(c.rstrip("/") + "/") for c in chosen):
            chosen.append(path)
    return sorted(chosen)


def _tokens(word: str) -> list[str]:
    """A word, or the words of a shell string (a word holding spaces)."""
    if not any(c.isspace() for c in word):
        return [word]
    try:
        return [word, *shlex.split(word)]
    except ValueError:
        return [word, *word.split()]


@functools.lru_cache(maxsize=256)
def _install(folder: str) -> tuple[str, ...]:
    """`folder`, or when it is the `bin` of a virtual environment: the environment, its base
    interpreter's prefix and the source folders its `.pth` files add (editable installs)."""
    root = os.path.dirname(folder)
    config = os.path.join(root, "pyvenv.cfg")
    if os.path.basename(folder) != "bin" or not os.path.isfile(config):
        return (folder,)
    found = [root]
    try:
        with open(config, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.partition("=")
                if key.strip() == "home" and os.path.isabs(value.strip()):
                    found.append(os.path.dirname(value.strip()))
    except (OSError, UnicodeDecodeError):
        pass
    for pth in _pth_files(root):
        try:
            with open(pth, encoding="utf-8") as f:
                found += [p for p in (line.strip() for line in f) if os.path.isabs(p) and os.path.isdir(p)]
        except (OSError, UnicodeDecodeError):
            pass
    return tuple(found)


def _pth_files(root: str) -> list[str]:
    lib = os.path.join(root, "lib")
    try:
        versions = [os.path.join(lib, d, "site-packages") for d in os.listdir(lib) if d.startswith("python")]
    except OSError:
        return []
    out = []
    for site in versions:
        try:
            out += [os.path.join(site, n) for n in sorted(os.listdir(site)) if n.endswith(".pth")]
        except OSError:
            pass
    return out


def locate(argv: Sequence[str]) -> list[str]:
    """`argv` with a bare program name the sandbox's PATH lacks replaced by where the grader finds it
    (a `rawdeal` or `dotnet` installed outside /usr), which `readable` then binds."""
    return [_where(argv[0]), *argv[1:]] if argv else []


@functools.lru_cache(maxsize=64)
def _where(word: str) -> str:
    if "/" in word or shutil.which(word, path=PATH):
        return word
    found = shutil.which(word)
    return os.path.abspath(found) if found else word


@functools.cache
def _system() -> tuple[str, ...]:
    """Binds of the system folders, as this machine has them (merged /usr: symlinks), and of one
    read-only copy of the few /etc files programs need (one mount instead of one a file)."""
    args: list[str] = []
    for path in SYSTEM:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            args += ["--ro-bind", path, path]
    copy = staging.etc(ETC)
    return (*args, *(["--ro-bind", copy, "/etc"] if copy else []))


@dataclass(frozen=True)
class Launch:
    """The command line that starts a run (bwrap, or `setpriv` switching to the programs' account first)."""

    argv: tuple[str, ...]


def command(
    argv: Sequence[str], staged: Sequence[tuple[str, str]], caps: Caps, who: Account | None, binds: Sequence[str],
    env: Mapping[str, str], hidden: Sequence[str] = (), writable: Sequence[str] = (), info_fd: int | None = None,
    own_network: bool = True,
) -> Launch:
    """The whole `[setpriv ...] bwrap ... -- [setpriv ... unshare ... --] prlimit ... -- argv` command line.
    `staged` pairs a host path with the name it has inside the working folder (read-only: the files
    the run may read, see `staging`); `binds` are host paths readable at the same place, except the
    `hidden` ones; `writable` host folders are bound read-write at the same place. bwrap writes its
    first process's pid (outside the run) as JSON to `info_fd`. Without `own_network` the run stays
    in the network namespace bwrap starts in.

    As root, bwrap itself runs as the account `who` when the account can reach every bind (it then
    makes the user namespace, as for any user): `setpriv` switches before bwrap starts (the grader
    then starts it with vfork, far cheaper than a fork of its own large process). Otherwise bwrap runs
    as root, to reach them, and `setpriv` and `unshare` switch inside."""
    direct = who is not None and all(_searchable(path, who) for path in (*binds, *writable, *(h for h, _ in staged)))
    head = _head(who, direct, tuple(binds), tuple(env.items()), tuple(hidden), tuple(writable), caps.disk,
                 own_network)
    args = [*head, *(["--info-fd", str(info_fd)] if info_fd is not None else [])]
    for host, name in staged:
        args += ["--ro-bind", host, f"{WORK}/{name}"]
    return Launch((*args, *_tail(who, direct, caps), *argv))


def box_head(who: Account | None, binds: Sequence[str], env: Mapping[str, str], hidden: Sequence[str] = (),
             writable: Sequence[str] = (), disk: int = 64 << 20) -> tuple[str, ...] | None:
    """The command line, up to the runner, of a long-lived sandbox (see `box`): the same as a run's,
    plus the grader's staging folder at `staging.STAGE` and the capabilities the runner needs inside
    the sandbox's user namespace to make each run's namespaces and mounts (it drops them all before a
    program starts). None when bwrap would have to run as root, or when a folder is bound under /tmp,
    which each run's fresh /tmp would hide (then a bubblewrap a run)."""
    direct = who is None or all(_searchable(path, who) for path in (*binds, *writable, staging.base()))
    if not direct or any(path == "/tmp" or path.startswith("/tmp/") for path in (*binds, *writable)):
        return None
    head = _head(who, True, tuple(binds), tuple(env.items()), tuple(hidden), tuple(writable), disk, True)
    return (*head, "--cap-add", "CAP_SYS_ADMIN", "--cap-add", "CAP_SETPCAP", "--cap-add", "CAP_NET_ADMIN",
            "--ro-bind", staging.base(), staging.STAGE, "--remount-ro", "/dev", "--remount-ro", "/", "--chdir", "/",
            "--")


def box_setup(caps: Caps, env: Mapping[str, str], runner_processes: int = 2) -> dict[str, object]:
    """What the runner needs to start each run: the environment, the private folders' size and the
    limits (processes: the run's own plus the runner and the run's first process, counted with it)."""
    variables = {"PATH": PATH, "HOME": WORK, "TMPDIR": "/tmp", "LANG": "C.UTF-8", **dict(env)}
    limits = {"RLIMIT_CPU": [caps.cpu, caps.cpu + 1], "RLIMIT_DATA": [caps.memory, caps.memory],
              "RLIMIT_NPROC": [caps.processes + runner_processes] * 2, "RLIMIT_NOFILE": [caps.open_files] * 2,
              "RLIMIT_FSIZE": [caps.file_size] * 2, "RLIMIT_CORE": [0, 0]}
    return {"env": variables, "disk": caps.disk, "limits": limits, "stage": True}


@functools.lru_cache(maxsize=64)
def _head(who: Account | None, direct: bool, binds: tuple[str, ...], env: tuple[tuple[str, str], ...],
          hidden: tuple[str, ...], writable: tuple[str, ...], disk: int, own_network: bool) -> tuple[str, ...]:
    """The part of the command line that is the same for every run of a class (computed once)."""
    inner = None if direct else who
    size = str(disk)
    args = [*(_drop(who) if direct and who is not None else []), BWRAP, "--unshare-pid",
            *(["--unshare-net"] if own_network else []), "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--clearenv"]
    if inner is None:
        args += ["--unshare-user", "--disable-userns"]  # started as an ordinary user: a user namespace does it
    else:
        args += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]  # setpriv's, then none
    variables = {"PATH": PATH, "HOME": WORK, "TMPDIR": "/tmp", "LANG": "C.UTF-8", **dict(env)}
    for name, value in variables.items():
        args += ["--setenv", name, value]
    # No --new-session (a session is a scheduling group of its own on Linux, costlier than a small
    # program's run): /dev/tty, the only way to the grader's terminal, cannot be opened instead.
    args += [*_system(), "--proc", "/proc", "--dev", "/dev", "--ro-bind", "/dev/null", "/dev/tty",
             "--size", size, "--perms", "1777", "--tmpfs", "/dev/shm",
             "--size", size, "--perms", "1777", "--tmpfs", "/tmp",
             "--size", size, "--perms", "0777", "--tmpfs", WORK]
    made = set()
    for path, how in [*((p, "--ro-bind") for p in binds), *((p, "--bind") for p in writable)]:
        for parent in _parents(path):
            if parent not in made:
                made.add(parent)
                args += ["--perms", "0755", "--dir", parent]  # not the host's modes (a 0700 /root hides all)
        args += [how, path, path]
    for cover in covers([*binds, *writable], hidden):
        args += ["--size", "4096", "--perms", "0555", "--tmpfs", cover]
    return tuple(args)


@functools.lru_cache(maxsize=64)
def _tail(who: Account | None, direct: bool, caps: Caps) -> tuple[str, ...]:
    inner = None if direct else who
    args = ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", WORK, "--"]  # bwrap's own tmpfs: no size cap
    if inner is not None:  # drop to the account, then a user namespace of the run's own (see `limits`)
        args += [*_drop(inner), "unshare", "--user", "--"]
    return (*args, *limits(caps))


def _drop(who: Account) -> list[str]:
    """`setpriv` switching to `who`: no supplementary groups, no capabilities left to inherit."""
    return ["setpriv", f"--reuid={who.uid}", f"--regid={who.gid}", "--clear-groups", "--inh-caps=-all", "--"]


@functools.lru_cache(maxsize=256)
def _searchable(path: str, who: Account) -> bool:
    """Whether `who` (no supplementary groups) may look up `path`: search permission on every folder
    above it, by its name and by its real path. Access control lists are not read (then: no)."""
    for name in {path, os.path.realpath(path)}:
        folder = os.path.dirname(name)
        while True:
            try:
                info = os.stat(folder)
            except OSError:
                return False
            bit = stat.S_IXUSR if info.st_uid == who.uid else stat.S_IXGRP if info.st_gid == who.gid else stat.S_IXOTH
            if not info.st_mode & bit:
                return False
            if folder == "/":
                break
            folder = os.path.dirname(folder)
    return True


def limits(caps: Caps) -> list[str]:
    """What sets the run's limits and then becomes the program, run inside the run's own user
    namespace: there the kernel counts the processes of the run alone, so one run's fork bomb leaves
    other runs of the same account their share (outside one, every process of the account would
    count). Debian's `dash` with its `ulimit` builtin where there is one (a smaller program to start
    than `prlimit`: about 1 ms less a run), else `prlimit`."""
    shell = _dash()
    if shell is None:
        return ["prlimit", f"--cpu={caps.cpu}:{caps.cpu + 1}", f"--data={caps.memory}",
                f"--nproc={caps.processes}", f"--nofile={caps.open_files}", f"--fsize={caps.file_size}", "--core=0",
                "--"]
    # dash's units: -d KiB, -f and -c 512-byte blocks; -p processes; both soft and hard unless -S/-H.
    steps = [f"-St {caps.cpu}", f"-Ht {caps.cpu + 1}", f"-d {caps.memory // 1024}", f"-p {caps.processes}",
             f"-n {caps.open_files}", f"-f {caps.file_size // 512}", "-c 0"]
    return [shell, "-c", " && ".join(f"ulimit {step}" for step in steps) + ' && exec "$@"', "rawdeal"]


@functools.cache
def _dash() -> str | None:
    """Debian's dash, whose `ulimit` options and units `limits` relies on (bash's differ)."""
    found = shutil.which("dash", path=PATH)
    return os.path.realpath(found) if found and os.path.basename(os.path.realpath(found)) == "dash" else None


def covers(binds: Sequence[str], hidden: Sequence[str]) -> list[str]:
    """Where, inside the sandbox, a readable folder shows a hidden one (compared by real path, so a
    symbolic link to the bank is caught too): each gets an empty folder over it."""
    out = []
    for bind in binds:
        real = os.path.realpath(bind)
        for secret in map(os.path.realpath, hidden):
            if secret == real or secret.startswith(real.rstrip("/") + "/"):
                out.append(os.path.normpath(os.path.join(bind, os.path.relpath(secret, real))))
    return sorted(set(out))


def _parents(path: str) -> list[str]:
    """The folders above `path`, top first, that the sandbox does not have already."""
    out = []
    path = os.path.dirname(path)
    while path not in ("/", "/tmp") and not inside(path):  # /tmp: the private one, mounted before
        out.append(path)
        path = os.path.dirname(path)
    return out[::-1]


def check(who: Account | None, binds: Sequence[str], hidden: Sequence[str] = (), writable: Sequence[str] = ()) -> None:
    """Fail with a usage error saying why and how to fix it, when a sandbox cannot be made here."""
    tools = (BWRAP, "setpriv", "unshare", *([] if _dash() else ["prlimit"]))
    missing = [tool for tool in tools if shutil.which(tool, path=PATH) is None]
    if missing:
        raise UsageError(f"the sandbox needs {' and '.join(missing)}, not found in {PATH}. {FIX}")
    caps = Caps(cpu=5, memory=1 << 28, processes=16, open_files=64, file_size=1 << 20, disk=1 << 20)
    try:
        launch = command(["true"], [], caps, who, binds, {}, hidden, writable)
        done = subprocess.run(launch.argv, capture_output=True, timeout=20, env={"PATH": PATH},
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError) as exc:
        raise UsageError(f"cannot start bubblewrap: {exc}. {FIX}") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip()[-300:] or f"exit code {done.returncode}"
        raise UsageError(f"cannot make a sandbox here ({said}). {FIX}")
