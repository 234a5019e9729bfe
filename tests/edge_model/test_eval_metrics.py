"""The evaluation's gold-free detectors (edge_model.eval_metrics) and the bookkeeping of
edge_model.evaluate that needs neither ../shared nor a model."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from edge_model import eval_metrics as m
from edge_model import evaluate
from edgegram.engine.core.edits import diff_edits
from edgegram.engine.core.types import Edit, EditKind


def kinds_of(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for span in m.protected_spans(text):
        found.setdefault(span.text, set()).add(span.kind)
    return found


@pytest.mark.parametrize(
    "text, token, kinds",
    [
        ("Call 888-669-1134 today.", "888-669-1134", {"digit"}),
        ("It costs $44.", "$44", {"digit"}),
        ("A rise (55%) this year.", "55%", {"digit"}),
        ("Due on 02/22/2019, sadly.", "02/22/2019", {"digit"}),
        ("Version 3.12.1 is out.", "3.12.1", {"digit"}),
        ("See https://example.com/a?b=1.", "https://example.com/a?b=1", {"url", "digit"}),
        ("Go to www.example.org now.", "www.example.org", {"url"}),
        ("Mail jane.doe@example.org today.", "jane.doe@example.org", {"email"}),
        ("The IEEE standard.", "IEEE", {"acronym"}),
        ("Under HIPAA, yes.", "HIPAA", {"acronym"}),
        ("Buy two PDFs.", "PDFs", {"acronym"}),
        ("Call getElementById here.", "getElementById", {"identifier"}),
        ("Set max_len to five.", "max_len", {"identifier"}),
        ("Call os.path.join first.", "os.path.join", {"identifier"}),
        ("Edit main.rs first.", "main.rs", {"identifier"}),
        ("Read cricinfo.com daily.", "cricinfo.com", {"identifier"}),
        ("Use my_mod.func here.", "my_mod.func", {"identifier"}),
        ("Ask @jane_doe or #rustlang.", "@jane_doe", {"identifier"}),
        ("Ask @jane_doe or #rustlang.", "#rustlang", {"identifier"}),
        ("Edit src/main.rs now.", "src/main.rs", {"identifier"}),
        ("Edit ~/.bashrc now.", "~/.bashrc", {"identifier"}),
        ("Written in JavaScript today.", "JavaScript", {"identifier"}),
    ],
)
def test_protected_tokens_are_found_with_their_kinds(text, token, kinds):
    assert kinds_of(text).get(token) == kinds


@pytest.mark.parametrize(
    "text",
    [
        "I went home.",
        "He and/or she did it.",
        "The U.S. and e.g. Paris.",
        "Hello, World!",
        "I said OK",
        "It ended.Then",
        "It costs too much.in the end",
    ],
)
def test_ordinary_words_are_not_protected(text):
    assert not [s for s in m.protected_spans(text) if s.text not in ("OK",)]
    if "OK" in text:
        assert kinds_of(text)["OK"] == {"acronym"}  # all caps, two capitals


def altered(source: str, output: str) -> list[set[str]]:
    spans = m.protected_spans(source)
    return [m.altered_protected_kinds(e, spans) for e in diff_edits(source, output)]


@pytest.mark.parametrize(
    "source, output, kinds",
    [
        ("Call 888-669-1134 today.", "Call 888-69-1134 today.", {"digit"}),
        ("It cost $44 then.", "It cost $444 then.", {"digit"}),
        ("It cost $499 then.", "It cost $49 then.", {"digit"}),
        ("A rise (55%) here.", "A rise (5%) here.", {"digit"}),
        ("Built in 1066 there.", "Built in 10666 there.", {"digit"}),
        ("Open https://example.com now.", "Open https:/example.com now.", {"url"}),
        ("Mail jane@example.org now.", "Mail jane@example.com now.", {"email"}),
        ("The IEEE says so.", "The IEE says so.", {"acronym"}),
        ("Use getElementById here.", "Use getElementByID here.", {"identifier"}),
        ("Edit src/main.rs now.", "Edit src/main.r now.", {"identifier"}),
        ("Ask @jane today.", "Ask @Jane today.", {"identifier"}),
    ],
)
def test_an_edit_that_changes_a_protected_token_is_counted(source, output, kinds):
    assert set().union(*altered(source, output)) == kinds


@pytest.mark.parametrize(
    "source, output",
    [
        ("He have 5 cats.", "He has 5 cats."),  # the word next to the number
        ("In 2019 the law changed.", "In 2019, the law changed."),  # punctuation after it
        ("Visit https://example.com.", "Visit https://example.com!"),  # sentence punctuation after a URL
        ("The IEEE say so.", "The IEEE says so."),
    ],
)
def test_an_edit_beside_a_protected_token_is_not_counted(source, output):
    assert diff_edits(source, output)
    assert altered(source, output) == [set() for _ in diff_edits(source, output)]


def test_an_insertion_inside_a_token_alters_it_and_one_at_its_edge_does_not():
    @dataclass
    class Insert:
        start: int
        end: int
        replacement: str

    spans = m.protected_spans("Pay $44 now")
    assert m.altered_protected_kinds(Insert(5, 5, " "), spans) == {"digit"}
    assert m.altered_protected_kinds(Insert(7, 7, ","), spans) == set()
    assert m.altered_protected_kinds(Insert(4, 4, "US"), spans) == set()


def test_long_edits_are_more_than_three_words():
    assert not m.is_long_edit("when we should")
    assert m.is_long_edit("when we should and")
    assert not m.is_long_edit("can’t mix and")  # an inner apostrophe keeps one word


@pytest.mark.parametrize(
    "source, output, expected",
    [
        ("Solo: A Star Wars Story.", "Solo: A Star Star Star Wars Story.", True),
        ("Star Wars Star.", "Star Star.", True),  # a deletion that makes two copies meet
        ("We had enough.", "We had had enough.", True),
        ("We had had enough of it.", "We had had enough of this.", False),  # the source has it
        ("I saw the the cat.", "I saw the cat.", False),  # a repetition removed
        ("They moved to a new town.", "They moved to a new new town.", True),
        ("Go to the shop, the shop is open.", "Go to the shop; the shop is open.", False),  # not adjacent
    ],
)
def test_added_repetitions(source, output, expected):
    edits = diff_edits(source, output)
    assert edits
    assert any(m.adds_repetition(source, output, e.out_start, e.out_end) for e in edits) is expected


def test_sentence_flags_count_each_detector_and_garbling():
    source = "I photographed 1066 otter prints in the snow near the lake yesterday."
    output = "I photographed 10666 other prints."
    flags = m.sentence_flags(source, output, diff_edits(source, output))
    assert flags.suggestions == 3
    assert flags.protected["digit"] == 1 and flags.protected_any == 1
    assert flags.long_edits == 1
    assert flags.garbled
    fine, fixed = "She go home after school every day.", "She goes home after school every day."
    light = m.sentence_flags(fine, fixed, diff_edits(fine, fixed))
    assert (light.suggestions, light.protected_any, light.long_edits, light.repetitions, light.garbled) == (1, 0, 0, 0, False)
    assert m.sentence_flags("She go.", "She goes.", diff_edits("She go.", "She goes.")).garbled  # 2 chars > 15% of 7
    shrunk = "A very long and winding sentence about things."
    assert m.sentence_flags(shrunk, "A long sentence.", diff_edits(shrunk, "A long sentence.")).garbled


@pytest.mark.parametrize(
    "n, bucket",
    [(0, "<64"), (63, "<64"), (64, "64-95"), (95, "64-95"), (96, "96-127"), (127, "96-127"), (128, "128+"), (400, "128+")],
)
def test_length_buckets(n, bucket):
    assert m.length_bucket(n) == bucket


MARKDOWN = """# Title

