"""Writes an offline wheelhouse of a distribution's runtime dependencies, rebuilt from what this
environment has installed (no index, no network):

    python scripts/wheelhouse.py OUT [--of edgegram]

Every distribution that ``--of`` requires (its extras left out), and theirs in turn, is zipped
back into a wheel from its installed files (the dist-info RECORD lists them; the WHEEL file
names the tags), with a fresh RECORD. ``pip install --no-index --find-links OUT edgegram.whl``
then installs exactly the declared dependencies: a dependency pyproject.toml forgot is missing
there, whatever else this environment or its base interpreter holds (scripts/check_install.sh).
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import re
import sys
import zipfile
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name


def dependencies(name: str) -> list[metadata.Distribution]:
    """The installed distributions ``name`` needs at run time, transitively (not ``name`` itself)."""
    environment = {**default_environment(), "extra": ""}
    seen: dict[str, metadata.Distribution] = {}
    pending = [name]
    while pending:
        for text in metadata.distribution(pending.pop()).requires or []:
            requirement = Requirement(text)
            key = canonicalize_name(requirement.name)
            if key in seen or (requirement.marker and not requirement.marker.evaluate(environment)):
                continue
            seen[key] = metadata.distribution(requirement.name)
            pending.append(requirement.name)
    return sorted(seen.values(), key=lambda dist: canonicalize_name(dist.metadata["Name"]))


def wheel_name(dist: metadata.Distribution) -> str:
    """``name-version-python-abi-platform.whl`` from the tags its WHEEL file lists."""
    tags = [line.split(":", 1)[1].strip() for line in (dist.read_text("WHEEL") or "").splitlines() if line.startswith("Tag:")]
    if not tags:
        raise SystemExit(f"{dist.metadata['Name']} was not installed from a wheel (no Tag in its WHEEL file)")
    parts = [sorted({tag.split("-")[i] for tag in tags}) for i in range(3)]
    name = re.sub(r"[^\w\d.]+", "_", dist.metadata["Name"])
    return f"{name}-{dist.version}-{'-'.join('.'.join(p) for p in parts)}.whl"


def _record_line(path: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [path, f"sha256={digest}", str(len(data))]


def rebuild(dist: metadata.Distribution, out: Path) -> Path:
    """Zips the distribution's installed files (those inside site-packages, no byte code) into a wheel."""
    wheel = out / wheel_name(dist)
    record_name = next(str(f) for f in dist.files or [] if str(f).endswith(".dist-info/RECORD"))
    rows = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for file in dist.files or []:
            path = str(file)
            if path == record_name or path.startswith("..") or "__pycache__" in path or path.endswith(".pyc"):
                continue
            data = Path(str(dist.locate_file(file))).read_bytes()
            archive.writestr(path, data)
            rows.append(_record_line(path, data))
        record = io.StringIO()
        csv.writer(record, lineterminator="\n").writerows([*rows, [record_name, "", ""]])
        archive.writestr(record_name, record.getvalue())
    return wheel


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--of", default="edgegram", help="the distribution whose dependencies are wanted")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    wheels = [rebuild(dist, args.out) for dist in dependencies(args.of)]
    print(f"wheelhouse.py: {len(wheels)} wheels of {args.of}'s dependencies in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
