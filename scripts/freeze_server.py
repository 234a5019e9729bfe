"""Freezes ``edgegram`` (check, correct, serve, --version) with PyInstaller into one self-contained
folder, the model inside, that runs without any Python installed:

    python scripts/freeze_server.py [--out build/frozen]   # writes OUT/edgegram/edgegram

The project is installed as its wheel would be (``pip install --no-deps --target``) into a staging
folder, and PyInstaller follows the imports of ``edgegram.cli`` from there, so the folder holds what
the checker imports and nothing else: no torch, sympy, huggingface_hub or onnx, even where the
environment that freezes has them. Needs PyInstaller (``pip install pyinstaller``) in the
environment that runs this script, which must hold edgegram's runtime dependencies.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RECORD_ENV = "EDGEGRAM_RECORD_GENERATED_CODE"  # edgegram.lsp_server.generated_code.RECORD_ENV

REPO = Path(__file__).resolve().parents[1]
NAME = "edgegram"
# Libraries whose data files the checker reads (tables, language-id model, word and word-pair counts).
DATA_PACKAGES = ("py3langid", "symspellpy")
# Modules that nothing the checker runs needs, though something it imports names them.
EXCLUDED = (
    "lemminflect",  # the word classes read engine/words/forms.txt.gz, built from it
    "torch", "sympy", "huggingface_hub", "onnx", "matplotlib", "spacy", "thinc", "IPython",
    "tkinter", "pytest", "yaml", "readline", "pdb", "pydoc", "doctest", "unittest", "ssl",
    "_hashlib", "numpy.f2py", "numpy.testing", "numpy.distutils", "numpy.random", "numpy.fft",
    "numpy.polynomial", "onnxruntime.transformers", "onnxruntime.quantization", "onnxruntime.tools",
    "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw",
)  # fmt: skip
# Data files of those libraries that nothing the checker runs reads: symspellpy's bigram dictionary
# (4.6 MB; the engine reads its pair counts from engine/words/pairs.txt.gz, which holds them).
UNREAD_DATA = ("symspellpy/frequency_bigramdictionary_en_243_342.txt",)
GLIBC_RE = re.compile(rb"GLIBC_(\d+)\.(\d+)")


def grammar_modules(staged: Path) -> list[str]:
    """The tree-sitter grammar modules edgegram depends on; the engine imports them by name."""
    dist = importlib.metadata.Distribution.at(next(staged.glob(f"{NAME}-*.dist-info")))
    names = [re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0] for requirement in dist.requires or []]
    return [name.replace("-", "_") for name in names if name.startswith("tree-sitter-")]


def data_arguments(staged: Path) -> list[str]:
    """--add-data for the package's own files that are not code (the model, word lists) and its
    metadata (``edgegram --version``)."""
    folders = {path.parent for path in (staged / NAME).rglob("*") if path.is_file() and path.suffix not in {".py", ".pyc"}}
    arguments = []
    for folder in sorted(folders):
        arguments += ["--add-data", f"{folder}:{folder.relative_to(staged)}"]
    metadata = next(staged.glob(f"{NAME}-*.dist-info"))
    return [*arguments, "--add-data", f"{metadata}:{metadata.name}"]


def pyinstaller_arguments(staged: Path, entry: Path, out: Path, work: Path) -> list[str]:
    arguments = [
        "--noconfirm", "--clean", "--log-level", "WARN", "--onedir", "--name", NAME,
        "--paths", str(staged), "--distpath", str(out), "--workpath", str(work), "--specpath", str(work),
    ]  # fmt: skip
    for module in grammar_modules(staged):
        arguments += ["--hidden-import", module]
    for package in DATA_PACKAGES:
        arguments += ["--collect-data", package]
    for module in EXCLUDED:
        arguments += ["--exclude-module", module]
    return [*arguments, *data_arguments(staged), str(entry)]


def unpatched_with_symbols(internal: Path) -> list[Path]:
    """The wheels' shared libraries that still carry symbols or debug information (the tree-sitter
    grammars keep their DWARF, tokenizers its symbol table: 8 MB) and that auditwheel did not patch:
    no RPATH or RUNPATH, not in a ``*.libs`` folder. Stripping a patched library (numpy's, its
    OpenBLAS) can break it, as PyInstaller's --strip does."""
    readelf = shutil.which("readelf")
    if readelf is None:
        return []
    found = []
    for path in sorted(internal.rglob("*.so*")):
        if not path.is_file() or path.is_symlink() or any(part.endswith(".libs") for part in path.parts):
            continue
        with path.open("rb") as file:
            if file.read(4) != b"\x7fELF":
                continue
        sections = subprocess.run([readelf, "-S", "-W", str(path)], capture_output=True, text=True).stdout
        dynamic = subprocess.run([readelf, "-d", "-W", str(path)], capture_output=True, text=True).stdout
        if (".symtab" in sections or ".debug_info" in sections) and "RPATH" not in dynamic and "RUNPATH" not in dynamic:
            found.append(path)
    return found


