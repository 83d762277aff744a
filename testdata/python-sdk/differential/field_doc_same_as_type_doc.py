from __future__ import annotations

import inspect
from enum import Enum
from typing import Optional

from pydantic import BaseModel, Field


class Speed(Enum):
    "How fast."
    Slow = "Slow"
    Fast = "Fast"


class Address(BaseModel):
    "Where a parcel goes."
    street: str


class Parcel(BaseModel):
    "A parcel."
    to: Address = Field(description=inspect.cleandoc("Where a parcel goes."))
    from_: Address = Field(alias="from", description=inspect.cleandoc("Where it comes from."))
    speed: Speed = Field(description=inspect.cleandoc("How fast."))
    forward: Optional[Address] = Field(default=None, description=inspect.cleandoc("Where a parcel goes."))
    inner: Optional[Parcel] = Field(default=None, description=inspect.cleandoc("A parcel."))


Parcel.model_rebuild()


def field_doc_same_as_type_doc(parcel: Parcel) -> None:
    pass


TOOL = field_doc_same_as_type_doc


def register():
    return {}
