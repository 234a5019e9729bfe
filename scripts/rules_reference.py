"""Write the rules reference, docs/rules.md, from the rule registry (or, with --check, say
whether the file is current: exit status 1 when it is not).

    python scripts/rules_reference.py [--check] [--out docs/rules.md]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from edgegram.engine.finders.rules import RULES
from edgegram.engine.finders.rules.reference import markdown

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "rules.md")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    a = parser.parse_args(argv)
    text = markdown(RULES)
    if a.check:
        current = a.out.is_file() and a.out.read_text(encoding="utf-8") == text
        print(f"{a.out}: {'current' if current else 'out of date: run python scripts/rules_reference.py'}")
        return 0 if current else 1
    a.out.write_text(text, encoding="utf-8")
    print(f"wrote {a.out}: {len(RULES)} rules, {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
