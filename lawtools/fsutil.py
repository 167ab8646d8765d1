"""How lawtools writes to disk: atomic files, directories it owns, whole-directory swaps and a lock.

The rules every writer follows:

- A file is written to a temporary file in the same directory, flushed and `os.replace`d over the
  target, so a reader sees the old file or the new one, never a half-written one.
- lawtools deletes or replaces only what it created. A directory it builds carries a marker file
  (`.lawtools-owned`); a path that exists without the marker (a user's file or directory) is refused
  with `UnsafePath`, never removed.
- A directory is replaced by building the new one beside it (a staging directory named
  `.<name>.staging-<pid>-<random>`) and swapping it in with one rename. Stale staging directories of
  dead processes are removed by the next run (`clean_stale`).
- `lock(path)` is an advisory lock (filelock) so two ingests or builds in one checkout wait for each
  other, or fail with one clear line after a timeout.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import shutil
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from .errors import LawtoolsError, UnsafePath, WriteError

MARKER = ".lawtools-owned"
MARKER_TEXT = "created by lawtools; it may delete or replace this directory\n"
_LEGACY_STAGING = re.compile(r"^\.(?P<name>[^/]+)-(?:building|old)-(?P<pid>\d+)$")
_STAGING = re.compile(r"^\.(?P<name>.+)\.(?P<kind>staging|old)-(?P<pid>\d+)-[0-9a-f]{8}$")


def describe_os_error(path: Path | str, error: OSError, action: str = "cannot write") -> str:
    """One line for an OSError: `path: cannot write: No space left on device`."""
    reason = error.strerror or str(error)
    if error.errno == errno.ENOSPC:
        reason = "no space left on the device"
    elif error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        reason = f"{reason} (check the permissions, or that the file system is writable)"
    return f"{path}: {action}: {reason}"


# ---------------------------------------------------------------------------------------------- files

def atomic_write_bytes(path: Path, data: bytes, *, mode: int = 0o644) -> None:
    """Write `data` to `path` through a temporary file in the same directory and one os.replace."""
    path = Path(path)
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise UnsafePath(f"{path}: exists and is not a regular file; lawtools will not replace it")
    _clean_temp_files(path)
    temp = path.with_name(f".{path.name}.tmp-{os.getpid()}-{_token()}")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise WriteError(describe_os_error(path, error)) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _clean_temp_files(path: Path) -> None:
    """Remove temporary files of earlier writes of `path` whose writer died (killed mid-write)."""
    pattern = re.compile(rf"^\.{re.escape(path.name)}\.tmp-(\d+)-[0-9a-f]{{8}}$")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        match = pattern.match(name)
        if match and not _pid_alive(int(match[1])):
            with contextlib.suppress(OSError):
                os.unlink(path.parent / name)


def atomic_write_text(path: Path, text: str, *, mode: int = 0o644) -> None:
    """Write UTF-8 `text` to `path` atomically (see atomic_write_bytes)."""
    atomic_write_bytes(path, text.encode("utf-8"), mode=mode)


# ---------------------------------------------------------------------------------------------- owned directories

def is_owned(directory: Path) -> bool:
    """True when `directory` is a real directory lawtools created (it holds the marker, or has one beside it)."""
    directory = Path(directory)
    return directory.is_dir() and not directory.is_symlink() and (
        (directory / MARKER).is_file() or _beside(directory).is_file())


def _beside(directory: Path) -> Path:
    return directory.parent / f".{directory.name}{MARKER}"


def mark_owned_beside(directory: Path) -> None:
    """Mark a directory whose contents another tool empties (mkdocs' site_dir) with a marker beside it."""
    marker = _beside(Path(directory))
    try:
        marker.write_text(MARKER_TEXT, encoding="utf-8")
    except BaseException:  # a full disk: no half-written marker left claiming a directory
        with contextlib.suppress(OSError):
            os.unlink(marker)
        raise


def remove_owned_beside(directory: Path) -> None:
    """Remove the marker beside a directory (once the directory itself is gone)."""
    with contextlib.suppress(OSError):
        os.unlink(_beside(Path(directory)))


def claim_output_dir(directory: Path, looks_ours: Callable[[Path], bool] | None = None) -> None:
    """UnsafePath unless `directory` is absent, empty, owned, or (written before markers) `looks_ours`."""
    directory = Path(directory)
    if directory.is_symlink() or (directory.exists() and not directory.is_dir()):
        raise UnsafePath(f"{directory}: exists and is not a directory lawtools created; lawtools will not "
                         "replace it (move it away or choose another path)")
    if not directory.exists() or is_owned(directory) or not any(directory.iterdir()):
        return
    if looks_ours is not None and looks_ours(directory):
        return
    raise UnsafePath(f"{directory}: exists and was not created by lawtools (no {MARKER} marker); lawtools will "
                     "not empty it (move it away or choose another path)")


def mark_owned(directory: Path) -> None:
    """Put the ownership marker into a directory lawtools just created."""
    (Path(directory) / MARKER).write_text(MARKER_TEXT, encoding="utf-8")


def check_replaceable(target: Path, what: str = "directory") -> None:
    """UnsafePath unless `target` is absent or a directory lawtools owns."""
    target = Path(target)
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise UnsafePath(f"{target}: exists and is not a {what} lawtools created; lawtools will not replace it "
                         "(move it away or choose another path)")
    if target.exists() and not is_owned(target):
        if any(target.iterdir()):
            raise UnsafePath(f"{target}: exists and was not created by lawtools (no {MARKER} marker); "
                             "lawtools will not replace it (move it away or choose another path)")


def staging_dir(target: Path) -> Path:
    """A new, owned, empty staging directory beside `target` (same file system, so a rename can swap it)."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_stale(target.parent)
    path = target.parent / f".{target.name}.staging-{os.getpid()}-{_token()}"
    path.mkdir()
    try:
        mark_owned(path)
    except BaseException:  # the marker may exist half-written (a full disk): take it, then the directory
        with contextlib.suppress(OSError):
            os.unlink(path / MARKER)
        with contextlib.suppress(OSError):
            os.rmdir(path)
        raise
    return path


@contextlib.contextmanager
def staged(target: Path) -> Iterator[Path]:
    """A staging directory beside `target` (staging_dir), removed on the way out unless it was swapped in."""
    staging = staging_dir(target)
    try:
        yield staging
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def _token() -> str:
    """Eight random hex digits for a temporary name (what secrets.token_hex(4) gives, without importing
    secrets and hmac: a cold query that only cleans up imports this module)."""
    return os.urandom(4).hex()


@functools.cache
def _libc_renameat2():
    """libc's renameat2, or None; looked up (and ctypes imported) on the first exchange, not on import."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        function = libc.renameat2
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def exchange(a: Path, b: Path) -> bool:
    """Atomically swap two existing paths (Linux renameat2 RENAME_EXCHANGE); False when not supported."""
    renameat2 = _libc_renameat2()
    if renameat2 is None:
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EXDEV):
        return False
    raise OSError(code, os.strerror(code), str(a))


