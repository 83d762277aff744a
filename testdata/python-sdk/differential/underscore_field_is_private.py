from __future__ import annotations

from typing import Optional

from pydantic import BaseModel


class Job(BaseModel):
    id: int
    _attempts: int
    __cache: Optional[str]


def underscore_field_is_private(job: Job) -> Job:
    raise NotImplementedError


TOOL = underscore_field_is_private


def register():
    return {}
