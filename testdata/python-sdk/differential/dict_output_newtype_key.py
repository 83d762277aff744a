from __future__ import annotations

from typing import NewType

CityName = NewType("CityName", str)


def dict_output_newtype_key() -> dict[CityName, float]:
    raise NotImplementedError


TOOL = dict_output_newtype_key


def register():
    return {}
