"""HTML, parsed by tree-sitter-html: the text between tags is prose; tags, attributes,
comments, scripts, styles and preformatted blocks are hidden; inline code (code, kbd,
samp, var, tt), entities and URLs become placeholder words."""

from __future__ import annotations

from .markdown import BARE_URL
from .masking import MaskedText, Masker
from .treesitter import Grammar, ParsedText

GRAMMAR = Grammar("tree_sitter_html")
_HIDDEN_ELEMENTS = frozenset({"pre", "script", "style", "textarea", "svg", "math", "template", "noscript"})
_CODE_ELEMENTS = frozenset({"code", "kbd", "samp", "var", "tt"})


def _tag_name(element) -> str:
    start_tag = element.children[0] if element.children else None
    if start_tag is None or start_tag.type not in ("start_tag", "self_closing_tag"):
        return ""
    for child in start_tag.children:
        if child.type == "tag_name":
            return child.text.decode("utf-8", "replace").lower()
    return ""


def _role(node) -> str:
    """'hidden', 'word' or 'prose' for a text node, from the elements around it."""
    role = "prose"
    parent = node.parent
    while parent is not None:
        if parent.type in ("script_element", "style_element"):
            return "hidden"
        if parent.type == "element":
            name = _tag_name(parent)
            if name in _HIDDEN_ELEMENTS:
                return "hidden"
            if name in _CODE_ELEMENTS:
                role = "word"
        parent = parent.parent
    return role


def mask_html(text: str) -> MaskedText:
    """Only the text of an HTML document."""
    parsed = ParsedText(text, GRAMMAR)
    visible, words = [], []
    for node in parsed.captures("[(text) (entity)] @text").get("text", []):
        role = _role(node)
        if role == "hidden":
            continue
        span = parsed.span(node)
        visible.append(span)
        if role == "word" or node.type == "entity":
            words.append(span)
    masker = Masker.revealing(text, visible)
    for start, end in words:
        masker.word(start, end)
    masker.apply(BARE_URL, "word")
    return masker.result()
