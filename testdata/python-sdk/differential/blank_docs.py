from __future__ import annotations

import inspect
from enum import Enum

from pydantic import BaseModel, Field


class Silent(BaseModel):
    ""
    a: int = Field(description=inspect.cleandoc(""))
    b: int = Field(description=inspect.cleandoc("   \n"))


class Blank(BaseModel):
    "  "
    c: Mode
    d: Shade


class Mode(Enum):
    "An enumeration."
    On = "On"
    Off = "Off"


class Shade(Enum):
    "\n"
    Light = "Light"
    Dark = "Dark"


Silent.model_rebuild()
Blank.model_rebuild()


def blank_docs(silent: Silent, blank: Blank) -> None:
    pass


TOOL = blank_docs


def register():
    return {}
