"""The technical-prose corpus and the lists built from it (edge_model.data.tech_prose,
tech_terms, held_out): what is read, what is refused, what the counts make."""

import gzip
import subprocess

import pytest

from edge_model.data import tech_terms
from edge_model.data.held_out import HELD_OUT, HeldOutError, held_out_name, refuse_held_out
from edge_model.data.tech_prose import build, read_sentences, sentences_of
from edgegram.engine.sentences.lexicon import Lexicon


@pytest.mark.parametrize("path", ["/work/.mirror/rust-lang+book/repo", "/x/psf/requests/.git", "/m/python+peps/repo"])
def test_the_evaluations_sources_are_refused(path):
    assert held_out_name(path) is not None
    with pytest.raises(HeldOutError):
        refuse_held_out(path)


def test_a_mirror_passes_by_the_projects_kept_for_measuring(tmp_path):
    from edge_model.data.held_out import DEV_TEXT
    from edge_model.data.tech_prose import snapshot_dirs

    for name in ("encode+starlette", "pallets+click"):
        (tmp_path / name / "repo").mkdir(parents=True)
    assert "encode/starlette" in DEV_TEXT
    assert [path.parent.name for path in snapshot_dirs(tmp_path)] == ["pallets+click"]


def test_other_projects_are_not_refused():
    assert len(HELD_OUT) == 11
    assert held_out_name("/work/.mirror/rust-lang+cargo/repo") is None
    assert held_out_name("/work/.mirror/pallets+click/repo") is None


def test_sentences_are_read_as_the_checker_reads_them():
    text = "# A heading about it\n\nRun `cargo build` to build it. It works well.\n\n- a list item with words\n"
    found = list(sentences_of(text, "markdown"))
    assert ("heading", "A heading about it") in found
    assert ("paragraph", "Run Xx to build it.") in found  # code as the model's placeholder
    assert ("list_item", "- a list item with words") in found


def _repo(tmp_path, files: dict[str, str]):
    work = tmp_path / "owner+name" / "repo"
    work.mkdir(parents=True)
    for name, text in files.items():
        path = work / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "docs"]):
        subprocess.run(["git", *command], cwd=work, check=True, env={**env, "PATH": "/usr/bin:/bin"})
    return work / ".git"


def test_the_corpus_keeps_each_sentence_once_and_skips_translations(tmp_path):
    git_dir = _repo(
        tmp_path,
        {
            "README.md": "This tool checks the prose of your docs.\n\nThis tool checks the prose of your docs.\n",
            "docs/guide.rst": "Install the package with the usual command first.\n",
            "docs/zh/index.md": "This sentence sits in a translation folder.\n",
            "LICENSE": "Permission is hereby granted, free of charge, to any person\n",
        },
    )
    sources = build([git_dir], tmp_path / "out")
    rows = list(read_sentences(tmp_path / "out"))
    assert [(repo, sentence) for repo, _, sentence in rows] == [
        ("owner/name", "This tool checks the prose of your docs."),
        ("owner/name", "Install the package with the usual command first."),
    ]
    assert sources[0].licence == "MIT" and sources[0].files == 2 and sources[0].sentences == 2
    assert (tmp_path / "out" / "sources.tsv").read_text().splitlines()[1].startswith("owner/name\t")


def test_the_vocabulary_reads_code_and_docs_and_skips_translations(tmp_path):
    from edge_model.data.tech_vocab import repo_files

    git_dir = _repo(
        tmp_path,
        {
            "src/lib.rs": "fn parse_config() {}\n",
            "README.md": "Run kubectl apply.\n",
            "docs/fr/index.md": "Lancez kubectl.\n",
            "logo.png": "not text\n",
        },
    )
    assert sorted(repo_files(git_dir)) == ["Run kubectl apply.\n", "fn parse_config() {}\n"]


