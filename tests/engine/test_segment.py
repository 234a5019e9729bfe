"""Sentence segmentation: offsets, abbreviations, decimals, quotes, lists, line endings."""

import pytest

from edgegram.engine.sentences.segment import Span, segment, split_long


def sentences(text: str) -> list[str]:
    return [text[s.start : s.end] for s in segment(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Dr. Smith arrived. He sat down.", ["Dr. Smith arrived.", "He sat down."]),
        (
            "Mr. and Mrs. Brown came, e.g. on Monday. Then they left.",
            ["Mr. and Mrs. Brown came, e.g. on Monday.", "Then they left."],
        ),
        ("Apples, i.e. fruit, etc. are sold. Fine.", ["Apples, i.e. fruit, etc. are sold.", "Fine."]),
        ("I bought pens etc. Then I left.", ["I bought pens etc.", "Then I left."]),
        ("The U.S. Army came. It left.", ["The U.S. Army came.", "It left."]),
        ("I live in the U.S. The weather is nice.", ["I live in the U.S.", "The weather is nice."]),
        ("J. R. Tolkien wrote it. Yes.", ["J. R. Tolkien wrote it.", "Yes."]),
        ("Pi is 3.14 today. It was 2.5 yesterday.", ["Pi is 3.14 today.", "It was 2.5 yesterday."]),
        ('"He left." She stayed.', ['"He left."', "She stayed."]),
        ("He said “stop!” Then he ran.", ["He said “stop!”", "Then he ran."]),
        ("Wait... what? No!! Really?! Ok.", ["Wait... what?", "No!!", "Really?!", "Ok."]),
        ("I think… Maybe not.", ["I think…", "Maybe not."]),
        ("see www.example.com now. Go.", ["see www.example.com now.", "Go."]),
        ("no final stop", ["no final stop"]),
    ],
)
def test_sentence_boundaries(text, expected):
    assert sentences(text) == expected


def test_single_newline_does_not_end_a_sentence_but_a_blank_line_does():
    text = "This sentence\ncontinues here. Next one\n\nNew paragraph without stop\nSecond line."
    assert sentences(text) == [
        "This sentence\ncontinues here.",
        "Next one",
        "New paragraph without stop\nSecond line.",
    ]


def test_list_items_and_headings_stand_alone():
    text = "# Title\nIntro line\n- first item\n* second item\n1. third item\n2) fourth\nafter"
    assert sentences(text) == [
        "# Title",
        "Intro line",
        "- first item",
        "* second item",
        "1. third item",
        "2) fourth\nafter",
    ]


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_line_endings(newline):
    text = newline.join(["First line", "goes on.", "", "Second para.", "- item"])
    assert sentences(text) == [f"First line{newline}goes on.", "Second para.", "- item"]


def test_offsets_are_code_points_with_emoji_and_cjk():
    text = "😀 Emoji first. 你好。我很好！Café is nice."
    spans = segment(text)
    assert [text[s.start : s.end] for s in spans] == ["😀 Emoji first.", "你好。", "我很好！", "Café is nice."]
    assert spans[0].start == 0 and spans[1].start == text.index("你")


def test_spans_are_trimmed_ordered_and_cover_all_visible_text():
    text = "  One.   Two?\n\n\n  Three!  \r\n- four  "
    spans = segment(text)
    assert all(not text[s.start].isspace() and not text[s.end - 1].isspace() for s in spans)
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))
    covered = "".join(text[s.start : s.end] for s in spans)
    assert covered.replace(" ", "") == "".join(text.split())


def test_empty_and_blank_text():
    assert segment("") == []
    assert segment(" \n\r\n\t ") == []


def test_split_long_prefers_semicolon_then_comma_then_space_and_keeps_all_text():
    text = "alpha beta; gamma delta, epsilon zeta eta theta"
    pieces = split_long(Span(0, len(text)), text, 20)
    parts = [text[p.start : p.end] for p in pieces]
    assert parts[0] == "alpha beta;"
    assert parts[1] == "gamma delta,"
    assert all(len(p) <= 20 for p in parts)
    assert " ".join(parts) == text


def test_split_long_hard_breaks_a_word_longer_than_the_limit_without_losing_it():
    text = "x" * 25
    pieces = split_long(Span(0, 25), text, 10)
    assert [len(p) for p in pieces] == [10, 10, 5]
    assert "".join(text[p.start : p.end] for p in pieces) == text


def test_split_long_leaves_short_spans_alone():
    text = "  short one  "
    assert split_long(Span(0, len(text)), text, 100) == [Span(2, 11)]
