"""Gradescope's autograder archive: the bank, a rawdeal wheel, `setup.sh` and `run_autograder`.

Gradescope builds one image from the archive (running `setup.sh` once), then runs `run_autograder`
in a fresh container per submission: the submission is in `/autograder/submission`, and the
results go to `/autograder/results/results.json`. Here `run_autograder` grades the submission over
the course's protocol against the bank packed in the archive, each run in rawdeal's bubblewrap
sandbox as an unprivileged user (see `sandbox`), so the program cannot read the bank. Every path
it uses can be pointed elsewhere by the environment (`AUTOGRADER_ROOT`, `RAWDEAL`, `RAWDEAL_USER`,
and `RAWDEAL_SANDBOX=none` where the image allows no namespaces), which is how the tests run it.
The course's own tools come in through `--setup` (lines of setup.sh) and `--build` (run once on the
submission before any test); every run of one submission shares one HOME, so a program's caches are
made once. The archive's README says which lines to adapt.
The archive's bytes depend only on its inputs (fixed timestamps, sorted entries).
"""

from __future__ import annotations

import io
import os
import shlex
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from rawdeal.errors import UsageError
from rawdeal.grading.protocol import load_bank

STUDENT_USER = "rawdeal-student"
_EPOCH = (1980, 1, 1, 0, 0, 0)

SETUP = """\
#!/usr/bin/env bash
# Gradescope runs this once to build the autograder image: Python, bubblewrap (the sandbox every
# run goes through), rawdeal from the wheel in this archive, and an unprivileged user to run the
# students' programs as.
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq python3 python3-venv python3-pip bubblewrap util-linux > /dev/null
python=python3
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then  # rawdeal needs Python 3.11+
    apt-get install -y -qq python3.11 python3.11-venv > /dev/null
    python=python3.11
fi
"$python" -m venv /autograder/rawdeal-venv
/autograder/rawdeal-venv/bin/pip install --quiet wheels/*.whl
id -u {user} > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin {user}
# The course's own tools (`rawdeal gradescope bundle --setup`), e.g. the .NET SDK for a C# course:
{setup}
"""

RUN = """\
#!/usr/bin/env bash
# Gradescope runs this once per submission: build it (--build), grade it against the bank, write results.json.
set -uo pipefail
root="${{AUTOGRADER_ROOT:-/autograder}}"
rawdeal="${{RAWDEAL:-$root/rawdeal-venv/bin/rawdeal}}"
user="${{RAWDEAL_USER-{user}}}"
build={build}  # run once in the submission's folder before any test ('' for none)
sandbox="${{RAWDEAL_SANDBOX:-bwrap}}"  # none: no isolation, only where the image allows no namespaces
source="$root/source"
[ -d "$source/bank" ] || source="$(cd "$(dirname "$0")" && pwd)"
home="$root/home"  # one HOME for every run of this submission: caches (dotnet's, rawdeal's) carry over
mkdir -p "$root/results" "$home"
as_user=()
run_as=()
if [ -n "$user" ] && id -u "$user" > /dev/null 2>&1; then
    chmod -R go-rwx "$source" "$root/results"  # the bank and the results stay out of the program's reach
    chown "$user" "$home"
    [ -z "$build" ] || chown -R "$user" "$root/submission"  # the build writes its output beside the sources
    chmod -R a+rX "$root/submission"
    as_user=(--user "$user")
    run_as=(runuser -u "$user" --)
fi
cd "$root/submission"
if [ -n "$build" ]; then
    if ! "${{run_as[@]}}" env HOME="$home" bash -c "$build" > "$root/build.log" 2>&1; then
        # no test can run: results.json says so, with the end of the build's output
        "$(dirname "$rawdeal")/python" - "$build" "$root/build.log" "$root/results/results.json" <<'PY'
import json, sys
log = open(sys.argv[2], encoding="utf-8", errors="replace").read()[-20000:]
report = {{"score": 0, "output_format": "text", "visibility": "visible", "tests": [],
          "output": f"The build failed: {{sys.argv[1]}}\\n\\n{{log}}"}}
open(sys.argv[3], "w", encoding="utf-8").write(json.dumps(report, indent=2) + "\\n")
PY
        exit 0
    fi
fi
"$rawdeal" grade --course "$source/bank" --command {command} {options} --sandbox "$sandbox" "${{as_user[@]}}" \\
    --home "$home" --gradescope "$root/results/results.json"
status=$?
# 1 means some test failed (results.json is written); anything else is an autograder error.
[ "$status" -le 1 ] || exit "$status"
exit 0
"""

