"""The cache of parsed documents: the same text gives back the same data and positions
without being parsed again; what marshal cannot keep, or a loader chosen by hand, is
simply parsed."""

from __future__ import annotations

import pytest

from rentoy import yamlfile


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RENTOY_CACHE_DIR", str(tmp_path / "cache"))
    fresh = yamlfile._ParsedCache()
    monkeypatch.setattr(yamlfile, "_parsed", fresh)
    return tmp_path / "cache" / "parsed-documents.marshal"


def test_the_same_text_is_read_back_with_its_positions(tmp_path, cache):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\nb:\n  - x\n  - y\n", encoding="utf-8")
    first = yamlfile.load_document(path)
    assert cache.exists()
    again = yamlfile._ParsedCache().get(path.read_text(encoding="utf-8"), str(path))
    assert again is not None
    assert (again.data, again.marks, again.key_marks) == (first.data, first.marks,
                                                          first.key_marks)
    assert again.location(("b", 1)).line == 4
    path.write_text("a: 2\n", encoding="utf-8")          # other text: parsed anew
    assert yamlfile.load_document(path).data == {"a": 2}


def test_values_marshal_cannot_keep_are_parsed_each_time(tmp_path, cache):
    path = tmp_path / "d.yaml"
    path.write_text("when: 2021-05-01\n", encoding="utf-8")
    assert str(yamlfile.load_document(path).data["when"]) == "2021-05-01"
    assert yamlfile._ParsedCache().get(path.read_text(encoding="utf-8"), str(path)) is None


def test_a_damaged_cache_file_is_no_cache(tmp_path, cache):
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"\x00not marshal")
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert yamlfile.load_document(path).data == {"a": 1}
