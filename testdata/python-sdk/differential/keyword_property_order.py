from __future__ import annotations

from typing import Annotated, Optional

from pydantic import BaseModel, Field


class Layout(BaseModel):
    default: Annotated[list[list[int]], Field(min_length=2, max_length=2)] = Field(description="Cells, two by two.")
    properties: dict[str, tuple[int, str]] = {}


def keyword_property_order(default: set[int], properties: Optional[list[str]] = None) -> Layout:
    raise NotImplementedError


TOOL = keyword_property_order


def register():
    return {}
