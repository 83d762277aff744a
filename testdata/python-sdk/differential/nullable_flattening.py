from __future__ import annotations

from typing import NewType, Optional

from pydantic import BaseModel


class Probe(BaseModel):
    marker: Optional[None] = None
    count: Optional[MaybeCount] = None
    counts: list[Optional[MaybeCount]]
    gone: Optional[Nothing] = None


MaybeCount = NewType("MaybeCount", Optional[int])
Nothing = NewType("Nothing", None)
Probe.model_rebuild()


def nullable_flattening(probe: Probe, hint: Optional[MaybeCount] = None) -> Optional[Optional[None]]:
    raise NotImplementedError


TOOL = nullable_flattening


def register():
    return {}
