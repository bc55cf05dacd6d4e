"""JSON renderer: the report's data, as one JSON document."""

from __future__ import annotations

import json

from . import Report, plain


def render_json(report: Report) -> str:
    return json.dumps(plain(report.data), indent=2, ensure_ascii=False)