README = """\
# Gradescope autograder for rawdeal's course bank

Upload this archive as the assignment's autograder (Gradescope: "Zip file upload"). Gradescope runs
`setup.sh` once to build the image, then `run_autograder` once per submission, in a fresh container.

- `setup.sh` installs Python, rawdeal (from `wheels/`) and the user `{user}` the students' programs run
  as. Its last lines are the course's own tools (`--setup`): adapt them there, e.g. for a C# course
  `apt-get install -y -qq dotnet-sdk-8.0` (the .NET SDK; Gradescope's images are Ubuntu).
- `run_autograder` holds the lines to adapt at its top and its end:
  - `build=...`: run once in the submission's folder before any test (`--build`), e.g.
    `dotnet build -c Release -o out`; a failing build scores 0 with its output shown to the student.
  - the `rawdeal grade` line: `--command` (how to run the program; `{{student}}` is the submission's
    folder, `{{decks}}` the deck folder of the test), `--timeout`, `--partial`, `--hidden`, `--only`.
- Every run of one submission shares one HOME (`/autograder/home`), so a program's caches (dotnet's
  first-run files, rawdeal's own) are made once, not once per test.
- `bank/` is the course's bank: `data/<cat>/` decks and `data/<cat>-Tests/<n>.txt` transcripts. Adding a
  transcript there adds a test; the programs cannot read it (it belongs to root).

Made by `rawdeal gradescope bundle`; see docs/grading.md in rawdeal's sources.
"""


@dataclass(frozen=True)
class BundleSettings:
    """How run_autograder grades: the command, and the `rawdeal grade` options baked into it."""

    command: str
    timeout: float = 10.0
    partial: bool = False
    hidden: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    jobs: int = 1
    setup: str = ""  # shell lines setup.sh runs once (the course's own tools)
    build: str = ""  # a shell command run once on each submission before any test
    exclude: tuple[str, ...] = ()

    def options(self) -> str:
        words = ["--timeout", f"{self.timeout:g}", "--jobs", str(self.jobs)]
        words += ["--partial"] if self.partial else []
        words += [w for glob in self.hidden for w in ("--hidden", glob)]
        words += [w for glob in self.only for w in ("--only", glob)]
        words += [w for glob in self.exclude for w in ("--exclude", glob)]
        return " ".join(shlex.quote(w) for w in words)


def bundle_bytes(root: Path, settings: BundleSettings, wheel: Path) -> tuple[bytes, int]:
    """The archive's bytes and the number of tests in it (the bank is checked as `grade` reads it)."""
    bank = load_bank(root, settings.only, settings.exclude)
    if not wheel.is_file() or not wheel.name.endswith(".whl") or not zipfile.is_zipfile(wheel):
        raise UsageError(f"{wheel}: not a wheel (build one with `pip wheel --no-deps -w DIR .`)")
    files = {
        "README.md": (README.format(user=STUDENT_USER).encode(), 0o644),
        "setup.sh": (SETUP.format(user=STUDENT_USER, setup=settings.setup or "true  # none").encode(), 0o755),
        "run_autograder": (RUN.format(user=STUDENT_USER, command=shlex.quote(settings.command), build=shlex.quote(
            settings.build), options=settings.options()).encode(), 0o755),
        f"wheels/{wheel.name}": (wheel.read_bytes(), 0o644),
    }
    for test in bank.tests:
        category, number = test.name.split("/", 1)
        path = root / "data" / f"{category}-Tests" / f"{number}.txt"
        files[f"bank/data/{category}-Tests/{number}.txt"] = (path.read_bytes(), 0o644)
    for deck_files in bank.decks.values():
        for rel, data in deck_files.items():
            files[f"bank/{rel}"] = (data, 0o644)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            data, mode = files[name]
            info = zipfile.ZipInfo(name, _EPOCH)
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue(), len(bank.tests)


def build_wheel(source: Path, out: Path) -> Path:
    """rawdeal's wheel built from a source checkout with pip (which fetches the build backend). It is
    the pure-Python wheel (RAWDEAL_PURE=1: no compiled engine), which installs on any Python the
    autograder image has, not only on this machine's."""
    if not (source / "pyproject.toml").is_file():
        raise UsageError("this rawdeal is not a source checkout; give --wheel FILE (a rawdeal wheel)")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(source)],
                          capture_output=True, text=True, env={**os.environ, "RAWDEAL_PURE": "1"})
    wheels = sorted(out.glob("rawdeal-*.whl"))
    if done.returncode != 0 or not wheels:
        raise UsageError(f"cannot build rawdeal's wheel: {done.stderr.strip()[-500:]}; give --wheel FILE")
    return wheels[0]


def make_bundle(root: Path, settings: BundleSettings, out: Path, wheel: Path | None) -> int:
    """Write the archive to `out` (atomically); the number of tests it holds."""
    from rawdeal.io.files import write_atomic

    if not out.parent.is_dir():
        raise UsageError(f"{out}: folder {out.parent} does not exist")
    with tempfile.TemporaryDirectory() as tmp:
        data, count = bundle_bytes(root, settings, wheel or build_wheel(Path(__file__).resolve().parents[2], Path(tmp)))
    write_atomic(out, data)
    return count