def test_the_technical_list_keeps_plurals_and_leaves_out_contractions_and_shared_typos():
    """A plural whose possessive the English list has ("booleans": "boolean's") is no contraction
    where many sources use it; "thats" is, and "todays" where few do; a word few sources share a
    letter from a much commoner one is their typo ("runc" beside "run")."""
    from collections import Counter

    from edge_model.data.tech_vocab import PLURAL_MIN_REPOS, build_tech_list
    from edgegram.engine.sentences.lexicon import Lexicon

    many = [Counter({"booleans": 10, "thats": 10, "kubectl": 10}) for _ in range(PLURAL_MIN_REPOS)]
    few = [Counter({"todays": 10, "runc": 10, "run": 1000}) for _ in range(2)]
    assert build_tech_list(many + few, Lexicon.load(), min_repos=2, min_count=5) == ["booleans", "kubectl"]


def _paragraphs(*texts: str, repos: tuple[str, ...] = ("a/a", "b/b")) -> list[tuple[str, str, str]]:
    """Each of ``texts`` as a paragraph's sentence of each of ``repos``, as tech_prose.read_sentences gives them."""
    return [(repo, "paragraph", text) for repo in repos for text in texts]


def test_names_compounds_and_terms_come_from_the_counts(monkeypatch):
    monkeypatch.setattr(tech_terms, "MIN_REPOS", 2)
    monkeypatch.setattr(tech_terms, "MIN_NAME_USES", 4)
    monkeypatch.setattr(tech_terms, "MIN_STARTS", 2)
    monkeypatch.setattr(tech_terms, "MIN_SPLIT_USES", 4)
    monkeypatch.setattr(tech_terms, "SPLIT_RATIO", 5)
    monkeypatch.setattr(tech_terms, "MIN_PHRASAL_USES", 2)
    monkeypatch.setattr(tech_terms, "MIN_TERM_USES", 4)
    sentences = _paragraphs(
        "We host the code on GitHub today.",
        "We host the code on GitHub tomorrow.",
        "pytest runs the tests in the command line.",
        "You need to set up the histogram before the command line run.",
        "The setup of the histogram takes a command line flag.",
        "The setup takes the command line as it is.",
        "It changes the setup of the command line.",
        "Please set up the histogram and the windows of the command line.",
    )
    sentences.append(("c/c", "paragraph", "Type it in the commandline once."))
    counts = tech_terms.count(sentences)
    known = Lexicon.load()
    assert ("github", "GitHub") in tech_terms.names(counts)
    assert "pytest" in tech_terms.lowercase_names(counts)
    found = tech_terms.compounds(counts, known)
    assert ("split", "commandline", "command line") in found
    assert ("verb", "setup", "set up") in found  # after "to" and "please" only the verb
    assert ("noun", "setup", "set up") in found  # after "the" only the noun
    # a pair of content words written open often and never closed: its closed form is a slip
    assert ("split", "histogramflag", "histogram flag") not in found  # never written open
    assert ("split", "linerun", "line run") not in found  # open twice: too few
    assert ("split", "codehost", "code host") not in found
    counts = tech_terms.count([*sentences, *[("d/d", "paragraph", "The code host is up.")] * 4])
    assert ("split", "codehost", "code host") in tech_terms.compounds(counts, known)
    assert "histogram" in tech_terms.terms(counts)
    assert "the" not in tech_terms.terms(counts)


def test_a_word_english_writes_in_lower_case_is_no_name(monkeypatch):
    monkeypatch.setattr(tech_terms, "MIN_REPOS", 2)
    monkeypatch.setattr(tech_terms, "MIN_NAME_USES", 4)
    sentences = _paragraphs(
        "The code is on GitHub Labs and Nano edits it.",
        "Open the URL in Nano or ask GitHub Labs first.",
        "The URL is kept here.",
    )
    counts = tech_terms.count(sentences)
    found = dict(tech_terms.names(counts))
    assert found["labs"] == "Labs" and found["nano"] == "Nano" and found["url"] == "URL"  # the corpus alone
    english = ["Police raided two meth labs and the iPod nano sold well.", "The labs opened in Nano Street; the url was new."]
    found = dict(tech_terms.names(counts, english))
    assert "labs" not in found  # lower case twice of three uses in English at large
    assert found["nano"] == "Nano"  # once in lower case: too few to say
    assert found["url"] == "URL"  # an acronym: own_case leaves its lower case alone anyway