def replace_owned_dir(staging: Path, target: Path) -> None:
    """Swap the complete `staging` directory in for `target` in one step; the old one is removed.

    `target` must be absent or owned (UnsafePath otherwise). Where the kernel can exchange two
    directories atomically, readers never see `target` missing; elsewhere the gap is two renames long
    and `recover()` repairs a kill inside it on the next run.
    """
    staging, target = Path(staging), Path(target)
    check_replaceable(target)
    if target.exists() and not is_owned(target):  # an empty foreign directory: take it over
        mark_owned(target)
    try:
        if target.exists():
            if exchange(staging, target):
                old = staging  # the old tree now sits at the staging path
            else:
                old = target.parent / f".{target.name}.old-{os.getpid()}-{_token()}"
                os.rename(target, old)
                os.rename(staging, target)
        else:
            os.rename(staging, target)
            return
    except OSError as error:
        raise WriteError(describe_os_error(target, error, "cannot replace")) from None
    with contextlib.suppress(OSError):  # the new tree is in place; an old one left here goes on the next run
        remove_owned(old)


def switch_files(directory: Path, changes: dict[str, str | None]) -> None:
    """Give `directory` its new files in one step: `changes` maps a file name to its new text (None removes it).

    The complete new directory is built beside it (every other entry hard-linked, so a hand-written file there
    keeps its inode), then swapped in by replace_owned_dir: a reader, a kill or a full disk sees every file old
    or every file new, never a mix. A directory written before markers existed is marked first; one holding
    subdirectories or special files is refused (UnsafePath) rather than copied partly.
    """
    directory = Path(directory)
    clean_stale(directory.parent)  # killed after its switch, a run leaves the old tree and no change to make
    if not changes:
        return
    directory.mkdir(parents=True, exist_ok=True)
    entries = [e for e in os.scandir(directory) if e.name != MARKER]
    odd = [e.name for e in entries if e.is_symlink() or not e.is_file(follow_symlinks=False)]
    if odd:
        raise UnsafePath(f"{directory}: holds {', '.join(sorted(odd)[:3])}, which is not a plain file; lawtools "
                         "will not replace this directory (move it away)")
    staging = staging_dir(directory)
    try:
        for entry in entries:
            if entry.name in changes:
                continue
            try:
                os.link(entry.path, staging / entry.name)
            except OSError:  # links refused (some file systems): a copy instead
                shutil.copy2(entry.path, staging / entry.name)
        for name, text in changes.items():
            if text is not None:
                (staging / name).write_text(text, encoding="utf-8")
        if not is_owned(directory):  # written before markers existed (or by hand): ours to replace as a whole
            mark_owned(directory)
        replace_owned_dir(staging, directory)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def remove_owned(directory: Path) -> None:
    """Delete a directory tree lawtools owns; refuses (UnsafePath) one without the marker."""
    directory = Path(directory)
    if not directory.exists() and not directory.is_symlink():
        return
    if not is_owned(directory):
        raise UnsafePath(f"{directory}: not created by lawtools (no {MARKER} marker); not deleting it")
    _remove_marker_last(directory)


