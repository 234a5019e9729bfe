"""Where a diagnostic's ``codeDescription`` points: its rule's heading in the rules reference,
which the server writes into the user data folder the first time it needs it (the same text as
``docs/rules.md``, rendered from the installed rule registry, so it matches the server that
made the diagnostic). A client opens ``file:///…/rules.md#L12`` at that line."""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

REFERENCE_FILE = "rules.md"


class RuleLinks:
    """``href(rule_id)``: the link to that rule's entry, None where there is none (or the
    reference could not be written)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / REFERENCE_FILE
        self._lines: dict[str, int] | None = None

    def href(self, rule_id: str | None) -> str | None:
        if not rule_id:
            return None
        if self._lines is None:
            self._lines = self._write()
        line = self._lines.get(rule_id)
        return None if line is None else f"{self.path.as_uri()}#L{line}"

    def _write(self) -> dict[str, int]:
        from edgegram.engine.finders.rules import RULES
        from edgegram.engine.finders.rules.reference import heading_lines, markdown

        text = markdown(RULES)
        try:
            if not self.path.is_file() or self.path.read_text(encoding="utf-8") != text:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                partial = self.path.with_name(f".{REFERENCE_FILE}.{os.getpid()}")
                partial.write_text(text, encoding="utf-8")
                partial.replace(self.path)
        except OSError as error:
            log.warning("cannot write the rules reference to %s: %s", self.path, error)
            return {}
        return heading_lines(text)