def test_a_pair_hyphenated_before_nouns_far_more_often_than_not_is_a_compound_modifier(monkeypatch):
    monkeypatch.setattr(tech_terms, "MIN_REPOS", 2)
    monkeypatch.setattr(tech_terms, "MIN_HYPHEN_USES", 4)
    sentences = _paragraphs(
        "It gives read-only access to the top-level directory.",
        "Keep a read-only copy in the top level directory.",
        "The file is read only once, in the long term.",  # no noun after: not counted
        "The long-term plan beats the long term plan, and the foo-read-only flag is set.",
    )
    found = tech_terms.compounds(tech_terms.count(sentences), Lexicon.load())
    assert ("hyphen", "read-only", "read only") in found  # 4 of 4 before a noun
    assert ("hyphen", "top-level", "top level") not in found  # 2 of 4: no more than writers' choice
    assert ("hyphen", "long-term", "long term") not in found  # twice: too few
    assert not any(row[1] == "foo-read" for row in found)  # part of an identifier


def test_the_shipped_lists_are_gzip_tables():
    from edgegram.engine.analysis.trade_words import COMPOUNDS_LIST, NAMES_LIST

    with gzip.open(NAMES_LIST, "rt") as f:
        assert all(len(line.rstrip("\n").split("\t")) == 2 for line in f)
    with gzip.open(COMPOUNDS_LIST, "rt") as f:
        assert {line.split("\t")[0] for line in f} == {"split", "verb", "noun", "hyphen"}


def test_the_trade_pairs_are_the_corpus_pairs_on_the_webs_scale_that_reach_its_least_count():
    from collections import Counter

    from edge_model.data import trade_pairs

    # the web counts every calibration pair 1,000 times as often as the corpus: the scale
    web = {" ".join(pair): 1000 * 10 for pair in trade_pairs.CALIBRATION_PAIRS} | {"a rare": 8_000}
    corpus = Counter({pair: 10 for pair in trade_pairs.CALIBRATION_PAIRS})
    corpus.update({("commit", "log"): 9, ("log", "message"): 7, ("odd", "pair"): 3, ("use", "lints"): 9})
    assert trade_pairs.scale(corpus, web) == 1000
    books = dict.fromkeys("of in to on for and from with is a be it can the commit log message odd pair use".split(), 10**6)
    rows = dict(trade_pairs.trade_pairs(corpus, web, books))
    assert rows["commit log"] == 9_000 and rows["of the"] == 10_000  # at least the web's least, 8,000
    assert "log message" not in rows and "odd pair" not in rows  # 7,000 and 3,000: fewer
    assert "use lints" not in rows  # a word the books do not count: its pairs would look certain
    with pytest.raises(ValueError):
        trade_pairs.scale(Counter({("commit", "log"): 9}), web)


def test_the_shipped_pair_table_is_sorted_by_pair_with_the_webs_count_and_the_trades():
    from edgegram.engine.finders.word_pairs import PAIR_TABLE

    with gzip.open(PAIR_TABLE, "rt", encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f]
    assert rows and all(len(pair.split(" ")) == 2 and int(web) >= 0 and int(trade) >= 0 for pair, web, trade in rows)
    assert all(int(web) or int(trade) for _, web, trade in rows)  # a pair neither counts is not listed
    pairs = [pair.encode("utf-8") for pair, _, _ in rows]
    assert pairs == sorted(set(pairs))
    assert any(int(web) == 0 for _, web, _ in rows) and any(int(trade) == 0 for _, _, trade in rows)


def test_a_pair_tables_lines_hold_every_pair_of_either_source_sorted_by_bytes():
    from edge_model.data import trade_pairs

    lines = trade_pairs.table_lines({"of the": 9, "über alles": 4}, {"commit log": 7, "of the": 12})
    assert lines == ["commit log\t0\t7", "of the\t9\t12", "über alles\t4\t0"]
