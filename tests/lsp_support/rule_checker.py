"""A deterministic stand-in for the neural checker: a few regular-expression rules that
return real ``edgegram.engine.core.types.Edit`` objects, so server mechanics can be tested exactly."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from edgegram.engine.core.errors import CheckStopped
from edgegram.engine.core.types import Edit, EditKind, Threshold, Thresholds


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]  # group 1 is the text to replace
    replacement: str
    kind: EditKind
    message: str
    confidence: float = 0.9
    alternatives: tuple[str, ...] = ()  # further replacements, best first (Edit.alternatives)
    rule: str = ""  # the rule id (Edit.rule), shown as the diagnostic's code instead of the kind


RULES = (
    Rule(re.compile(r"\b(teh)\b"), "the", EditKind.SPELLING, "Possible spelling mistake: 'teh'."),
    Rule(
        re.compile(r"\b(recieve)\b"),
        "receive",
        EditKind.SPELLING,
        "Possible spelling mistake: 'recieve'.",
        alternatives=("relieve", "deceive"),
    ),
    Rule(re.compile(r"\b(a) (?=[aeiou])"), "an", EditKind.ARTICLE, "Use 'an' before a vowel sound.", 0.8),
    # a model-like edit: above the threshold of technical prose (0.6), so editors show it in Markdown
    Rule(re.compile(r"\b[Tt]hey (is)\b"), "are", EditKind.AGREEMENT, "Use 'are' with 'they'.", 0.65),
    Rule(re.compile(r"\b(Github)\b"), "GitHub", EditKind.CAPITALISATION, "Write 'GitHub'.", rule="rules.own_case"),
)

# Not in RULES: flags control characters with an empty message, so the server's own
# description of the edit (which quotes them) is shown.
CONTROL_RULE = Rule(re.compile(r"([\x01-\x08\x0e-\x1f]+)"), "", EditKind.OTHER, "")

CRASH = "<crash>"  # a text containing this makes check() raise, like a checker bug
SLOW = "<slow>"  # a text containing this takes ``slow_s`` to check, unless stopped


class RuleChecker:
    """Finds the rules' matches; ``delay_s`` simulates a slow model."""

    def __init__(self, delay_s: float = 0.0, extra_rules: tuple[Rule, ...] = (), slow_s: float = 0.0) -> None:
        self.delay_s = delay_s
        self.slow_s = slow_s
        self.rules = RULES + extra_rules

    def check(
        self,
        text: str,
        *,
        progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        context: str | None = None,  # rules need no document context
        min_confidence: Threshold | None = None,  # as the engine: edits below it (by kind) are left out
    ) -> list[Edit]:
        if CRASH in text:
            raise RuntimeError("the rule checker was told to crash")
        if self.delay_s:
            time.sleep(self.delay_s)
        if SLOW in text:  # like a long document: 50 "sentences", should_stop asked between them
            for done in range(50):
                if should_stop is not None and should_stop():
                    raise CheckStopped("stopped")
                time.sleep(self.slow_s / 50)
                if progress is not None:
                    progress(done + 1, 50)
        edits = [
            Edit(
                m.start(1),
                m.end(1),
                rule.replacement,
                m.group(1),
                rule.kind,
                rule.message,
                rule.confidence,
                alternatives=rule.alternatives,
                rule=rule.rule,
            )
            for rule in self.rules
            for m in rule.pattern.finditer(text)
            if min_confidence is None or rule.confidence >= Thresholds.of_value(min_confidence).of(rule.kind)
        ]
        return sorted(edits, key=lambda e: e.start)
