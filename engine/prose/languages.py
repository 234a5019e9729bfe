"""Which format a document is in: its editor language id, else its file name, and for plain
text its content (an AsciiDoc manual page saved as ``.txt``)."""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import unquote, urlparse

from .asciidoc import looks_like_asciidoc

PLAINTEXT = "plaintext"
MARKDOWN = "markdown"
LATEX = "latex"
GIT_COMMIT = "git-commit"
RESTRUCTUREDTEXT = "restructuredtext"
HTML = "html"
ASCIIDOC = "asciidoc"
PYTHON = "python"
JAVASCRIPT = "javascript"
TYPESCRIPT = "typescript"
TSX = "typescriptreact"
RUST = "rust"
GO = "go"
C = "c"
CPP = "cpp"
JAVA = "java"
LUA = "lua"
SHELL = "shellscript"

CODE_LANGUAGES = (PYTHON, JAVASCRIPT, TYPESCRIPT, TSX, RUST, GO, C, CPP, JAVA, LUA, SHELL)
MARKUP_LANGUAGES = (PLAINTEXT, MARKDOWN, LATEX, GIT_COMMIT, RESTRUCTUREDTEXT, HTML, ASCIIDOC)

# Editor language ids (VS Code's and Neovim's filetypes) and common short names.
_LANGUAGE_ALIASES = {
    "plaintext": PLAINTEXT,
    "text": PLAINTEXT,
    "txt": PLAINTEXT,
    "markdown": MARKDOWN,
    "md": MARKDOWN,
    "latex": LATEX,
    "tex": LATEX,
    "bibtex-free-latex": LATEX,
    "git-commit": GIT_COMMIT,
    "gitcommit": GIT_COMMIT,
    "restructuredtext": RESTRUCTUREDTEXT,
    "rst": RESTRUCTUREDTEXT,
    "html": HTML,
    "htm": HTML,
    "asciidoc": ASCIIDOC,
    "asciidoctor": ASCIIDOC,
    "adoc": ASCIIDOC,
    "python": PYTHON,
    "py": PYTHON,
    "javascript": JAVASCRIPT,
    "javascriptreact": JAVASCRIPT,
    "js": JAVASCRIPT,
    "jsx": JAVASCRIPT,
    "typescript": TYPESCRIPT,
    "ts": TYPESCRIPT,
    "typescriptreact": TSX,
    "tsx": TSX,
    "rust": RUST,
    "rs": RUST,
    "go": GO,
    "golang": GO,
    "c": C,
    "cpp": CPP,
    "c++": CPP,
    "cuda-cpp": CPP,
    "java": JAVA,
    "lua": LUA,
    "shellscript": SHELL,
    "sh": SHELL,
    "bash": SHELL,
    "shell": SHELL,
}
_EXTENSIONS = {
    ".txt": PLAINTEXT,
    ".text": PLAINTEXT,
    ".md": MARKDOWN,
    ".markdown": MARKDOWN,
    ".mdown": MARKDOWN,
    ".mkd": MARKDOWN,
    ".tex": LATEX,
    ".latex": LATEX,
    ".ltx": LATEX,
    ".rst": RESTRUCTUREDTEXT,
    ".rest": RESTRUCTUREDTEXT,
    ".html": HTML,
    ".htm": HTML,
    ".xhtml": HTML,
    ".adoc": ASCIIDOC,
    ".asciidoc": ASCIIDOC,
    ".py": PYTHON,
    ".pyi": PYTHON,
    ".pyw": PYTHON,
    ".js": JAVASCRIPT,
    ".mjs": JAVASCRIPT,
    ".cjs": JAVASCRIPT,
    ".jsx": JAVASCRIPT,
    ".ts": TYPESCRIPT,
    ".mts": TYPESCRIPT,
    ".cts": TYPESCRIPT,
    ".tsx": TSX,
    ".rs": RUST,
    ".go": GO,
    ".c": C,
    ".h": C,
    ".cc": CPP,
    ".cpp": CPP,
    ".cxx": CPP,
    ".c++": CPP,
    ".hpp": CPP,
    ".hh": CPP,
    ".hxx": CPP,
    ".java": JAVA,
    ".lua": LUA,
    ".sh": SHELL,
    ".bash": SHELL,
}
_FILE_NAMES = {"COMMIT_EDITMSG": GIT_COMMIT, "MERGE_MSG": GIT_COMMIT, "TAG_EDITMSG": GIT_COMMIT}


def language_of(language_id: str | None, uri: str | None = None, text: str | None = None) -> str | None:
    """Canonical language of a document: its languageId, else from its file name; a document
    said to be plain text (the editor's id, a ``.txt`` name) is AsciiDoc when ``text`` is given
    and has AsciiDoc's constructs (:func:`edgegram.engine.prose.asciidoc.looks_like_asciidoc`).
    An editor that has no mode for a format calls its files plain text: a ``plaintext`` id gives
    way to a file name that says more (``guide.adoc``).

    Returns one of the constants above, the languageId itself when it is not one of
    those, or None when nothing is known.
    """
    canonical = _LANGUAGE_ALIASES.get(language_id.lower()) if language_id else None
    if canonical is None or canonical == PLAINTEXT:
        by_name = _by_file_name(uri) if uri else None
        canonical = by_name if by_name and not (canonical and by_name in CODE_LANGUAGES) else canonical
    if canonical == PLAINTEXT and text and looks_like_asciidoc(text):
        return ASCIIDOC
    return canonical or language_id or None


def _by_file_name(uri: str) -> str | None:
    name = PurePosixPath(unquote(urlparse(uri).path)).name
    if name in _FILE_NAMES:
        return _FILE_NAMES[name]
    return _EXTENSIONS.get(PurePosixPath(name).suffix.lower())
