"""Invocations that name nothing to work on, or the wrong thing, each refused in one line
that says what is wrong and what would be right, with exit status 2, in both languages
(never a usage dump, an argparse error, an empty table or a message about a folder)."""

from __future__ import annotations

import pytest

from inprocess import run as cli

#: (arguments, words the English message holds, words the Spanish one holds).
CASES = [
    (("rules", ""), ["the variant is empty", "rentoy rules 1737"],
     ["la variante está vacía", "rentoy rules 1737"]),
    (("rules", "+borrego"), ["+borrego names options but no variant", "1737+borrego"],
     ["ninguna variante delante", "1737+borrego"]),
    (("simulate", "+borrego", "-n", "10"), ["no variant", "1737+borrego"],
     ["ninguna variante", "1737+borrego"]),
    (("solve", ""), ["the position is empty", "rentoy solve docs/tutorial/perfect-play.yaml"],
     ["la posición está vacía", "rentoy solve docs/tutorial/perfect-play.yaml"]),
    (("solve", "nonsense"), ["neither a file nor a deal", "/ up"],
     ["no es un archivo ni un reparto", "/ up"]),
    (("--lang", "ES", "rules", "1737"), ["--lang 'ES'", "--lang es"],
     ["--lang `ES`", "--lang es"]),
    (("--lang", "", "rules", "1737"), ["--lang ''", "--lang en or --lang es"],
     ["--lang ``", "--lang en o --lang es"]),
    (("compare", "1737"), ["two variants or more", "rentoy compare 1737 avila",
                           "rentoy rules 1737"],
     ["dos variantes o más", "rentoy compare 1737 avila", "rentoy rules 1737"]),
    (("compare", "1737", ""), ["the variant is empty"], ["la variante está vacía"]),
    (("simulate", "1737", "-n", "10", "--games", "3"),
     ["--games 3", "no --save-games DIR", "--save-games games/ --games 3"],
     ["--games 3", "--save-games CARPETA", "--save-games partidas/ --games 3"]),
]


def _spanish(args: tuple[str, ...]) -> tuple[str, ...]:
    """``args`` with Spanish spoken: --lang es, or a Spanish locale where --lang itself is
    the mistake."""
    return args if args[0] == "--lang" else ("--lang", "es", *args)


@pytest.mark.parametrize("args,english,spanish", CASES, ids=[" ".join(c[0]) or "''"
                                                             for c in CASES])
def test_a_bad_invocation_says_what_is_wrong_and_what_is_right(args, english, spanish,
                                                                 capsys, monkeypatch):
    for language, words in (("en", english), ("es", spanish)):
        monkeypatch.setenv("LANG", "es_ES.UTF-8" if language == "es" else "C")
        monkeypatch.delenv("LANGUAGE", raising=False)
        monkeypatch.delenv("LC_ALL", raising=False)
        monkeypatch.delenv("LC_MESSAGES", raising=False)
        status, out, err = cli(capsys, *(_spanish(args) if language == "es" else args))
        assert status == 2, (language, err)
        assert out == ""
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("rentoy: error: "), err
        assert "usage:" not in err and "uso:" not in err
        assert "folder" not in err and "carpeta," not in err and "no such file" not in err
        for word in words:
            assert word in err, (language, word, err)


def test_games_with_save_games_still_keeps_ten_by_default(tmp_path, capsys):
    status, _out, err = cli(capsys, "simulate", "1737", "-n", "40", "--save-games",
                            str(tmp_path))
    assert status == 0, err
    assert 1 <= len(list(tmp_path.glob("*.yaml"))) <= 10


def test_compare_one_variant_with_play_is_still_allowed(capsys):
    status, out, err = cli(capsys, "compare", "1737", "--solve", "4", "--format", "json")
    assert status == 0, err
    assert '"perfect_play"' in out
