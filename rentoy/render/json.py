"""JSON renderer: the report's data, as one JSON document.

Control characters that JSON leaves as they are (DEL, the C1 controls, the
bidirectional overrides: a terminal would act on some of them) are written as ``\\u``
escapes, so the text is the same JSON and shows nothing a terminal acts on.

>>> from rentoy.render import Report
>>> print(render_json(Report({"path": "a\\x9b2J.yaml"})))
{
  "path": "a\\u009b2J.yaml"
}
"""

from __future__ import annotations

import json
import re

from . import Report, plain

# What json.dumps(ensure_ascii=False) writes raw but rentoy.limits.CONTROL_CHARACTERS
# names (below U+0020 it escapes them itself).
_RAW = re.compile("[\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]")


def render_json(report: Report) -> str:
    text = json.dumps(plain(report.data), indent=2, ensure_ascii=False)
    return _RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
