"""Source code: comments and docstrings found by tree-sitter are the prose; everything
else (code, string literals) is hidden. A Python docstring is reStructuredText
(:mod:`edgegram.engine.prose.docstrings`); a licence or copyright notice is hidden whole."""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import languages as lang
from .comments import C_LIKE, DOCSTRING, HASH, LUA, CommentSyntax, is_licence, mask_comment, mask_inline_code
from .docstrings import mask_docstring
from .masking import MaskedText, Masker, merge
from .spans import SpanKind
from .treesitter import Grammar, ParsedText


@dataclass(frozen=True)
class CodeLanguage:
    """How to find the prose of one programming language."""

    grammar: Grammar
    comments: str  # tree-sitter query capturing @comment nodes
    syntax: CommentSyntax
    docstrings: bool = False  # Python: first string statement of a module, class or function


_COMMENT = "(comment) @comment"
_LINE_AND_BLOCK = "[(line_comment) (block_comment)] @comment"
_DOCSTRING_QUERY = "(expression_statement . (string) @doc .)"
_DOCSTRING_OWNERS = frozenset({"module", "class_definition", "function_definition"})

CODE: dict[str, CodeLanguage] = {
    lang.PYTHON: CodeLanguage(Grammar("tree_sitter_python"), _COMMENT, HASH, docstrings=True),
    lang.JAVASCRIPT: CodeLanguage(Grammar("tree_sitter_javascript"), _COMMENT, C_LIKE),
    lang.TYPESCRIPT: CodeLanguage(Grammar("tree_sitter_typescript", "language_typescript"), _COMMENT, C_LIKE),
    lang.TSX: CodeLanguage(Grammar("tree_sitter_typescript", "language_tsx"), _COMMENT, C_LIKE),
    lang.RUST: CodeLanguage(Grammar("tree_sitter_rust"), _LINE_AND_BLOCK, C_LIKE),
    lang.GO: CodeLanguage(Grammar("tree_sitter_go"), _COMMENT, C_LIKE),
    lang.C: CodeLanguage(Grammar("tree_sitter_c"), _COMMENT, C_LIKE),
    lang.CPP: CodeLanguage(Grammar("tree_sitter_cpp"), _COMMENT, C_LIKE),
    lang.JAVA: CodeLanguage(Grammar("tree_sitter_java"), _LINE_AND_BLOCK, C_LIKE),
    lang.LUA: CodeLanguage(Grammar("tree_sitter_lua"), _COMMENT, LUA),
    lang.SHELL: CodeLanguage(Grammar("tree_sitter_bash"), _COMMENT, HASH),
}


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while end > start and text[end - 1] in "\r\n":
        end -= 1
    return start, end


def _is_docstring(node) -> bool:
    statement = node.parent
    owner = statement.parent
    if owner is None:
        return False
    if owner.type == "block":
        owner = owner.parent
    if owner is None or owner.type not in _DOCSTRING_OWNERS:
        return False
    previous = statement.prev_named_sibling
    while previous is not None and previous.type == "comment":
        previous = previous.prev_named_sibling
    return previous is None


def _docstring_body(parsed: ParsedText, node) -> tuple[int, int] | None:
    """The range between a docstring's quotes (None for f-strings and byte strings)."""
    opening = node.child_by_field_name("start") or (node.children[0] if node.children else None)
    closing = node.children[-1] if node.children else None
    if opening is None or closing is None or opening.type != "string_start" or closing.type != "string_end":
        return None
    prefix = opening.text.decode("utf-8", "replace").lower()
    if "f" in prefix or "b" in prefix:
        return None
    return parsed.offset(opening.end_byte), parsed.offset(closing.start_byte)


def comment_spans(text: str, language: str) -> list[tuple[int, int]]:
    """The code-point ranges of a source file's comments, in order."""
    spec = CODE[language]
    parsed = ParsedText(text, spec.grammar)
    return sorted(parsed.span(node) for node in parsed.captures(spec.comments).get("comment", []))


def _line_comment_runs(text: str, regions: list[tuple[int, int, CommentSyntax]]) -> list[tuple[int, int, CommentSyntax]]:
    """The comments with each run of line comments on consecutive lines ("///" lines, "#" lines)
    made one, so that a fence or an indented example that opens on one of its lines goes on over
    the next (tree-sitter makes each line comment a node of its own)."""
    runs: list[tuple[int, int, CommentSyntax]] = []
    for start, end, syntax in regions:
        if runs and syntax.line and _continues(text, runs[-1], start, syntax):
            runs[-1] = (runs[-1][0], end, syntax)
        else:
            runs.append((start, end, syntax))
    return runs


def _continues(text: str, run: tuple[int, int, CommentSyntax], start: int, syntax: CommentSyntax) -> bool:
    run_start, run_end, run_syntax = run
    between = text[run_end:start]
    return (
        run_syntax is syntax
        and text.startswith(syntax.line, run_start)
        and text.startswith(syntax.line, start)
        and not between.strip()
        and between.count("\n") + between.replace("\r\n", "").count("\r") == 1
    )


_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def _name_of_the_next_line(masker: Masker, parsed: ParsedText, text: str, start: int, end: int) -> None:
    """A comment that opens with a name the code right under it declares or uses, as Go's doc
    comments do ("// containers is the set of IDs" over "containers []string", "// Run uninstalls
    the release" over "func (u *Uninstall) Run(..."): that first word is code, not a plural subject
    or a sentence's first word."""
    own_line = not text[text.rfind("\n", 0, start) + 1 : start].strip()
    first = _IDENTIFIER.search(masker.slice(start, end)) if own_line else None
    if first is None:
        return
    line_start = text.find("\n", end) + 1
    if not line_start:
        return
    line_end = text.find("\n", line_start)
    if first.group() in parsed.names_in(line_start, line_end if line_end >= 0 else len(text)):
        masker.word(start + first.start(), start + first.end())


def mask_code(text: str, language: str) -> MaskedText:
    """Only the comments and docstrings of a source file, with their markers hidden."""
    spec = CODE[language]
    parsed = ParsedText(text, spec.grammar)
    regions: list[tuple[int, int, CommentSyntax]] = []
    captured = parsed.captures(f"{spec.comments} {_DOCSTRING_QUERY}" if spec.docstrings else spec.comments)
    for node in captured.get("comment", []):
        start, end = _trimmed(text, *parsed.span(node))
        regions.append((start, end, spec.syntax))
    for node in captured.get("doc", []):
        body = _docstring_body(parsed, node) if _is_docstring(node) else None
        if body is not None:
            regions.append((*body, DOCSTRING))
    masker = Masker.revealing(text, [(start, end) for start, end, _ in regions])
    for start, end, syntax in _line_comment_runs(text, sorted(regions)):
        if is_licence(text[start:end]):
            masker.blank(start, end)
            continue
        if syntax is DOCSTRING:
            mask_docstring(masker, text, start, end)
        mask_comment(masker, text, start, end, syntax)
        if syntax is not DOCSTRING:
            _name_of_the_next_line(masker, parsed, text, start, end)
    for start, end, _ in regions:
        masker.span(start, end, SpanKind.COMMENT)  # "// returns the count": no capital or full stop owed
    mask_inline_code(masker, merge((start, end) for start, end, _ in regions))
    return masker.result()
