"""The program's messages in Spanish: why the engine refuses an action, what is wrong
with a file (its schema, its limits, the YAML itself), why a file cannot be read or
written, and which expectations of a walkthrough failed. Each is worded in the language
spoken when it is produced: in Spanish under ``--lang es`` (or a Spanish locale), in
English otherwise, the English words as they always were. Spanish messages quote values
and code one way, between backticks (a title between «», as the English between “”)."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import pytest

from rentoy.cli import main
from rentoy.engine import REASONS, Deal, Game, Hand
from rentoy.errors import IllegalAction, InputError
from rentoy.files import check_output, describe_os_error
from rentoy.i18n import has_translation, use_language
from rentoy.ruletable import RULE_NAMES
from rentoy.limits import over_limit, shown
from rentoy.walkthrough import parse_walkthrough, run_walkthrough
from rentoy.yamlfile import parse_document, read_text
from test_engine_refusals import CASES, position

STANDARD = Deal.parse([["3c", "6b", "7e"], ["12c", "2b", "4e"], ["2c", "1o", "5e"],
                       ["11c", "3b", "6e"]], up="5o")

#: A walkthrough whose branch expects a refusal and gets it (the reason said in the
#: transcript), and whose other branch expects what does not happen.
WALKTHROUGH = """\
title: A raise out of turn
variant: "1737"
score: [4, 5]
deal:
  hands: [[3c, 6b, 7e], [12c, 2b, 4e], [2c, 1o, 5e], [11c, 3b, 6e]]
  up: 5o
actions: ["0 raise"]
branches:
  - name: Seat 2 answers for its own team
    actions: ["2 accept"]
    expect: {illegal: true, reason: own-raise}
  - name: Seat 1 folds at once
    actions: ["1 fold"]
    expect: {hand_winner: B, score: [4, 6]}
