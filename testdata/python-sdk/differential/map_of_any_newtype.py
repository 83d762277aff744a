from __future__ import annotations

from typing import Any, NewType

from pydantic import BaseModel


class Envelope(BaseModel):
    headers: dict[str, Payload]
    nested: list[dict[int, Payload]]


Payload = NewType("Payload", Any)
Envelope.model_rebuild()


def map_of_any_newtype(envelope: Envelope) -> dict[str, Payload]:
    raise NotImplementedError


TOOL = map_of_any_newtype


def register():
    return {}
