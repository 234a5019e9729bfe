"""The rules' view of a sentence's words: which are parts of a longer token, where a phrase ends."""

from edgegram.engine.analysis.trade_words import keeps_lower_case
from edgegram.engine.finders.rules import articles, own_case
from edgegram.engine.finders.rules.tokens import FREE_WORD_RE, ends_phrase, glued, words
from edgegram.engine.sentences.lexicon import shipped_lexicon


def _glued(sentence: str) -> dict[str, bool]:
    return {w.text: glued(sentence, w) for w in words(sentence)}


def test_a_word_joined_by_a_hyphen_dot_slash_or_at_is_glued():
    assert _glued("the many-to-many relationship") == {"the": False, "many": True, "to": True, "relationship": False}
    assert _glued("those node.js presets")["node"] and _glued("a sys/types header")["types"]
    assert _glued("ask @user now")["user"]


def test_a_variable_and_a_urls_scheme_are_glued_and_every_reader_of_glue_agrees():
    """ "$a" is a shell's or PHP's variable, "http" of "http://" a scheme: parts of tokens for the
    rules' words, the articles, the names' cases and the words kept in lower case alike."""
    assert _glued("when $a is less")["a"] and _glued("see http://example.org")["http"]
    lexicon = shipped_lexicon()
    assert list(articles.find("A message shows when $a is less than 2.", lexicon)) == []
    assert [m.group(1) for m in FREE_WORD_RE.finditer("use http://x.org, $var and node.js")] == ["use", "and"]
    assert list(own_case.find("See http://github.com or $github, not Github.", lexicon)) == [(38, 44, "GitHub")]
    assert keeps_lower_case("$pip is set", 1, 4) and not keeps_lower_case("pip is set", 0, 3)


def test_a_calls_argument_a_commits_scope_and_a_word_before_a_bracket_are_glued():
    """ "fix(django):" is a conventional commit's scope, "print(value)" a call, "git(1)" a manual
    page: none is a word of the sentence, so no name list asks for "Django"."""
    assert _glued("fix(django): catch the error")["django"] and _glued("call print(value) here")["value"]
    assert _glued("see git(1) for more")["git"] and _glued("call print(value) here")["print"]
    assert not _glued("use django (the framework) here")["django"]
    lexicon = shipped_lexicon()
    assert list(own_case.find("fix(django): catch the error in github", lexicon)) == [(32, 38, "GitHub")]
    assert [m.group(1) for m in FREE_WORD_RE.finditer("feat(api): add it")] == ["add", "it"]


def test_a_word_before_a_full_stop_or_an_apostrophe_is_free():
    assert _glued("two files. Then") == {"two": False, "files": False, "Then": False}
    assert not any(_glued("don't stop at the node.").values())


def test_a_dot_inside_a_name_ends_no_phrase():
    sentence = "those node.js presets and the node. Then"
    ws = words(sentence)
    at = [w.text for w in ws]
    assert not ends_phrase(sentence, ws, at.index("node"))
    assert ends_phrase(sentence, ws, len(ws) - 2)  # "node." before "Then"


def test_a_dotted_name_at_a_sentences_end_ends_its_phrase():
    sentence = "Use node.js. Then stop"
    ws = words(sentence)
    assert ends_phrase(sentence, ws, [w.text for w in ws].index("js"))
