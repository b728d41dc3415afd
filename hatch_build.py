"""Wheel build hook: the engine's hot modules compiled to C extensions with mypyc, when it can be done.

The modules are listed once, in pyproject.toml (`[tool.hatch.build.targets.wheel.hooks.custom]
compiled`). The compiled extensions sit beside their `.py` sources in the wheel; Python imports an
extension before a source of the same name, and `RAWDEAL_PURE=1` at run time makes rawdeal import
the sources instead (`rawdeal/purepython.py`). Pure Python is the fallback whenever compiling is
not possible: no C compiler, mypyc missing or failing, `RAWDEAL_PURE=1` at install time, or an
editable install (`pip install -e`), where an extension built once would shadow every later edit of
its source. The wheel is then the usual pure one (`py3-none-any`), and the install still succeeds.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._temp: str | None = None
        if version == "editable":
            return
        self._temp = tempfile.mkdtemp(prefix="rawdeal-build-")
        _prebuild_effects(self, Path(self.root), Path(self._temp), build_data)
        if os.environ.get("RAWDEAL_PURE", "") not in ("", "0"):
            return
        modules = list(self.config.get("compiled", []))
        if not modules:
            return
        try:
            built = _compile(Path(self.root), modules, Path(self._temp))
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypyc exits on errors; any failure means the pure wheel
            self.app.display_warning(f"rawdeal: compiling with mypyc failed, building pure Python instead ({exc})")
            return
        for path, target in built:
            build_data["force_include"][str(path)] = target
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)


def _prebuild_effects(hook: CompileHook, root: Path, temp: Path, build_data: dict[str, Any]) -> None:
    """The course's compiled effects, made now and shipped in the wheel (`rawdeal/_prebuilt/`), so that
    an installed rawdeal with a fresh cache folder (a grader's new HOME) unpickles them instead of
    building the card language's parser first (`rawdeal.effects.store.shipped`). Named by the same
    digest as the user cache's entry: with another Python or lark at run time the name differs, and
    rawdeal compiles as it would without it. A failure here only leaves it out of the wheel."""
    import subprocess

    code = "import sys; from pathlib import Path; from rawdeal.effects.store import prebuild; print(prebuild(Path(sys.argv[1])))"
    # the checkout first, then whatever the build environment puts on the path (pip's isolated build
    # environment reaches its lark through PYTHONPATH: replacing it would lose lark)
    pythonpath = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH", "")]))
    env = {**os.environ, "PYTHONPATH": pythonpath, "RAWDEAL_CACHE": "0", "RAWDEAL_PURE": "1"}
    try:
        done = subprocess.run([sys.executable, "-c", code, str(temp / "prebuilt")], cwd=root, env=env,
                              capture_output=True, text=True, check=True, timeout=600)
    except (OSError, subprocess.SubprocessError) as exc:
        hook.app.display_warning(f"rawdeal: the course's effects are not prebuilt in the wheel ({exc})")
        return
    path = Path(done.stdout.strip())
    build_data["force_include"][str(path)] = f"rawdeal/_prebuilt/{path.name}"


def _compile(root: Path, modules: list[str], temp: Path) -> list[tuple[Path, str]]:
    """Build the modules (dotted names) in `temp`; (extension file, its path in the wheel) pairs."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    sources = [str(Path(*m.split("."))) + ".py" for m in modules]
    # mypyc needs the types, not the project's strictness (pyproject's [tool.mypy] is CI's check);
    # the build environment has none of the runtime dependencies, whose types are then Any.
    config = temp / "mypy.ini"
    config.write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
    options = ["--config-file", str(config), "--cache-dir", str(temp / "mypy-cache")]
    out = temp / "lib"
    here = os.getcwd()
    os.chdir(root)  # mypyc names the modules by their paths from the project root
    try:
        extensions = mypycify([*options, *sources], opt_level="3", target_dir=str(temp / "c"), group_name="rawdeal")
        if sys.platform != "win32":  # gcc, clang: the shuffle's 64-bit machine integers wrap (engine/rng.py),
            for ext in extensions:  # which C leaves undefined for signed integers unless told so
                ext.extra_compile_args.append("-fwrapv")
        dist = Distribution({"name": "rawdeal", "ext_modules": extensions})
        build = dist.get_command_obj("build_ext")
        build.build_lib, build.build_temp = str(out), str(temp / "obj")  # type: ignore[attr-defined]
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    built = [(path, path.relative_to(out).as_posix()) for path in sorted(out.rglob("*")) if path.is_file()]
    if len(built) <= len(modules):  # each module's extension and the shared library they use
        raise RuntimeError(f"expected {len(modules) + 1} extensions, got {len(built)}")
    print(f"rawdeal: compiled {len(modules)} modules with mypyc", file=sys.stderr)
    return built
