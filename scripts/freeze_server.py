"""Freezes ``edgegram`` (check, correct, serve, --version) with PyInstaller into one self-contained
folder, the model inside, that runs without any Python installed:

    python scripts/freeze_server.py [--out build/frozen] [--tar FILE]   # writes OUT/edgegram/edgegram

The project is installed as its wheel would be (``pip install --no-deps --target``) into a staging
folder, and PyInstaller follows the imports of ``edgegram.cli`` from there, so the folder holds what
the checker imports and nothing else: no torch, sympy, huggingface_hub or onnx, even where the
environment that freezes has them. Needs PyInstaller (``pip install pyinstaller``) in the
environment that runs this script, which must hold edgegram's runtime dependencies.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
NAME = "edgegram"
# Libraries whose data files the checker reads (tables, language-id model, word frequencies).
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
# Data files of those packages that the checker never reads (symspellpy's bigram counts).
UNUSED_DATA = ("symspellpy/frequency_bigramdictionary_en_*.txt",)
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


def trim(folder: Path) -> None:
    """Strips the interpreter's own libraries (a self-built Python keeps its debug symbols: 23 MB of
    libpython; not PyInstaller's --strip, which breaks the wheels' patched libraries such as numpy's
    OpenBLAS), deletes UNUSED_DATA, and drops PyInstaller's links to numpy.libs/ (a .vsix stores a
    link as a second copy; numpy finds its libraries through its own RPATH)."""
    internal = folder / "_internal"
    libraries = [*internal.glob("libpython*.so*"), *internal.glob("python3*/lib-dynload/*.so")]
    strip = shutil.which("strip")
    if strip and libraries:
        subprocess.run([strip, "--strip-unneeded", *map(str, libraries)], check=True)
    for pattern in UNUSED_DATA:
        for path in internal.glob(pattern):
            path.unlink()
    for path in folder.rglob("*"):
        if path.is_symlink():
            path.unlink()


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
    version = subprocess.run([str(executable), "--version"], check=True, capture_output=True, text=True).stdout.strip()
    print(
        f"freeze_server.py: {folder} ({folder_megabytes(folder):.0f} MB, {version}, needs glibc >= "
        f"{oldest_glibc(folder)}) in {time.monotonic() - started:.0f} s"
    )
    return executable


def write_tar(folder: Path, tar: Path) -> None:
    """The folder as a plain ustar archive, with its modes (what the VS Code extension unpacks)."""
    with tarfile.open(tar, "w", format=tarfile.USTAR_FORMAT) as archive:
        archive.add(folder, arcname=folder.name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "frozen", help="where OUT/edgegram/ is written")
    parser.add_argument("--tar", type=Path, default=None, help="also write the folder as this ustar archive")
    args = parser.parse_args(argv)
    shutil.rmtree(args.out / NAME, ignore_errors=True)
    executable = freeze(args.out.resolve())
    if args.tar:
        write_tar(executable.parent, args.tar)
    return 0


if __name__ == "__main__":
    sys.exit(main())