def trim(folder: Path) -> None:
    """Strips the interpreter's own libraries (a self-built Python keeps its debug symbols: 23 MB of
    libpython) and the wheels' unpatched ones (:func:`unpatched_with_symbols`; not PyInstaller's
    --strip, which breaks the wheels' patched libraries such as numpy's OpenBLAS) and drops
    PyInstaller's links to numpy.libs/ (a .vsix stores a link as a second copy; numpy finds its
    libraries through its own RPATH), and the data files nothing reads (:data:`UNREAD_DATA`)."""
    internal = folder / "_internal"
    for name in UNREAD_DATA:
        (internal / name).unlink(missing_ok=True)
    libraries = [*internal.glob("libpython*.so*"), *internal.glob("python3*/lib-dynload/*.so")]
    libraries += [path for path in unpatched_with_symbols(internal) if path not in libraries]
    strip = shutil.which("strip")
    if strip and libraries:
        subprocess.run([strip, "--strip-unneeded", *map(str, libraries)], check=True)
    for path in folder.rglob("*"):
        if path.is_symlink():
            path.unlink()


def _message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def record_generated_code(executable: Path) -> Path:
    """Runs the frozen server through one session (initialize, a Markdown document's diagnostics,
    a code action, shutdown) recording the code attrs and cattrs generate
    (edgegram.lsp_server.generated_code), into the folder, where its later starts read it."""
    target = executable.parent / "_internal" / NAME / "lsp_server" / "generated_code.bin"
    uri = "file:///notes.md"
    text = "# Notes\n\nThey is going to teh park.\n"
    typo = {"start": {"line": 2, "character": 17}, "end": {"line": 2, "character": 20}}
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="edgegram-record-") as home:
        env = {**os.environ, "HOME": home, "XDG_CACHE_HOME": home, "XDG_DATA_HOME": home, RECORD_ENV: str(target)}
        server = subprocess.Popen(
            [str(executable), "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=home,
        )
        assert server.stdin is not None and server.stdout is not None
        params = {"processId": None, "rootUri": None, "capabilities": {}}
        server.stdin.write(_message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}))
        server.stdin.write(_message({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        document = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
        server.stdin.write(_message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}}))
        server.stdin.flush()
        seen = b""
        deadline = time.monotonic() + 120
        while b"publishDiagnostics" not in seen and time.monotonic() < deadline:
            if not select.select([server.stdout], [], [], deadline - time.monotonic())[0]:
                break
            chunk = os.read(server.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
        action = {"textDocument": {"uri": uri}, "range": typo, "context": {"diagnostics": []}}
        server.stdin.write(_message({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": action}))
        server.stdin.write(_message({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}))
        server.stdin.write(_message({"jsonrpc": "2.0", "method": "exit"}))
        server.stdin.close()
        server.stdout.read()
        server.wait(timeout=60)
    if b"publishDiagnostics" not in seen or not target.is_file():
        raise SystemExit(f"freeze_server.py: recording the server's generated code failed (exit status {server.returncode})")
    return target


def oldest_glibc(folder: Path) -> str:
    """The newest GLIBC_x.y symbol version any file of the folder asks for: the oldest glibc it runs on."""
    versions = {(0, 0)}
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as file:
                if file.read(4) == b"\x7fELF":
                    file.seek(0)
                    versions.update((int(a), int(b)) for a, b in GLIBC_RE.findall(file.read()))
    major, minor = max(versions)
    return f"{major}.{minor}"


def folder_megabytes(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def freeze(out: Path) -> Path:
    """Builds OUT/edgegram/ and returns the executable in it."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="edgegram-freeze-") as temp:
        staged, work = Path(temp) / "staged", Path(temp) / "work"
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile", "--target", str(staged), str(REPO)],
            check=True,
        )
        entry = Path(temp) / "edgegram_main.py"
        entry.write_text("import sys\n\nfrom edgegram.cli import main\n\nsys.exit(main())\n", encoding="utf-8")
        import PyInstaller.__main__

        PyInstaller.__main__.run(pyinstaller_arguments(staged, entry, out, work))
    folder = out / NAME
    trim(folder)
    executable = folder / NAME
    recorded = record_generated_code(executable)
    version = subprocess.run([str(executable), "--version"], check=True, capture_output=True, text=True).stdout.strip()
    print(
        f"freeze_server.py: {folder} ({folder_megabytes(folder):.0f} MB, {version}, needs glibc >= "
        f"{oldest_glibc(folder)}; {recorded.stat().st_size / 1e6:.1f} MB of generated code recorded) in "
        f"{time.monotonic() - started:.0f} s"
    )
    return executable


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "frozen", help="where OUT/edgegram/ is written")
    args = parser.parse_args(argv)
    shutil.rmtree(args.out / NAME, ignore_errors=True)
    freeze(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