"""


def _quotes(text: str) -> set[str]:
    """The quotation marks a message uses around values (not an apostrophe in a word,
    nor the «» around a title)."""
    return {q for q in ("'", '"', "“") if re.search(rf"(^|[\s(:]){q}", text)}


# -- the engine's refusals ------------------------------------------------------------

def test_a_refusal_is_worded_in_the_language_spoken_when_it_is_made():
    hand = Hand("1737", deal=STANDARD)
    with use_language("es"):
        refused = hand.refusal("1 raise")
    assert refused is not None and refused.reason == "not-your-turn"
    assert refused.detail == "le toca al asiento 0, no al asiento 1"
    assert str(refused) == ("le toca al asiento 0, no al asiento 1 [not-your-turn] "
                            "(regla `raise_when` de la variante 1737, fuente: source-es)")
    english = hand.refusal("1 raise")
    assert english is not None and english.detail == "it is seat 0's turn, not seat 1's"
    assert str(english) == ("it is seat 0's turn, not seat 1's [not-your-turn] "
                            "(rule `raise_when` of variant 1737, source: source-es)")


def test_rule_specific_refusals_in_spanish():
    hand = Hand("1737", deal=STANDARD)
    hand.apply("0 raise")
    with use_language("es"):
        assert hand.refusal("0 play 3c").detail == (
            "el envite del equipo A a 3 espera la respuesta del equipo B; hasta entonces no "
            "se juega ninguna carta")
        assert hand.refusal("2 accept").detail == (
            "el asiento 2 es del equipo A, que hizo el envite; responde el equipo B")
    trumps = Hand("1737", deal=Deal.parse(
        [["5o", "4e", "5e"], ["3o", "12o", "6c"], ["12e", "4c", "1b"], ["10c", "6b", "7b"]],
        up="2o"))
    trumps.apply("0 play 5o")
    with use_language("es"):
        assert trumps.refusal("1 play 6c").detail == (
            "se salió de triunfo (arrastre) y el asiento 1 tiene triunfo, así que no puede "
            "jugar 6c; puede jugar: 3o 12o")
    assert trumps.refusal("1 play 6c").detail == (
        "a trump was led (arrastre) and seat 1 holds a trump, so 6c may not be played; "
        "playable: 3o 12o")


@pytest.mark.parametrize("code", sorted(CASES))
def test_every_refusal_has_its_spanish_words(code: str):
    case = CASES[code]
    hand = position(case)
    english = hand.refusal(case.action)
    with use_language("es"):
        spanish = hand.refusal(case.action)
    assert english is not None and spanish is not None
    assert spanish.reason == english.reason == code
    assert spanish.detail != english.detail
    words = re.sub(r"`[^`]*`", "", spanish.detail)       # what is quoted is code
    assert not re.search(r"\b(the|seat|team|raise|is|not)\b", words), spanish.detail
    assert not _quotes(spanish.detail), spanish.detail


def test_every_reason_s_meaning_is_in_the_catalog():
    for code, meaning in REASONS.items():
        assert has_translation(meaning, domain="rentoy"), code


def test_a_finished_game_refuses_in_spanish():
    game = Game("1737", seed=7)
    from rentoy.bots import RandomBot

    bot = RandomBot(seed=7)
    while not game.is_over:
        game.apply_unchecked(bot.choose(game.observation()))
    with use_language("es"):
        with pytest.raises(IllegalAction, match="^la partida ha terminado "):
            game.apply("0 raise")
    with pytest.raises(IllegalAction, match="^the game is over "):
        game.apply("0 raise")


def test_bad_actions_in_spanish():
    from rentoy.engine import Action, ActionSyntaxError

    _worded(lambda: Action.parse("0 jump"), ActionSyntaxError,
            "acción incorrecta `0 jump`: tipo desconocido `jump`; use play, raise, game, "
            "accept o fold",
            "bad action '0 jump': unknown kind 'jump'; use play, raise, game, accept or fold")


def _worded(call, error, spanish, english):
    """``call()`` raises ``error`` worded ``spanish`` under Spanish, ``english`` otherwise."""
    with use_language("es"), pytest.raises(error) as info:
        call()
    assert str(info.value) == spanish
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == english


# -- the command line: a refused action, a validation error, a file error --------------

def test_a_walkthrough_s_refusal_and_failures_in_spanish(tmp_path, capsys):
    path = tmp_path / "out-of-turn.yaml"
    path.write_text(WALKTHROUGH, encoding="utf-8")
    assert main(["--lang", "es", "run", str(path)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert ("Rechazada, como se esperaba: el asiento 2 es del equipo A, que hizo el envite; "
            "responde el equipo B [own-raise].") in out
    assert "Se espera: la última acción, rechazada; por la razón `own-raise`" in out
    assert "Seat 1 folds at once: línea 14: score es [5, 5]; se esperaba [4, 6]" in out
    assert "Seat 1 folds at once: línea 14: hand_winner es `A`; se esperaba `B`" in out
    assert not _quotes(out.split("Resumen")[1])

    assert main(["run", str(path)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert ("Refused, as expected: seat 2 is on team A, which made the raise; team B "
            "answers it [own-raise].") in out
    assert "Expected: the last action refused; for the reason `own-raise`" in out
    assert "Seat 1 folds at once: line 14: score is [5, 5], expected [4, 6]" in out
    assert 'Seat 1 folds at once: line 14: hand_winner is "A", expected "B"' in out


def test_the_locale_chooses_spanish_messages(tmp_path, capsys, monkeypatch):
    path = tmp_path / "bad.yaml"
    path.write_text('id: bad\nname: Bad\nextends: "1737"\nrules:\n  arrastre: sometimes\n',
                    encoding="utf-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["check", str(path)]) == 2
    assert ": rules.arrastre: aquí no se admite `sometimes`; se esperaba" in (
        capsys.readouterr().err)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["check", str(path)]) == 2
    assert ": rules.arrastre: 'sometimes' is not allowed here; expected" in (
        capsys.readouterr().err)


def test_validation_and_limit_errors_in_spanish(tmp_path, capsys):
    path = tmp_path / "ladder.yaml"
    path.write_text('id: ladder\nname: Ladder\nextends: "1737"\nrules:\n'
                    "  ladder: [" + ", ".join(str(3 * i + 1) for i in range(19)) + "]\n"
                    "  hand_size: 400\n", encoding="utf-8")
    assert main(["--lang", "es", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert ("rules.ladder: esta lista tiene 19 elementos; el límite es de 16 escalones "
            "(rentoy.limits.MAX_LADDER_STEPS) (indique 16 como máximo)") in err
    assert ("rules.hand_size: 400 es demasiado grande; el límite es de 19 cartas "
            "(rentoy.limits.MAX_HAND_SIZE) (use 19 como máximo)") in err
    assert main(["--lang", "en", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert ("rules.ladder: this list has 19 items; the limit is 16 steps "
            "(rentoy.limits.MAX_LADDER_STEPS) (give at most 16)") in err


def test_a_variant_s_inconsistent_rules_in_spanish(tmp_path, capsys):
    path = tmp_path / "even.yaml"
    path.write_text('id: even\nname: Even\nextends: "1737"\nrules:\n  tricks: 4\n'
                    "  tricks_to_win: 2\n  players: [3, 4]\n", encoding="utf-8")
    assert main(["--lang", "es", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "rules.tricks_to_win: 2 de 4 bazas no es mayoría (use 3)" in err
    assert ("rules.players: 3 jugadores no pueden formar dos equipos iguales; use un número "
            "par") in err
    assert main(["check", str(path)]) == 2
    assert "rules.tricks_to_win: 2 of 4 tricks is not a majority (use 3)" in (
        capsys.readouterr().err)


def test_over_limit_and_shown_in_spanish():
    assert over_limit("MAX_FILE_BYTES", "x") == (
        "x; the limit is 1,000,000 bytes (rentoy.limits.MAX_FILE_BYTES)")
    with use_language("es"):
        assert over_limit("MAX_LIST_LENGTH", "x") == (
            "x; el límite es de 10.000 elementos (rentoy.limits.MAX_LIST_LENGTH)")
        assert shown("a\x1bb") == "`a\\x1bb`"         # the escape still shows
        assert shown("y" * 100).endswith("...` (100 caracteres)")
    assert shown("a\x1bb") == "'a\\x1bb'"


def test_yaml_errors_in_spanish():
    with use_language("es"), pytest.raises(InputError) as info:
        parse_document("id: x\nname: [unclosed\nrules: {a: 1\n", "bad.yaml")
    assert str(info.value) == (
        "bad.yaml:3:6: esto no es YAML válido: al leer una lista entre corchetes, falta una "
        "`,` o un `]` (lo que queda sin terminar empezó en la línea 2, columna 7; revise la "
        "sangría y las comillas cerca de esta línea)")
    with pytest.raises(InputError) as info:
        parse_document("id: x\nname: [unclosed\nrules: {a: 1\n", "bad.yaml")
    assert "this is not valid YAML: while parsing a flow sequence did not find expected " \
        "',' or ']'" in str(info.value)
    with use_language("es"), pytest.raises(InputError) as info:
        parse_document("a: 1\na: 2\n", "twice.yaml")
    assert str(info.value) == ("twice.yaml:2:1: a: clave repetida `a` (YAML solo conserva la "
                               "última) (quite una de las dos)")


def test_file_errors_in_spanish(tmp_path, capsys):
    missing = tmp_path / "missing.yaml"
    assert main(["--lang", "es", "check", str(missing)]) == 2
    assert capsys.readouterr().err == f"rentoy: error: {missing}: no existe el archivo\n"
    _worded(lambda: read_text(tmp_path, "YAML"), InputError,
            f"{tmp_path}: esto es una carpeta, no un archivo YAML (indique la ruta de un "
            "archivo .yaml)",
            f"{tmp_path}: this is a directory, not a YAML file (give the path of a .yaml file)")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.yaml"
        os.mkfifo(fifo)
        with use_language("es"), pytest.raises(InputError) as info:
            read_text(fifo)
        assert "esto es una FIFO (tubería con nombre), no un archivo YAML" in str(info.value)


def test_a_file_that_may_not_be_read_in_spanish(tmp_path, monkeypatch):
    path = tmp_path / "private.yaml"
    path.write_text("id: x\n", encoding="utf-8")
    real = os.open

    def refuse(name, *args, **kwargs):
        if str(name) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    _worded(lambda: read_text(path), InputError,
            f"{path}: no se puede leer este archivo: permiso denegado (revise los permisos "
            "del archivo y de las carpetas que lo contienen)",
            f"{path}: cannot read this file: permission denied (check the permissions of the "
            "file and of the folders above it)")


def test_os_errors_and_output_checks_in_spanish(tmp_path):
    full = OSError(errno.ENOSPC, "No space left on device")
    with use_language("es"):
        assert describe_os_error(full) == (
            "no queda espacio en el dispositivo",
            "el disco está lleno; libere espacio e inténtelo de nuevo")
    assert describe_os_error(full) == ("no space left on device",
                                       "the disk is full; free some space and try again")
    taken = tmp_path / "game.yaml"
    taken.write_text("x", encoding="utf-8")
    with use_language("es"), pytest.raises(InputError) as info:
        check_output(taken, what="--save")
    assert str(info.value) == (f"{taken}: --save: el archivo ya existe (indique --force para "
                               "sustituirlo, u otro nombre)")
    with use_language("es"), pytest.raises(InputError) as info:
        check_output(taken / "inside.yaml")
    assert str(info.value) == (f"{taken / 'inside.yaml'}: no se puede escribir aquí: {taken} "
                               "es un archivo, no una carpeta (elija otro lugar)")


# -- walkthrough files ------------------------------------------------------------------

def test_a_walkthrough_s_own_problems_in_spanish():
    text = WALKTHROUGH.replace('actions: ["0 raise"]', 'actions: ["0 raise", "7 play 3c"]')
    with use_language("es"), pytest.raises(InputError) as info:
        parse_walkthrough(text, "wt.yaml")
    assert str(info.value) == ("wt.yaml:7:22: actions[1]: no existe el asiento 7 en una mesa "
                               "de 4; los asientos van del 0 al 3")
    text = WALKTHROUGH.replace("reason: own-raise", "reason: own-rasie")
    with use_language("es"), pytest.raises(InputError) as info:
        parse_walkthrough(text, "wt.yaml")
    assert str(info.value) == ("wt.yaml:11:37: branches[0].expect.reason: código de motivo "
                               "desconocido `own-rasie` (¿quería decir `own-raise`?)")


def test_expectation_failures_in_spanish():
    wt = parse_walkthrough(WALKTHROUGH, "wt.yaml")
    with use_language("es"):
        run = run_walkthrough(wt)
    assert run.failures == ["línea 14: hand_winner es `A`; se esperaba `B`",
                            "línea 14: score es [5, 5]; se esperaba [4, 6]"]
    english = run_walkthrough(wt)
    assert english.failures == ['line 14: hand_winner is "A", expected "B"',
                                "line 14: score is [5, 5], expected [4, 6]"]


def test_the_summary_of_a_checked_walkthrough_in_spanish(tmp_path, capsys):
    path = tmp_path / "wt.yaml"
    path.write_text(WALKTHROUGH, encoding="utf-8")
    assert main(["--lang", "es", "check", "--kind", "walkthrough", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("ejemplo comentado «A raise out of turn»: variante 1737, 4 jugadores, reparto "
            "escrito, 3 acciones en 3 tramos, 2 ramas que ejecutar") in out
    assert main(["check", "--kind", "walkthrough", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("walkthrough 'A raise out of turn': variant 1737, 4 players, dealt as written, "
            "3 actions in 3 segments, 2 branches to run") in out


def test_english_words_stay_as_they_were():
    """The English messages are the English words as written in the code: the catalog
    is never read for them."""
    assert Path(__file__).parent.joinpath("golden").is_dir()
    hand = Hand("1737", deal=STANDARD)
    for text in ("0 accept", "0 fold"):
        refused = hand.refusal(text)
        assert refused is not None
        assert refused.detail == ("no raise is waiting for an answer, so seat 0 cannot "
                                  + text.split()[1])


def test_a_bad_one_line_deal_in_spanish():
    from rentoy.notation import NotationError, parse_deal

    line = "1e 2e 3e | 1e 5e 6e / up 3o"
    _worded(lambda: parse_deal(line), NotationError,
            f"reparto `{line}`: 1e (As de espadas) se reparte dos veces (asiento 0 y asiento "
            "1) (todas las cartas de un reparto son distintas)",
            f"deal '{line}': 1e (As de espadas) is dealt twice (seat 0 and seat 1) (every card "
            "of a deal is different)")


def test_check_sums_up_a_file_in_spanish(tmp_path, capsys):
    root = Path(__file__).resolve().parent.parent
    variant, walkthrough = root / "docs/tutorial/my-variant.yaml", root / "docs/examples/arrastre.yaml"
    assert main(["--lang", "es", "check", str(variant), str(walkthrough)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    # The count of rules is the rule table's; the file states 3 attested and 1 inferred.
    rules, assumed = len(RULE_NAMES), len(RULE_NAMES) - 4
    assert ("my-variant.yaml: correcto: variante my-variant (El rentoy de nuestra mesa): "
            f"{rules} reglas (3 atestiguadas, 1 inferida, {assumed} supuestas, 0 discutidas), "
            "6 opciones") in out
    assert "arrastre.yaml: correcto: ejemplo comentado «El arrastre»: variante 1737" in out
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("id: x\n", encoding="utf-8")
    assert main(["--lang", "es", "check", str(unknown), str(tmp_path)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "no se sabe si es un archivo de variante (con `id`, `name`, `rules`)" in err
    assert ("esto es una carpeta, no un archivo de variante o de ejemplo comentado (para "
            "comprobar todos sus archivos: rentoy check") in err
    assert main(["check", str(variant)]) == 0
    assert (f"{rules} rules (3 attested, 1 inferred, {assumed} assumed, 0 disputed), "
            "6 options") in " ".join(
        capsys.readouterr().out.split())


def test_a_rule_carried_over_says_so_in_spanish():
    from rentoy.dependencies import CarriedOver

    item = CarriedOver("calls", "raise", "modern", None, ("ladder", "target"), {})
    assert item.label == "carried over from another ladder and another target"
    with use_language("es"):
        assert item.label == ("heredada de una lectura con otra escala de valores y otro "
                              "tanteo para ganar la partida")


def test_check_s_json_is_english_in_every_language(tmp_path, capsys):
    import json

    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("id: x\n", encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    assert main(["--lang", "es", "check", str(root / "docs/examples/arrastre.yaml"),
                 str(unknown), "-f", "json"]) == 2
    results = json.loads(capsys.readouterr().out)["results"]
    assert results[0]["summary"].startswith("walkthrough 'The arrastre': variant 1737")
    assert results[1]["problems"][0]["message"].startswith("cannot tell whether this is")


def test_lookups_listings_and_the_cluster_refuse_in_spanish():
    from rentoy.comparison.reference import glossary_report, source_report
    from rentoy.simulation.cluster import dask_executor
    from rentoy.variants import load_variants
    from rentoy.workers import WorkerLost

    _worded(lambda: source_report("autoridades-173"), InputError,
            "fuente desconocida 'autoridades-173': no está en variants/sources.yaml "
            "(¿quería decir `autoridades-1737`?)",
            "unknown source 'autoridades-173': it is not in variants/sources.yaml "
            "(did you mean `autoridades-1737`?)")
    _worded(lambda: glossary_report("nope"), InputError,
            "el glosario no tiene el término 'nope' (`rentoy glossary` los enumera)",
            "no term 'nope' in the glossary (`rentoy glossary` lists them)")
    _worded(lambda: load_variants(["1737", "1737"]), InputError,
            "la variante 1737 se nombra dos veces (nombre cada variante una sola vez)",
            "variant 1737 is named twice (name each variant once)")

    def both() -> None:
        with dask_executor("tcp://127.0.0.1:1", "scheduler.json"):
            pass

    _worded(both, InputError,
            "indique la dirección del planificador de dask o su archivo de planificador, "
            "no ambas cosas (--dask tcp://HOST:8786 o --dask-scheduler-file ARCHIVO)",
            "give the dask scheduler's address or its scheduler file, not both "
            "(--dask tcp://HOST:8786 or --dask-scheduler-file FILE)")
    with use_language("es"):
        lost = str(WorkerLost(2, 5))
    assert lost.startswith("un proceso trabajador terminó de golpe (lo mató una señal, "
                           "quizá el sistema por falta de memoria) cuando se habían hecho "
                           "2 de 5 partes del trabajo; vuelva a ejecutarlo")
    assert str(WorkerLost(1_000, 2_000)).startswith(
        "a worker process ended abruptly (killed by a signal, perhaps by the system for "
        "want of memory) after 1,000 of 2,000 pieces of the work were done; run it again")
