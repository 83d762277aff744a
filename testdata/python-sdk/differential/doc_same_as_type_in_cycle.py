from __future__ import annotations

from pydantic import BaseModel, Field


class Folder(BaseModel):
    entry: Entry = Field(description='One entry.')


class Entry(BaseModel):
    'One entry.'
    parents: list[Folder]


class Owner(BaseModel):
    'The owner.'
    teams: list[Team]
    name: str


class Team(BaseModel):
    owner: Owner = Field(description='The owner.')


Folder.model_rebuild()
Entry.model_rebuild()
Owner.model_rebuild()
Team.model_rebuild()


def doc_same_as_type_in_cycle(folder: Folder, team: Team) -> str:
    raise NotImplementedError


TOOL = doc_same_as_type_in_cycle


def register():
    return {}
