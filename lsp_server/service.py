"""The server's state and behaviour behind the thin LSP handlers of :mod:`edgegram.lsp_server.server`:
settings, the checker, per-document checks and publishing, code actions and commands."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from edgegram.engine.core.memory import release_free_memory
from edgegram.engine.core.types import Edit
from edgegram.engine.prose import language_of, min_confidence_for

from . import code_actions, commands
from .analysis import Analyses, Obsolete
from .check_queue import CheckQueue
from .checkers import CheckerFactory
from .client_log import log_to_client
from .diagnostics import SOURCE, filter_edits, result_id, to_diagnostics
from .dictionary import DictionaryStore, workspace_dictionary_path
from .documents import LspTextDocument, use_lsp_line_breaks
from .files import folder_of
from .hygiene import binary_reason
from .ignores import IgnoreStore
from .loader import CheckerLoader, LoadProgress
from .positions import UTF16, LineIndex
from .progress import CheckProgress, QueueProgress
from .protocol import SERVER_CANCELLED
from .rule_links import RuleLinks
from .scheduler import DocumentScheduler
from .settings import SECTION, ServerSettings, parse_settings

log = logging.getLogger(__name__)

HIDDEN_KINDS_FILE = "hidden-kinds.txt"  # kinds hidden by "Don't show ... suggestions", next to the dictionary
DISABLED_RULES_FILE = "disabled-rules.txt"  # rule ids switched off by "Don't flag ... again"
CONFIGURATION_TIMEOUT_S = 2.0  # how long to wait for workspace/configuration


def document_name(uri: str) -> str:
    """A short name of a document for messages (its file name)."""
    return PurePosixPath(unquote(urlparse(uri).path)).name or uri


class EdgegramService:
    """Everything the language server does, in plain methods."""

    def __init__(self, server: LanguageServer, factory: CheckerFactory, user_data_dir: Path) -> None:
        self.server = server
        self.initial_settings = ServerSettings()
        self.settings = ServerSettings()
        self._executor = CheckQueue()  # the checker's thread: the active document's work first
        self.loader = CheckerLoader(factory, self._executor, self._show_error)
        queue_progress = QueueProgress(self.server)
        self.analyses = Analyses(
            self.loader,
            self._executor,
            lambda uri: CheckProgress(self.server, document_name(uri), lambda: queue_progress.busy),
            self.publish_partial,
            queue_progress,
        )
        self.scheduler = DocumentScheduler(self.check_and_publish, on_idle=self.release_memory)
        self.dictionaries = DictionaryStore(user_data_dir / "dictionary.txt")
        self.hidden_kinds_path = user_data_dir / HIDDEN_KINDS_FILE  # a word list of edit kinds
        self.disabled_rules_path = user_data_dir / DISABLED_RULES_FILE  # a word list of rule ids
        self.rule_links = RuleLinks(user_data_dir)  # codeDescription: the rule's entry in the reference
        self.ignores = IgnoreStore()
        self._warned_too_large: set[str] = set()
        self._logged_binary: set[str] = set()
        self._indexes: dict[str, LineIndex] = {}  # per document: the index of its latest text
        self._focus: dict[str, int] = {}  # per document: where it was last edited (checked first)
        self._loading_started = False
        self._configuration_requests = 0  # workspace/configuration requests sent
        self._configuration_applied = 0  # the newest of them whose answer was applied

    # ------------------------------------------------------------ client facts

    @property
    def encoding(self) -> str:
        encoding = self.server.workspace.position_encoding
        return str(getattr(encoding, "value", encoding) or UTF16)

    @property
    def pull_mode(self) -> bool:
        """Whether the client pulls diagnostics (then nothing is pushed, to avoid doubles)."""
        text_document = self.server.client_capabilities.text_document
        return bool(text_document and text_document.diagnostic)

    def _can_fetch_configuration(self) -> bool:
        workspace = self.server.client_capabilities.workspace
        return bool(workspace and workspace.configuration)

    def _can_refresh_diagnostics(self) -> bool:
        workspace = self.server.client_capabilities.workspace
        return bool(workspace and workspace.diagnostics and workspace.diagnostics.refresh_support)

    def _document(self, uri: str) -> TextDocument | None:
        if uri not in self.server.workspace.text_documents:
            return None
        return self.server.workspace.get_text_document(uri)

    def index(self, uri: str, text: str) -> LineIndex:
        """The line index of a document's text, built once per version."""
        cached = self._indexes.get(uri)
        if cached is None or cached.encoding != self.encoding or not (cached.text is text or cached.text == text):
            document = self._document(uri)
            geometry = document.geometry if isinstance(document, LspTextDocument) and document.source is text else None
            cached = self._indexes[uri] = LineIndex(text, self.encoding, geometry)
        return cached

    def _location(self, uri: str) -> tuple[Path | None, Path | None]:
        """The file of a document and the workspace folder holding it (None when unknown)."""
        path = to_fs_path(uri) if uri.startswith("file:") else None
        if path is None:
            return None, None
        folders = [to_fs_path(f.uri) for f in self.server.workspace.folders.values()]
        if self.server.workspace.root_path:
            folders.append(self.server.workspace.root_path)
        document = Path(path)
        return document, folder_of(document, [Path(f) for f in folders if f])

    def _show(self, kind: types.MessageType, message: str) -> None:
        self.server.window_show_message(types.ShowMessageParams(type=kind, message=message))

    def _show_error(self, message: str) -> None:
        self._show(types.MessageType.Error, message)

    # ------------------------------------------------------------ life cycle

    def initialize(self, params: types.InitializeParams) -> None:
        log_to_client(self.server, asyncio.get_event_loop())
        use_lsp_line_breaks(self.server.workspace)
        self.initial_settings = self._parsed(params.initialization_options, ServerSettings())
        self.settings = self.initial_settings

    async def initialized(self) -> None:
        # Load with the initialization options' settings (a client such as the VS Code extension
        # sends the same settings there) while the workspace/configuration round trip is under
        # way: a busy client took seconds to answer. A configuration that changes what the
        # checker is made from (model, threads) reloads it.
        self._loading_started = True
        self.loader.start(self.settings, LoadProgress(self.server))
        await self.fetch_configuration()

    def shutdown(self) -> None:
        self.analyses.stopped = True
        self.scheduler.cancel_all()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------ settings

    def _parsed(self, raw: Any, base: ServerSettings) -> ServerSettings:
        settings, problems = parse_settings(raw, base)
        for problem in problems:
            log.warning("%s", problem)
        return settings

    async def fetch_configuration(self) -> None:
        """Read the ``edgegram`` section from the client, over the initialization options.

        A client that has not answered within ``CONFIGURATION_TIMEOUT_S`` is not waited for:
        the current settings stay, and its answer is applied whenever it comes (unless a
        newer request was answered first).
        """
        if not self._can_fetch_configuration():
            return
        self._configuration_requests += 1
        request_number = self._configuration_requests
        answer = asyncio.ensure_future(
            self.server.workspace_configuration_async(types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)]))
        )
        done, _ = await asyncio.wait({answer}, timeout=CONFIGURATION_TIMEOUT_S)
        if done:
            self._apply_configuration(answer, request_number)
            return
        log.warning(
            "the client has not answered workspace/configuration within %.0f s: going on with "
            "the initialization options and defaults",
            CONFIGURATION_TIMEOUT_S,
        )
        answer.add_done_callback(lambda future: self._apply_configuration(future, request_number))

    def _apply_configuration(self, answer: asyncio.Future[Any], request_number: int) -> None:
        if answer.cancelled():
            return
        error = answer.exception()
        if error is not None:  # the client could not answer: keep what we have
            log.warning("could not read the %r configuration: %s", SECTION, error)
            return
        if request_number < self._configuration_applied:
            return  # a newer request was answered already
        self._configuration_applied = request_number
        result = answer.result()
        if result:
            self.apply_settings(self._parsed(result[0], self.initial_settings))

    async def configuration_changed(self, params: types.DidChangeConfigurationParams) -> None:
        if self._can_fetch_configuration():
            await self.fetch_configuration()
        else:
            self.apply_settings(self._parsed(params.settings, self.initial_settings))

    def apply_settings(self, settings: ServerSettings) -> None:
        previous, self.settings = self.settings, settings
        if self._loading_started and settings.checker_key() != previous.checker_key():
            log.info("checker settings changed: reloading")
            self.analyses.clear()
            self.loader.start(settings, LoadProgress(self.server))
        self.refresh_all()

    # ------------------------------------------------------------ checking

    def refresh_all(self) -> None:
        """Show every open document's diagnostics again (after settings, dictionary...)."""
        if self.pull_mode:
            if self._can_refresh_diagnostics():
                self.server.workspace_diagnostic_refresh(None)
            return
        for uri in list(self.server.workspace.text_documents):
            self.scheduler.schedule(uri, 0)

    def document_changed(self, uri: str, debounce: bool, changes: Sequence[Any] = ()) -> None:
        """Check a document now (open, save) or after the debounce delay (change); the
        check starts where the last of ``changes`` (already applied) was made."""
        self._executor.active = uri
        document = self._document(uri)
        ranged = [c for c in changes if isinstance(c, types.TextDocumentContentChangePartial)]
        if ranged and isinstance(document, LspTextDocument):
            start = ranged[-1].range.start
            self._focus[uri] = document.geometry.offset(start.line, start.character)
        if self.pull_mode:
            return
        self.scheduler.schedule(uri, self.settings.debounce_ms / 1000 if debounce else 0)

    def document_closed(self, uri: str) -> None:
        self.scheduler.cancel(uri)
        self.analyses.forget(uri)
        self._warned_too_large.discard(uri)
        self._logged_binary.discard(uri)
        self._indexes.pop(uri, None)
        self._focus.pop(uri, None)
        if not self.pull_mode:
            self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        if self.scheduler.idle:
            self.release_memory()

    def release_memory(self) -> None:
        """Drop the checker's memos of closed documents and older texts, then give freed
        memory back to the OS, once the work is done (on the checker's thread, after
        whatever it is running)."""
        self.analyses.retain_memos()
        try:
            self._executor.submit(release_free_memory)
        except RuntimeError:  # the executor is shut down: the server is exiting
            pass

    def _should_check(self, document: TextDocument, language: str | None, text: str) -> bool:
        settings = self.settings
        if not settings.enabled:
            return False
        if language not in settings.languages and document.language_id not in settings.languages:
            return False
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > settings.max_file_size:
            if document.uri not in self._warned_too_large:
                self._warned_too_large.add(document.uri)
                self._show(
                    types.MessageType.Warning,
                    f"edgegram does not check {document.uri}: {size} bytes is more than maxFileSize ({settings.max_file_size}).",
                )
            return False
        reason = binary_reason(text)
        if reason is not None:
            if document.uri not in self._logged_binary:
                self._logged_binary.add(document.uri)
                log.info("not checking %s: it looks like binary content (%s)", document.uri, reason)
            return False
        self._logged_binary.discard(document.uri)
        return True

    async def visible_edits(self, document: TextDocument) -> tuple[list[Edit], str]:
        """The edits to show for the document's current text, and that text.

        Raises :class:`Obsolete` when a newer text was asked for meanwhile.
        """
        text = document.source
        language = language_of(document.language_id, document.uri, text)
        if not self._should_check(document, language, text):
            return [], text
        edits = await self.analyses.edits(
            document.uri,
            text,
            language,
            self.settings.prose_options(),
            self._focus.get(document.uri, 0),
            min_confidence_for(language, self.settings.min_confidence, self.settings.markup_min_confidence, text),
        )
        if edits is None:
            return [], text
        return self._wanted(document.uri, edits), text

    def _wanted(self, uri: str, edits: Iterable[Edit]) -> list[Edit]:
        """The edits the user wants to see in a document."""
        path, folder = self._location(uri)
        ignored = self.ignores.ignored(uri, path, folder)
        hidden = self.dictionaries.words(self.hidden_kinds_path)
        switched_off = self.dictionaries.words(self.disabled_rules_path)
        return filter_edits(
            edits, self.settings, lambda word: self.dictionaries.knows(word, folder), ignored, hidden, switched_off
        )

    def publish_partial(self, uri: str, text: str, edits: list[Edit]) -> None:
        """Show the results so far of a long check of the document's current text."""
        document = self._document(uri)
        if self.pull_mode or document is None or document.source is not text:
            return
        diagnostics = to_diagnostics(
            self._wanted(uri, edits), self.index(uri, text), self.settings, uri, document.version, self.rule_links.href
        )
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=document.version)
        )

    async def diagnostics(self, document: TextDocument) -> tuple[int | None, list[types.Diagnostic]]:
        """The version checked and its diagnostics."""
        version = document.version
        edits, text = await self.visible_edits(document)
        return version, to_diagnostics(
            edits, self.index(document.uri, text), self.settings, document.uri, version, self.rule_links.href
        )

    async def check_and_publish(self, uri: str) -> None:
        """Publish diagnostics for the current version of a document, unless it changes first."""
        document = self._document(uri)
        if document is None:
            return
        try:
            version, diagnostics = await self.diagnostics(document)
        except Obsolete:
            return
        current = self._document(uri)
        if current is None or current.version != version:
            return
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        )

    async def pull(self, params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        """Answer ``textDocument/diagnostic`` for the document's current version: a full
        report with a ``resultId``, or an ``unchanged`` one when the client has that result."""
        document = self._document(params.text_document.uri)
        if document is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[], result_id=result_id([]))
        self._executor.active = document.uri
        try:
            version, diagnostics = await self.diagnostics(document)
        except Obsolete:
            version, diagnostics = None, []
        current = self._document(document.uri)
        if current is None or current.version != version:
            raise JsonRpcException("the document changed", SERVER_CANCELLED, {"retriggerRequest": True})
        identifier = result_id(diagnostics)
        if params.previous_result_id == identifier:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=identifier)
        return types.RelatedFullDocumentDiagnosticReport(items=diagnostics, result_id=identifier)

    # ------------------------------------------------------------ code actions

    async def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        document = self._document(uri)
        if document is None:
            return []
        text = document.source
        index = self.index(uri, text)
        only = params.context.only
        _, folder = self._location(uri)
        actions = code_actions.actions_for(params.context.diagnostics, uri, text, index, folder is not None, only)
        asked_for_fix_all = bool(only) and code_actions.wanted(code_actions.FIX_ALL_KIND, only)
        if asked_for_fix_all or (not only and any(d.source == SOURCE for d in params.context.diagnostics)):
            try:
                edits, checked = await self.visible_edits(document)
            except Obsolete:
                return actions
            if checked == document.source:
                fix_all = code_actions.fix_all(edits, uri, self.index(uri, checked))
                if fix_all:
                    actions.append(fix_all)
        return actions

    # ------------------------------------------------------------ commands

    def add_to_dictionary(self, command: commands.AddWord) -> None:
        if command.uri is None:
            target = self.dictionaries.user_path
        else:
            _, folder = self._location(command.uri)
            if folder is None:
                raise commands.CommandArgumentError(f"{command.uri} is not in a workspace folder")
            target = workspace_dictionary_path(folder)
        self.dictionaries.add(command.word, target)
        self.refresh_all()

    def ignore(self, command: commands.Ignore) -> None:
        path, folder = self._location(command.uri)
        self.ignores.ignore(command.uri, command.suggestion, path, folder)
        self.refresh_all()

    def set_kind_shown(self, command: commands.SetKindShown) -> None:
        """Hide or show again one kind of suggestion; hiding offers an Undo."""
        message = (
            f"edgegram: {code_actions.kind_label(command.kind)} suggestions are hidden "
            f"(command {commands.SHOW_KIND} shows them again)."
        )
        undo = commands.SetKindShown(command.kind, shown=True)
        self._set_listed(self.hidden_kinds_path, command.kind, not command.shown, message, lambda: self.set_kind_shown(undo))

    def set_rule_enabled(self, command: commands.SetRuleEnabled) -> None:
        """Switch one rule off (user-wide, kept beside the dictionary) or on again; switching
        off offers an Undo."""
        message = f"edgegram: {command.rule} is switched off (command {commands.ENABLE_RULE} switches it on)."
        undo = commands.SetRuleEnabled(command.rule, enabled=True)
        self._set_listed(
            self.disabled_rules_path, command.rule, not command.enabled, message, lambda: self.set_rule_enabled(undo)
        )

    def _set_listed(self, path: Path, entry: str, listed: bool, message: str, undo: Callable[[], None]) -> None:
        """Put ``entry`` in the word list ``path`` (telling the user ``message``, with an Undo that
        calls ``undo``) or take it out; then show every open document's diagnostics again."""
        if listed:
            self.dictionaries.add(entry, path)
        else:
            self.dictionaries.remove(entry, path)
        self.refresh_all()
        if listed:
            asyncio.ensure_future(self._offer_undo(message, undo))

    async def _offer_undo(self, message: str, undo_it: Callable[[], None]) -> None:
        """Tell the user what a command hid, with an Undo button that calls ``undo_it``."""
        undo = types.MessageActionItem(title="Undo")
        try:
            choice = await self.server.window_show_message_request_async(
                types.ShowMessageRequestParams(type=types.MessageType.Info, message=message, actions=[undo])
            )
        except Exception as error:  # the client cannot ask: the command still undoes it
            log.debug("no undo offered: %s", error)
            return
        if choice is not None and choice.title == undo.title:
            undo_it()