def _remove_marker_last(directory: Path) -> None:
    """Delete an owned tree, its marker last: a kill midway leaves a tree still marked (removed next run)."""
    for child in os.scandir(directory):
        if child.name == MARKER:
            continue
        if child.is_dir(follow_symlinks=False):
            shutil.rmtree(child.path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.unlink(child.path)
    with contextlib.suppress(OSError):
        os.unlink(Path(directory) / MARKER)
    with contextlib.suppress(OSError):
        os.rmdir(directory)
    if not os.path.lexists(directory):
        remove_owned_beside(directory)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """True when the process has exited and only waits to be reaped (a killed build's forked stage, whose
    parent died with it, until init reaps it): its staging directories are as dead as it is."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False  # no /proc (not Linux): trust kill(pid, 0)
    return state in (b"Z", b"X")


def staging_entries(parent: Path) -> list[tuple[Path, str, str, int]]:
    """(path, target name, 'staging' or 'old', pid) for every lawtools staging entry in `parent`."""
    found = []
    try:
        names = os.listdir(parent)
    except OSError:
        return []
    for name in names:
        match = _STAGING.match(name)
        if match:
            found.append((Path(parent) / name, match["name"], match["kind"], int(match["pid"])))
    return found


def recover(target: Path) -> None:
    """Repair a swap killed between its two renames: `target` missing but its old tree kept beside it."""
    target = Path(target)
    if target.exists() or target.is_symlink():
        return
    for path, name, kind, pid in staging_entries(target.parent):
        if name == target.name and kind == "old" and not _pid_alive(pid) and is_owned(path):
            os.rename(path, target)
            return


def clean_stale(parent: Path) -> list[Path]:
    """Remove staging and old directories (and temp files) left in `parent` by processes that died."""
    removed = []
    for path, name, _kind, pid in staging_entries(parent):
        if _pid_alive(pid):
            continue
        if not (Path(parent) / name).exists():
            recover(Path(parent) / name)
            if not path.exists():
                continue
        if is_owned(path):
            _remove_marker_last(path)
            removed.append(path)
        elif path.is_dir() and not path.is_symlink():  # killed between mkdir and its marker: still empty
            with contextlib.suppress(OSError):
                os.rmdir(path)
                removed.append(path)
    try:
        names = os.listdir(parent)
    except OSError:
        names = []
    for name in names:  # staging dirs of lawtools before markers existed (`.index-building-PID`, `.index-old-PID`)
        match = _LEGACY_STAGING.match(name)
        path = Path(parent) / name
        if match and not _pid_alive(int(match["pid"])) and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    for name in names:  # markers beside staging dirs that are gone
        if name.endswith(MARKER) and name.startswith(".") and _STAGING.match(name[1:-len(MARKER)]):
            if not os.path.lexists(Path(parent) / name[1:-len(MARKER)]):
                with contextlib.suppress(OSError):
                    os.unlink(Path(parent) / name)
    for name in names:  # temporary files of atomic writes whose writer died
        match = re.match(r"^\..+\.tmp-(\d+)-[0-9a-f]{8}$", name)
        if match and not _pid_alive(int(match[1])):
            with contextlib.suppress(OSError):
                os.unlink(Path(parent) / name)
                removed.append(Path(parent) / name)
    return removed


# ---------------------------------------------------------------------------------------------- the lock

_held: dict[str, int] = {}
_held_lock = threading.Lock()


@contextlib.contextmanager
def lock(path: Path, what: str = "lawtools", timeout: float | None = None, *, optional: bool = False) -> Iterator[None]:
    """Hold the advisory lock file `path` (re-entrant in one process); LockBusy after `timeout` seconds.

    The timeout defaults to $LAWTOOLS_LOCK_TIMEOUT or 300 seconds: a second ingest or build in the same
    checkout waits for the first, then fails with one clear line instead of colliding. With `optional`,
    a lock file that cannot be created (a read-only checkout) means running unlocked rather than failing.
    """
    from filelock import FileLock, Timeout

    from .errors import LockBusy

    path = Path(path)
    key = str(path.resolve())
    with _held_lock:
        if _held.get(key):
            _held[key] += 1
            reentrant = True
        else:
            reentrant = False
    if reentrant:
        try:
            yield
        finally:
            with _held_lock:
                _held[key] -= 1
        return
    if timeout is None:
        from .environment import seconds

        timeout = seconds("LAWTOOLS_LOCK_TIMEOUT", 300.0)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file_lock = FileLock(str(path), timeout=timeout)
        file_lock.acquire()
    except Timeout:
        raise LockBusy(f"{path}: another {what} is running in this checkout (waited {timeout:g} s); "
                       "try again when it has finished") from None
    except OSError as error:
        if optional:
            yield
            return
        raise WriteError(describe_os_error(path, error, "cannot take the lock")) from None
    with _held_lock:
        _held[key] = 1
    try:
        yield
    finally:
        with _held_lock:
            _held.pop(key, None)
        file_lock.release()


# ---------------------------------------------------------------------------------------------- reading safely

def check_regular_file(path: Path, label: str, limit: int) -> int:
    """The size of `path`, which must be a regular file (not a FIFO, device or directory) of at most `limit` bytes.

    Raises InputError naming `label`; never opens a special file, so a FIFO cannot hang and /dev/zero
    cannot fill memory.
    """
    from .errors import InputError

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{label}: file not found") from None
    except OSError as error:
        raise InputError(describe_os_error(label, error, "cannot read")) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{label}: is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{label}: not a regular file (a device, FIFO or socket); refusing to read it")
    if info.st_size > limit:
        raise InputError(f"{label}: {info.st_size:,} bytes is over the limit of {limit:,} bytes for this kind of file")
    return info.st_size


def read_limited_bytes(path: Path, label: str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (see check_regular_file)."""
    from .errors import InputError

    check_regular_file(path, label, limit)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise InputError(describe_os_error(label, error, "cannot read")) from None
    if len(data) > limit:
        raise InputError(f"{label}: over the limit of {limit:,} bytes for this kind of file")
    return data


def regular_bytes(path: Path, limit: int) -> bytes | None:
    """The bytes of `path` when it is a regular file of at most `limit` bytes; None otherwise (a device, FIFO,
    directory, a symlink to /dev/zero, a missing or oversized file). For hashing and comparing, where such a
    file only has to count as changed: it is never opened, so it cannot hang or fill memory."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError:
        return None
    return data if len(data) <= limit else None


def working_directory() -> Path:
    """The current working directory, or one clear error when it has been deleted."""
    try:
        return Path.cwd().resolve()
    except (FileNotFoundError, OSError):
        raise LawtoolsError("the current working directory no longer exists; cd into the project again") from None
