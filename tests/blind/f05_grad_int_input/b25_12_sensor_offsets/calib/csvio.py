"""Tiny CSV reader for the lab's calibration sheets (no pandas on the DAQ box)."""

from __future__ import annotations

import csv
import io
from typing import Union

Number = Union[int, float]


def parse_value(text: str) -> Union[Number, str]:
    text = text.strip()
    if text.lstrip("+-").isdigit():
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text


def read_table(text: str) -> list[dict]:
    reader = csv.DictReader(io.StringIO(text.strip()))
    return [{k.strip(): parse_value(v) for k, v in row.items()} for row in reader]
