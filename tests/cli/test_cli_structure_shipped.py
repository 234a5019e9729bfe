"""What the shipped checker demands of spans that are no sentences of a paragraph (issue 61):
`edgegram check` with the shipped model on commit messages with conventional subjects, a
Markdown page of a heading, a list, chat-like notes and links, and the same sentence with and
without an emoji. No full stop is demanded of a subject, heading, list item or one-line note, no
capital after a link's text, and an emoji changes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUBJECTS = (
    "Fix race in the scheduler when two jobs finish together",
    "feat(parser): add support for nested tables",
    "docs: explain the retry policy",
    "Bump the minimum Python version",
    "refactor!: drop the legacy config loader",
)
PAGE = """# Getting started with the scheduler

- Add support for caching
- Deploy is done, all green
- there are three queues here

Deploy is done, all green

lgtm, merging now

Restarted the runner, looks fine now

Can you check the logs

Thanks for the quick review

See [Why is it slow?](faq.md) for the answers, or read [the guide][g] first.

Zoë and Chloë is friends 🧑🏿‍🚀.

Zoë and Chloë is friends.

[g]: https://example.com/guide
"""


def _check(*paths: Path) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("EDGEGRAM_MODEL", None)
    found = subprocess.run(
        [sys.executable, "-m", "edgegram", "check", "--format", "json", *map(str, paths)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert found.returncode in (0, 1), found.stderr
    return json.loads(found.stdout)


def test_no_full_stop_or_capital_is_demanded_where_none_is_owed(tmp_path):
    paths = []
    for number, subject in enumerate(SUBJECTS):
        folder = tmp_path / f"commit{number}"
        folder.mkdir()
        (folder / "COMMIT_EDITMSG").write_text(subject + "\n\n# Please enter the commit message.\n", encoding="utf-8")
        paths.append(folder / "COMMIT_EDITMSG")
    page = tmp_path / "page.md"
    page.write_text(PAGE, encoding="utf-8")
    problems = _check(*paths, page)
    stops = [p for p in problems if p["original"] == "" and p["replacement"].strip() in (".", "!", "?")]
    assert stops == []
    after_link = [p for p in problems if p["path"] == str(page) and p["original"] in ("for", "first")]
    assert after_link == []
    lines = PAGE.splitlines()
    with_emoji = lines.index("Zoë and Chloë is friends 🧑🏿‍🚀.") + 1
    on_line = {
        line: [(p["original"], p["replacement"]) for p in problems if p["line"] == line] for line in (with_emoji, with_emoji + 2)
    }
    assert on_line[with_emoji] == on_line[with_emoji + 2]
