from __future__ import annotations

from pydantic import BaseModel, Field


class Labels(BaseModel):
    song: str = Field(alias="ᾳ_song")
    file: str = Field(alias="ﬁle")
    jungle: str = Field(alias="ǆungla")
    ana: str = Field(alias="ანა")


def title_case_exceptions(labels: Labels) -> None:
    pass


TOOL = title_case_exceptions


def register():
    return {}
