"""Uploaded zips, checked before anything is written: a program or a bank from the internet.

Every entry must be a plain file or folder with a relative name that stays inside (no absolute
path, no `..`, no drive letter, no symbolic link or other special file), and the count of entries,
each one's size and the total unpacked size are capped, so a zip bomb is refused from its central
directory before any byte is inflated (and inflating stops at the cap in case the directory lies).
Uploads are stored once by their SHA-256 (`Blobs`): the same zip sent twice is one file.
"""

from __future__ import annotations

import hashlib
import io
import os
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path

from rawdeal.errors import RawdealError


class UploadError(RawdealError):
    """An upload is refused; the message names the entry and the rule it breaks."""


@dataclass(frozen=True)
class ZipLimits:
    max_zip: int = 8 << 20  # bytes of the upload itself
    max_entries: int = 2000
    max_total: int = 64 << 20  # bytes once unpacked
    max_ratio: int = 200  # an entry may inflate at most this many times its compressed size


def read_zip(data: bytes, limits: ZipLimits = ZipLimits()) -> dict[str, bytes]:
    """The files of a zip (relative path -> bytes), folders implied; raises UploadError on anything unsafe."""
    if len(data) > limits.max_zip:
        raise UploadError(f"the upload is {len(data)} bytes; at most {limits.max_zip} are accepted")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as exc:
        raise UploadError(f"not a zip file: {exc}") from None
    infos = archive.infolist()
    if len(infos) > limits.max_entries:
        raise UploadError(f"the zip holds {len(infos)} entries; at most {limits.max_entries} are accepted")
    declared = sum(i.file_size for i in infos)
    if declared > limits.max_total:
        raise UploadError(f"the zip unpacks to {declared} bytes; at most {limits.max_total} are accepted")
    files: dict[str, bytes] = {}
    total = 0
    for info in infos:
        name = _safe_name(info)
        if info.is_dir():
            continue
        if info.file_size > max(limits.max_ratio * info.compress_size, 1 << 16):
            raise UploadError(f"{name}: compressed {info.compress_size} bytes inflate to {info.file_size} (a zip bomb?)")
        body = _inflate(archive, info, limits.max_total - total)
        total += len(body)
        if name in files:
            raise UploadError(f"{name}: appears twice in the zip")
        files[name] = body
    return files


def _safe_name(info: zipfile.ZipInfo) -> str:
    name = info.filename
    mode = info.external_attr >> 16
    if stat.S_IFMT(mode) not in (0, stat.S_IFREG, stat.S_IFDIR):  # 0: a zip made without Unix modes
        raise UploadError(f"{name}: a symbolic link or special file; only plain files and folders are accepted")
    parts = name.rstrip("/").split("/")
    if (name.startswith(("/", "\\")) or "\\" in name or ":" in parts[0] or "\0" in name
            or any(p in ("", ".", "..") for p in parts)):
        raise UploadError(f"{name!r}: not a relative path inside the zip (absolute, '..', or empty parts)")
    return "/".join(parts)


def _inflate(archive: zipfile.ZipFile, info: zipfile.ZipInfo, room: int) -> bytes:
    try:
        with archive.open(info) as fh:
            body = fh.read(min(info.file_size, room) + 1)
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as exc:
        raise UploadError(f"{info.filename}: cannot be unpacked: {exc}") from None
    if len(body) > info.file_size or len(body) > room:
        raise UploadError(f"{info.filename}: unpacks to more than it declares or than the cap allows")
    return body


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Blobs:
    """Uploads stored by content hash under `folder` (written atomically: a reader never sees half)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / key

    def put(self, data: bytes) -> str:
        from rawdeal.io.files import write_atomic

        key = digest(data)
        path = self.path(key)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
        return key

    def get(self, key: str) -> bytes:
        return self.path(key).read_bytes()


def unpack(files: dict[str, bytes], folder: Path) -> None:
    """Write checked zip files under `folder` (which must be new or empty)."""
    for name, body in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "xb") as fh:
            fh.write(body)
        os.chmod(target, 0o644)
