"""Inline directives in each format's comment syntax silence exactly what they name."""

import pytest

from edgegram.engine.prose import drop_skipped, mask
from tests.lsp_support.rule_checker import RuleChecker

# (language, a comment holding a directive: "{}" is replaced by the directive)
SYNTAXES = [
    ("markdown", "<!-- {} -->"),
    ("html", "<!-- {} -->"),
    ("latex", "% {}"),
    ("git-commit", "# {}"),
    ("restructuredtext", ".. {}"),
    ("python", "# {}"),
    ("shellscript", "# {}"),
    ("javascript", "// {}"),
    ("typescript", "/* {} */"),
    ("rust", "// {}"),
    ("go", "// {}"),
    ("c", "/* {} */"),
    ("cpp", "// {}"),
    ("java", "// {}"),
    ("lua", "-- {}"),
]
# Prose lines as each format writes them (source code: a comment).
PROSE = {
    "python": "# {}",
    "shellscript": "# {}",
    "javascript": "// {}",
    "typescript": "// {}",
    "rust": "// {}",
    "go": "// {}",
    "c": "// {}",
    "cpp": "// {}",
    "java": "// {}",
    "lua": "-- {}",
}
SILENCED = "We saw teh first cat."
CHECKED = "We saw teh second cat."


def found(text: str, language: str) -> list[str]:
    """The lines (stripped) holding the rule checker's findings."""
    masked = mask(text, language)
    assert len(masked.text) == len(text)
    lines = []
    for edit in drop_skipped(RuleChecker().check(masked.text), masked):
        start = text.rfind("\n", 0, edit.start) + 1
        end = text.find("\n", edit.start)
        lines.append(text[start:end].strip())
    return lines


def document(language: str, comment: str, *lines: str) -> str:
    prose = PROSE.get(language, "{}")
    body = []
    for line in lines:
        if line.startswith("edgegram:"):
            body.append(comment.format(line))
        elif line:
            body.append(prose.format(line))
        else:
            body.append("")
    separator = "\n\n" if language in ("markdown", "restructuredtext", "html", "latex") else "\n"
    text = separator.join(body) + "\n"
    if language == "latex":
        text = "\\begin{document}\n" + text + "\\end{document}\n"
    if language == "html":
        text = "<html><body>\n" + text + "</body></html>\n"
    return text


def line_of(language: str, sentence: str) -> str:
    return PROSE.get(language, "{}").format(sentence)


@pytest.mark.parametrize(("language", "comment"), SYNTAXES)
def test_ignore_next_line(language, comment):
    text = document(language, comment, "edgegram: ignore-next-line", SILENCED, CHECKED)
    if language in ("markdown", "restructuredtext", "html", "latex"):
        text = text.replace("ignore-next-line -->\n\n", "ignore-next-line -->\n").replace(
            "ignore-next-line\n\n", "ignore-next-line\n"
        )
    assert found(text, language) == [line_of(language, CHECKED)]


@pytest.mark.parametrize(("language", "comment"), SYNTAXES)
def test_disable_and_enable(language, comment):
    text = document(language, comment, CHECKED, "edgegram: disable", SILENCED, SILENCED, "edgegram: enable", CHECKED)
    assert found(text, language) == [line_of(language, CHECKED)] * 2


@pytest.mark.parametrize(("language", "comment"), SYNTAXES)
def test_disable_without_enable_runs_to_the_end(language, comment):
    text = document(language, comment, CHECKED, "edgegram: disable", SILENCED)
    assert found(text, language) == [line_of(language, CHECKED)]


@pytest.mark.parametrize(("language", "comment"), SYNTAXES)
def test_ignore_file(language, comment):
    text = document(language, comment, CHECKED, "edgegram: ignore-file", CHECKED)
    assert found(text, language) == []
    assert found(document(language, comment, CHECKED, CHECKED), language) == [line_of(language, CHECKED)] * 2


@pytest.mark.parametrize(("language", "comment"), SYNTAXES)
def test_words(language, comment):
    text = document(language, comment, "edgegram: words teh, Grafana", CHECKED, "They is here.")
    assert found(text, language) == [line_of(language, "They is here.")]


def test_a_trailing_directive_silences_the_next_line():
    text = "x = 1  # edgegram: ignore-next-line\n# We saw teh first cat.\n# We saw teh second cat.\n"
    assert found(text, "python") == ["# We saw teh second cat."]


def test_a_directive_in_a_string_or_a_code_block_is_not_a_directive():
    text = 's = "# edgegram: ignore-file"\n# We saw teh cat.\n'
    assert found(text, "python") == ["# We saw teh cat."]
    markdown = "```\n<!-- edgegram: ignore-file -->\n```\n\nWe saw teh cat, see `<!-- edgegram: ignore-file -->`.\n"
    assert found(markdown, "markdown") == ["We saw teh cat, see `<!-- edgegram: ignore-file -->`."]


def test_the_directive_comment_itself_is_hidden():
    text = "# edgegram: words Kubernetes\n# Kubernetes runs it.\n"
    masked = mask(text, "python")
    assert "edgegram" not in masked.text and "words" not in masked.text
    assert "Kubernetes runs it." in masked.text
