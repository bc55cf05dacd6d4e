"""The reports in Spanish: `rentoy --lang es rules`, the narration of a walkthrough, the
other reports' headings; the JSON the same in both languages; every text of the rule
table, the reports and the narration translated; `rentoy check` warning of a variant
file's text without its Spanish.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rentoy.catalogs import code_messages
from rentoy.i18n import has_translation, set_language, use_language
from inprocess import run

ROOT = Path(__file__).resolve().parent.parent
#: The parts of the program's catalog these reports' texts belong to.
PARTS = ("rules", "reports", "narration")


@pytest.fixture(autouse=True)
def english_afterwards():
    """A run with --lang es leaves Spanish spoken in this process: speak English again."""
    yield
    set_language("en")


def rentoy(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(PYTHONPATH=str(ROOT), COLUMNS="80", **env)
    return subprocess.run([sys.executable, "-m", "rentoy", *args], capture_output=True,
                          text=True, cwd=ROOT, env=environ, timeout=120)


# ---------------------------------------------------------------------------------------
# rentoy rules

def test_rules_in_spanish_has_spanish_sections_names_values_and_statuses(capsys):
    status, out, _ = run(capsys, "--lang", "es", "--width", "200", "rules", "1737")
    assert status == 0
    for title in ("Los jugadores y el reparto", "Las cartas y su orden",
                  "El juego de las bazas", "Los envites", "La cuenta de los tantos",
                  "Opciones (se eligen con 1737+OPCIÓN)"):
        assert f"\n{title}\n" in out
    assert "- Número de jugadores: 2, 4, 6 u 8 jugadores. [atestiguada: " in out
    assert "- Orden de los triunfos: 2, rey, caballo, sota, as, 7, 6, 5, 4 y 3. [" in out
    assert ("- Obligación cuando se sale de triunfo (arrastre): todo el que tenga triunfo "
            "debe jugarlo. [inferida: ") in out
    assert "- Tantos que ganan la partida: 12 tantos. [inferida: " in out
    assert "- Partidas de una serie: una sola partida. [supuesta]" in out
    assert "[discutida: " in out and "Fuentes: Real Academia Española 1737" in out
    assert ("- 1737+borrego: cartas por encima de todos los triunfos: el 4 del palo de "
            "triunfo. [atestiguada: ") in out
    assert "Palabras que se dicen en la mesa: para querer, quiero; la carta vuelta, muestra" \
        in out
    for english in ("Players and the deal", "Number of players", "[attested", "[inferred",
                    "Options (choose", "Sources:"):
        assert english not in out


def test_rules_in_english_are_unchanged(capsys):
    status, out, _ = run(capsys, "--width", "200", "rules", "1737")
    assert status == 0
    assert "\nPlayers and the deal\n" in out
    assert "- Number of players: 2, 4, 6 or 8 players. [attested: " in out
    assert "- Order of the trumps: 2, Rey, Caballo, Sota, As, 7, 6, 5, 4 and 3. [" in out
    assert "1737+borrego: cards above every trump: the 4 of the trump suit. [attested" in out


def test_a_spanish_locale_speaks_spanish():
    done = rentoy("rules", "huetor", LANG="es_AR.UTF-8")
    assert done.returncode == 0
    assert "Los envites" in done.stdout and "Número de jugadores" in done.stdout


def test_rules_table_in_spanish_has_spanish_headings_and_cells(capsys):
    status, out, _ = run(capsys, "--lang", "es", "--width", "250", "rules", "1737",
                         "--table")
    assert status == 0
    heading = next(line for line in out.splitlines() if line.startswith("regla"))
    assert heading.split() == ["regla", "valor", "estado", "fuente", "origen", "nota"]
    assert re.search(r"^top_cards +ninguna +atestiguada +autoridades-1737 \(texto +"
                     r"este archivo", out, re.M)
    assert re.search(r"^top_cards_are_trumps +sí +supuesta", out, re.M)
    assert "\nOpciones (se eligen con 1737+<opción>)\nopción  " in out


@pytest.mark.parametrize("args", [
    ("rules", "1737"), ("rules", "huetor", "--table"), ("variants",),
    ("compare", "1737", "avila", "huetor"), ("sources", "autoridades-1737"),
    ("glossary",), ("run", "docs/examples/betting-from-4-5.yaml"),
])
def test_the_json_is_the_same_in_both_languages(capsys, args):
    english = run(capsys, *args, "--format", "json")
    spanish = run(capsys, "--lang", "es", *args, "--format", "json")
    assert english[0] == spanish[0] and english[1] == spanish[1]
    json.loads(english[1])


def test_cards_and_lists_in_spanish_words():
    from rentoy.comparison.reference import joined, value_words

    with use_language("es"):
        assert value_words("top_cards", ["10T"]) == "la sota del palo de triunfo"
        assert value_words("top_cards", ["5b", "4T"]) == (
            "el cinco de bastos y luego el 4 del palo de triunfo")
        assert value_words("players", [4, 6, 8]) == "4, 6 u 8 jugadores"
        assert joined(["2", "11"], "or") == "2 u 11"
        assert value_words("ladder", [1, 3, 6, "game"]) == (
            "vale 1, 3, 6 y la partida entera, un escalón por envite")
        assert value_words("stop_when_decided", False) == (
            "se juegan todas las bazas, aunque la mano ya esté decidida")
    assert value_words("top_cards", ["10T"]) == "the Sota of the trump suit"


# ---------------------------------------------------------------------------------------
# The other reports

def test_variants_compare_sources_and_glossary_in_spanish(capsys):
    _, out, _ = run(capsys, "--lang", "es", "--width", "200", "variants")
    assert out.split("\n")[0].split()[:4] == ["id", "nombre", "época", "región"]
    assert "cuántas reglas de la variante hay de cada estado: atestiguada (A)" in out
    _, out, _ = run(capsys, "--lang", "es", "--width", "200", "compare", "1737", "avila")
    assert out.startswith("Reglas que difieren: 1737, avila\n")
    assert "Estado: A atestiguada, I inferida, ? supuesta, D discutida." in out
    assert "\nFuentes citadas\n" in out
    # A reference's descriptive words are the reader's, in every listing of sources.
    spanish_title = "Rentoy (el texto español sin título del que parte el proyecto)"
    assert spanish_title in out and "the untitled" not in out
    _, out, _ = run(capsys, "--lang", "es", "--width", "200", "sources")
    assert out.startswith("Fuentes\n") and "texto de época" in out
    assert "Rentoy (el texto español sin título del" in out and "the untitled" not in out
    _, out, _ = run(capsys, "--lang", "es", "sources", "source-es")
    assert spanish_title in " ".join(out.split())
    _, out, _ = run(capsys, "--lang", "es", "--width", "200", "glossary")
    assert out.startswith("Glosario\n") and out.split("\n")[1].split() == ["término", "glosa"]
    _, out, _ = run(capsys, "--lang", "es", "--width", "200", "glossary", "envío")
    assert "Huétor Vega Gráfico (revista municipal, número de 2017) 2017" in out


def test_simulation_report_in_spanish(capsys):
    status, out, _ = run(capsys, "--lang", "es", "--width", "200", "simulate", "1737",
                         "-n", "40", "--seed", "3")
    assert status == 0
    assert out.startswith("Juego simulado: ")
    for label in ("manos jugadas", "tantos por mano", "manos no queridas, % de las manos",
                  "el arrastre obligó a jugar triunfo, % de las cartas jugadas tras la "
                  "salida"):
        assert label in out


def test_spanish_figures_have_the_decimal_comma_and_intervals_split_by_semicolons(capsys):
    # As the Spanish pages' own prose writes them ("52,3 %", "60.000"): a decimal point
    # would read there as a thousands separator.
    status, out, _ = run(capsys, "--lang", "es", "--width", "200", "compare", "1737",
                         "avila", "--simulate", "60", "--seed", "1")
    assert status == 0
    row = next(line for line in out.splitlines() if line.startswith("tantos por mano"))
    assert re.fullmatch(r"tantos por mano +\d+,\d\d \[\d+,\d\d; \d+,\d\d\] +"
                        r"\d+,\d\d \[\d+,\d\d; \d+,\d\d\]", row), row
    share = next(line for line in out.splitlines() if line.startswith("manos no queridas"))
    assert re.search(r"\d+,\d\xa0% \[\d+,\d; \d+,\d\]", share), share
    paired = out.split("Diferencias emparejadas")[1]
    assert re.search(r"[+-]\d+,\d puntos \[[+-]\d+,\d; [+-]\d+,\d\]", paired)
    assert not re.search(r"\d\.\d", out.split("Juego simulado")[1]), "a decimal point"
    status, english, _ = run(capsys, "--width", "200", "compare", "1737", "avila",
                             "--simulate", "60", "--seed", "1")
    assert re.search(r"\d+\.\d% \[\d+\.\d, \d+\.\d\]", english)     # unchanged
    status, out, _ = run(capsys, "--lang", "es", "simulate", "1737", "-n", "40")
    speed = out.split("\n", 1)[1].rsplit("\n\n", 1)[-1]
    assert "," in speed.splitlines()[-1] and "." not in speed.splitlines()[-1], speed


def test_the_worth_of_each_decision_names_its_table_in_spanish(capsys):
    status, out, _ = run(capsys, "--lang", "es", "--width", "200", "run",
                         "docs/examples/betting-from-4-5.yaml")
    assert status == 0
    text = " ".join(out.split())
    assert ("(medida: 3000 manos en cada tanteo, jugadas por el bot de búsqueda con sus 32 "
            "mundos por decisión, sin sacar nada de los envites del otro equipo;") in text
    assert "careless_at" not in text
    assert "measured" not in text


# ---------------------------------------------------------------------------------------
# rentoy run: the narration of a hand

def test_walkthrough_narration_in_spanish(capsys):
    status, out, _ = run(capsys, "--lang", "es", "--width", "100", "run",
                         "docs/examples/arrastre.yaml")
    assert status == 0
    assert "\nEl reparto\nasiento  equipo  papel" in out
    assert "\nResumen\n" in out
    out = " ".join(out.split())
    assert "Variante 1737: " in out and "el equipo A ocupa los asientos 0 y 2" in out
    assert "El asiento 0 sale con 1e (as de espadas, triunfo)." in out
    assert "Salir de triunfo es arrastrar: quien tenga triunfo debe jugarlo." in out
    assert "Rechazada, como se esperaba: " in out
    assert "El asiento 0 (equipo A) gana la baza con 1e (as de espadas, triunfo). " \
           "Bazas: A 1, B 0." in out
    assert "No puede ganar la baza: no es del palo de salida ni es triunfo." in out
    assert "Se cumplen todas las expectativas (1 rama)." in out
    for english in ("Seat 0 leads 1e", "(team A) wins the trick", "All expectations hold"):
        assert english not in out


def test_betting_narration_and_score_in_spanish(capsys):
    status, out, _ = run(capsys, "--lang", "es", "--width", "100", "run",
                         "docs/examples/betting-from-4-5.yaml")
    assert status == 0
    out = " ".join(out.split())
    assert ("El equipo A envida y sube la mano de 1 a 3; responde el equipo B: quiero, "
            "volver a envidar o no quiero.") in out
    assert "El equipo B quiere 3 y envida a 6; responde el equipo A." in out
    assert ("El equipo A no quiere: el equipo B gana la mano y se anota 3, el valor "
            "anterior al envite no querido. Tanteo: A 4, B 8.") in out
    assert ("Resultado: el equipo B gana la mano con valor 3, al no querer el otro equipo; "
            "tanteo A 4, B 8.") in out


def test_walkthrough_markdown_in_spanish(capsys):
    status, out, _ = run(capsys, "--lang", "es", "run", "docs/examples/arrastre.yaml",
                         "--format", "markdown")
    assert status == 0
    assert "### El reparto" in out and "| asiento | equipo | papel |" in out
    assert "(línea 17)" in out


# ---------------------------------------------------------------------------------------
# The catalogs of these parts

def _messages():
    return [m for m in code_messages() if m.part in PARTS]


def test_every_text_of_the_reports_has_its_spanish():
    missing = [f"{m.where}: {m.id!r}" for m in _messages()
               if not has_translation(m.id, "rentoy")]
    assert missing == []


def test_each_translation_keeps_the_placeholders_of_its_text():
    from babel.messages.pofile import read_po

    field = re.compile(r"\{(\w*)\}")
    for part in PARTS:
        path = ROOT / "rentoy" / "locale" / "es" / "parts" / f"rentoy-{part}.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale="es")
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (
                message.string,)
            assert not message.fuzzy and all(strings), message.id
            wanted = set(field.findall(ids[-1])) | set(field.findall(ids[0]))
            for text in strings:
                assert set(field.findall(text)) <= wanted, (message.id, text)
                assert set(field.findall(text)) >= set(field.findall(ids[0])) - {"n"}, \
                    (message.id, text)


def test_english_reads_no_catalog():
    code = ("import sys; from rentoy.cli import main; main(['rules', '1737']);"
            "from rentoy import i18n; sys.stderr.write(repr(sorted(i18n._loaded)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C",
                                         "LC_ALL": "C"}, timeout=120)
    assert done.stderr.strip().endswith("[]")


# ---------------------------------------------------------------------------------------
# rentoy check: a text without its Spanish

def _untranslated(path: Path) -> int:
    from rentoy.catalogs import texts_in
    from rentoy.yamlfile import load_document

    return sum(not has_translation(t) for t in texts_in(load_document(path).data))


def test_check_warns_of_each_text_of_a_project_file_without_its_spanish(capsys):
    path = ROOT / "variants" / "huetor.yaml"
    missing = _untranslated(path)
    status, out, err = run(capsys, "check", str(path), "--format", "json")
    assert status == 0
    warnings = json.loads(out)["results"][0]["warnings"]
    spanish = [w for w in warnings if "no Spanish text for this" in w["message"]]
    assert len(spanish) == missing
    for w in spanish:
        assert w["line"] and w["path"] and "variants-huetor.po" in w["hint"]
    status, out, err = run(capsys, "check", str(path))
    assert err.count("no Spanish text for this") == missing
    if missing:
        assert f"{missing} text{'s' * (missing != 1)} without Spanish" in out


def test_check_leaves_a_users_own_file_alone_unless_asked(capsys, tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text('id: mine\nname: Mine\nextends: "1737"\nrules:\n  target:\n'
                    '    value: 9\n    status: assumed\n    note: A note of my own.\n',
                    encoding="utf-8")
    status, out, err = run(capsys, "check", str(mine))
    assert status == 0 and "Spanish" not in err + out
    status, out, err = run(capsys, "check", str(mine), "--translations", "all")
    assert status == 0
    assert re.search(r"mine\.yaml:\d+:\d+: rules\.target\.note: no Spanish text for this "
                     r"note", err)
    assert "mine.yaml:2:7: name: no Spanish text for this name" in err
    copy = tmp_path / "huetor.yaml"
    shutil.copy(ROOT / "variants" / "huetor.yaml", copy)
    status, out, err = run(capsys, "check", str(copy))
    assert status == 0 and "no Spanish text" not in err
    status, out, err = run(capsys, "check", str(ROOT / "variants" / "huetor.yaml"),
                           "--translations", "none")
    assert "no Spanish text" not in err


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_finds_the_parts_clean():
    for part in PARTS:
        path = ROOT / "rentoy" / "locale" / "es" / "parts" / f"rentoy-{part}.po"
        done = subprocess.run(["msgfmt", "-c", "--statistics", "-o", os.devnull, str(path)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr, done.stderr


def test_a_walkthroughs_actions_are_said_in_spanish(capsys):
    """The file's actions (``0 raise``, ``2 play 4b``: English notation) are given in
    Spanish words in a Spanish transcript and in what each decision is worth."""
    status, out, _ = run(capsys, "--lang", "es", "--width", "80", "run",
                         "docs/examples/betting-from-4-5.yaml")
    assert status == 0
    assert "    36  asiento 0: envido" in out and "    57  asiento 0: 2o" in out
    assert "todas las ramas, asiento 0: envido (con 4-5)" in " ".join(out.split())
    assert not re.search(r"\b(raise|fold|accept|play)\b", out)
