from __future__ import annotations

from pydantic import BaseModel, Field


class Legacy(BaseModel):
    code: int


class Reply(BaseModel):
    old_status: Legacy = Field(alias="status")
    new_status: str = Field(alias="status")


def duplicate_key_unused_def(reply: Reply) -> Reply:
    raise NotImplementedError


TOOL = duplicate_key_unused_def


def register():
    return {}