Some _emphasis_ and `code` here, see [the book](https://example.com).

```rust
fn main() { let words = 1; }
```

> ### Heading in a quote
> Quoted prose.

| a | b |
|---|---|
| c | d |

Use <code>x</code> now.
"""


def test_fenced_code_and_prose_words():
    ((start, end),) = m.fenced_code_ranges(MARKDOWN)
    assert MARKDOWN[start:end].startswith("```rust") and MARKDOWN[start:end].rstrip().endswith("```")
    assert m.prose_word_count(MARKDOWN) == m.word_count(MARKDOWN) - m.word_count(MARKDOWN[start:end])
    assert m.prose_word_count("one two\n~~~\nthree\n~~~\nfour") == 3
    assert m.prose_word_count("one\n```\nnever closed") == 1


@pytest.mark.parametrize(
    "needle, replacement, expected",
    [
        ("_emphasis", "emphasis", True),  # the emphasis marker
        ("`code`", "code", True),
        ("fn main", "fn mian", True),  # inside fenced code
        ("### Heading", "## Heading", True),  # a heading inside a block quote
        ("| c |", "| see |", True),  # a table row
        ("<code>x</code>", "<code>y</code>", True),
        ("example.com", "example.org", True),  # a link target
        ("Some", "Any", False),
        ("Quoted prose", "Quoted text", False),
        ("here", "here *", True),  # adds a markup character
    ],
)
def test_suggestions_in_markdown_markup(needle, replacement, expected):
    start = MARKDOWN.index(needle)
    end = start + len(needle)
    ranges = m.markdown_markup_ranges(MARKDOWN)
    assert m.in_markup(start, end, needle, replacement, ranges) is expected


def test_placeholders():
    assert m.has_placeholder("the Xxxxxxxx")
    assert m.has_placeholder("a \ufffc here")
    assert not m.has_placeholder("Xerox and X-rays")


# -- edge_model.evaluate bookkeeping ---------------------------------------------------------

NOOP = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"


@pytest.mark.parametrize(
    "block, expected",
    [
        (f"S It is fine .\n{NOOP}\n{NOOP.replace('|||0', '|||1')}", True),
        ("S It is fine .", True),  # CoNLL-2013 writes no A line for a correct sentence
        (f"S He go .\n{NOOP}\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||1", False),  # one annotator edits
        ("S He go .\nA 1 2|||Um||||||REQUIRED|||-NONE-|||0", False),
    ],
)
def test_gold_noop_means_no_annotator_edits(block, expected):
    assert evaluate.m2_gold_noop(block) is expected


def test_natural_source_tokens_map_back_onto_m2_tokens():
    tokens = ["We", "'re", "here", "at", "5", "p.m.", "today", "."]
    source = "We're here at 5 p.m. today."
    assert evaluate.align_tokens(tokens, source) is not None
    hyp = evaluate.retokenise_output(tokens, source, "We're there at 5 p.m. today.", str.split)
    assert hyp == ["We", "'re", "there", "at", "5", "p.m.", "today", "."]
    # when the tokens do not line up with the source, the whole output is tokenised
    assert evaluate.retokenise_output(["We", "are"], "We're", "We are", str.split) == ["We", "are"]


def test_safety_report_counts_false_alarms_only_on_gold_noop_sentences():
    report = evaluate.SafetyReport()
    report.add("It is fine.", "It is fine!", gold_noop=True, n_tokens=5)  # a false alarm
    report.add("It is good.", "It is good.", gold_noop=True, n_tokens=70)
    report.add("He go home.", "He goes home.", gold_noop=False, n_tokens=100)
    report.add("Pay $44 now.", "Pay $444 now.", gold_noop=False, n_tokens=130)
    d = report.as_dict()
    assert (d["sentences"], d["changed"], d["gold_noop"], d["false_alarms"]) == (4, 3, 2, 1)
    assert d["false_alarm_rate"] == 50.0
    assert d["protected"]["digit"] == 1 and d["protected_any"] == 1
    assert d["by_length"]["<64"] == {"sentences": 1, "changed": 1, "garbled": 0}
    assert d["by_length"]["64-95"] == {"sentences": 1, "changed": 0, "garbled": 0}
    assert d["by_length"]["128+"]["changed"] == 1
    table = evaluate.format_tables(
        {"edgegram": {"cweb-g": {"errant": {"precision": 40.0, "recall": 10.0, "f05": 25.0}, "safety": d}}}
    )
    row = next(line for line in table.splitlines() if line.startswith("edgegram       cweb-g") and "50.00" in line)
    assert "1/2" in row and "25.00" in row


def test_edit_records_keep_every_score_and_drop_the_message():
    edit = Edit(3, 5, "is", "be", EditKind.VERB_FORM, "Use the right verb form", 0.75)
    record = evaluate.edit_record(edit)
    assert "message" not in record
    assert {k: record[k] for k in ("start", "end", "replacement", "original", "kind", "confidence")} == {
        "start": 3,
        "end": 5,
        "replacement": "is",
        "original": "be",
        "kind": "verb_form",
        "confidence": 0.75,
    }

    @dataclass(frozen=True)
    class ScoredEdit(Edit):
        source_prob: float = 0.0  # a score field the engine might add later

    extended = evaluate.edit_record(ScoredEdit(3, 5, "is", "be", EditKind.VERB_FORM, "m", 0.75, source_prob=0.4))
    assert extended["source_prob"] == 0.4 and json.loads(json.dumps(extended)) == extended


def test_missing_shared_data_is_a_clear_error(tmp_path, capsys):
    assert evaluate.main(["--shared", str(tmp_path / "nowhere")]) == 2
    assert "shared data not found" in capsys.readouterr().err


def test_unknown_sets_are_refused(capsys):
    assert evaluate.main(["--sets", "bea19,nonsense"]) == 2
    assert "nonsense" in capsys.readouterr().err


def test_a_run_on_natural_text_writes_results_and_every_candidate_edit(tiny_model_dir, tmp_path, capsys):
    """The whole evaluation on a tiny CWEB-like set with the tiny model: the JSON's counts agree
    with the dumped candidate edits filtered at the threshold."""
    pytest.importorskip("errant", reason="the evaluation needs the eval extra")
    try:
        evaluate.ErrantScorer()
    except evaluate.EvalUnavailable as exc:
        pytest.skip(str(exc))
    from edgegram.engine.core.edits import apply_edits

    cweb = tmp_path / "shared" / "data" / "dev" / "cweb"
    (cweb / "m2").mkdir(parents=True)
    (cweb / "raw").mkdir()
    sources = ["The dog run fast.", "They're happy at 5 p.m. today.", "It is a fine day."]
    (cweb / "raw" / "CWEB-G.dev.source").write_text("\n".join(sources) + "\n", encoding="utf-8")
    (cweb / "m2" / "CWEB-G.dev.m2").write_text(
        "S The dog run fast .\nA 2 3|||R:VERB:SVA|||runs|||REQUIRED|||-NONE-|||0\n" + NOOP.replace("|||0", "|||1") + "\n\n"
        f"S They 're happy at 5 p.m. today .\n{NOOP}\n" + NOOP.replace("|||0", "|||1") + "\n\n"
        f"S It is a fine day .\n{NOOP}\n" + NOOP.replace("|||0", "|||1") + "\n\n",
        encoding="utf-8",
    )
    out, dump = tmp_path / "r.json", tmp_path / "edits.jsonl"
    code = evaluate.main(
        [
            "--shared",
            str(tmp_path / "shared"),
            "--model",
            str(tiny_model_dir),
            "--sets",
            "cweb-g",
            "--min-confidence",
            "0",
            "0.5",
            "--json",
            str(out),
            "--dump-edits",
            str(dump),
        ]
    )
    assert code == 0
    results = json.loads(out.read_text())["results"]
    records = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    assert [r["source"] for r in records] == sources
    assert [r["gold_noop"] for r in records] == [False, True, True]
    for threshold, name in ((0.0, "edgegram@0"), (0.5, "edgegram@0.5")):
        safety = results[name]["cweb-g"]["safety"]
        outputs = [
            apply_edits(
                r["source"],
                [Edit(**{**e, "kind": EditKind(e["kind"]), "message": ""}) for e in r["edits"] if e["confidence"] >= threshold],
            )
            for r in records
        ]
        assert safety["sentences"] == 3 and safety["gold_noop"] == 2
        assert safety["changed"] == sum(o != s for o, s in zip(outputs, sources))
        assert safety["false_alarms"] == sum(o != s for o, s in zip(outputs[1:], sources[1:]))
        assert results[name]["cweb-g"]["errant"]["sentences"] == 3
    assert "edgegram@0.5   cweb-g" in capsys.readouterr().out


class _FirstTehChecker:
    """Stand-in checker: in each paragraph, corrects only the first 'teh' (confidence 0.8)."""

    def check(self, text, progress=None):
        edits, start = [], 0
        for paragraph in text.split("\n\n"):
            index = paragraph.find("teh")
            if index >= 0:
                edits.append(Edit(start + index, start + index + 3, "the", "teh", EditKind.SPELLING, "", 0.8, 0.8))
            start += len(paragraph) + 2
        return edits


def test_second_pass_corrects_each_threshold_s_output_again_at_that_threshold():
    system = evaluate.EngineSystem.__new__(evaluate.EngineSystem)
    system.checker = _FirstTehChecker()
    system.thresholds = [0.5, 0.9]
    system.doc_sentences = None
    system.names = {0.5: "edgegram@0.5", 0.9: "edgegram@0.9"}
    first = {"edgegram@0.5": ["the teh cat.", "Fine."], "edgegram@0.9": ["teh teh cat.", "Fine."]}
    again = system.second_pass("bea19", first)
    assert again == {"edgegram@0.5+2nd": ["the the cat.", "Fine."], "edgegram@0.9+2nd": ["teh teh cat.", "Fine."]}


class _RecordingTehChecker(_FirstTehChecker):
    """:class:`_FirstTehChecker` that remembers every document it was given."""

    def __init__(self):
        self.documents = []

    def check(self, text, progress=None):
        self.documents.append(text)
        return super().check(text, progress)


def test_sets_are_checked_as_one_document_or_as_documents_of_n_sentences():
    sources = ["A teh cat.", "Fine.", "teh end.", "Ok.", "So teh."]
    for size, documents in [(None, 1), (2, 3), (1, 5)]:
        checker = _RecordingTehChecker()
        per_source = evaluate.check_as_document(checker, sources, "test", size)
        assert len(checker.documents) == documents
        assert "\n\n".join(checker.documents) == "\n\n".join(sources)  # every source, in order, once
        assert [[(e.start, e.end) for e in edits] for edits in per_source] == [[(2, 5)], [], [(0, 3)], [], [(3, 6)]]


def test_fce_dev_sentences_get_gold_m2_from_their_corrections(tmp_path):
    pytest.importorskip("errant", reason="the gold M2 needs the eval extra")
    try:
        evaluate.ErrantScorer()
    except evaluate.EvalUnavailable as exc:
        pytest.skip(str(exc))
    text = "I have recieved the letter. It is fine."
    essay = {"text": text, "edits": [[0, [[7, 15, "received"]]]]}
    (tmp_path / "dev" / "fce").mkdir(parents=True)
    (tmp_path / evaluate.FCE_DEV).write_text(json.dumps(essay) + "\n", encoding="utf-8")
    first, second = evaluate.load_set(tmp_path, "fce", None)
    assert (first.source, first.gold_noop, second.gold_noop) == ("I have recieved the letter.", False, True)
    assert first.m2.splitlines()[1].startswith("A 2 3|||R:SPELL|||received|||")
