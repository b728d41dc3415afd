"""The API's JSON shapes (pydantic v2): they validate requests and make the OpenAPI document."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

Visibility = Literal["visible", "after_due", "hidden"]


class Problem(BaseModel):
    """RFC 9457 problem details, with the CLI error's fields when there are any."""

    model_config = {"extra": "allow"}
    type: str = "about:blank"
    title: str
    status: int
    detail: str


class Health(BaseModel):
    status: Literal["ok"]
    version: str
    sandbox: str | None = Field(description="Why submissions are refused (no real sandbox), or null.")


class ReplayIn(BaseModel):
    save: dict[str, Any] = Field(description="A saved game, as `rawdeal new` writes it.")
    moves: str = Field(max_length=4 << 20, description="A move file's text: one move a line, # comments.")
    format: Literal["text", "jsonl"] = "text"


class ReplayOut(BaseModel):
    id: str
    format: Literal["text", "jsonl"]
    transcript: str = Field(description="What `rawdeal run` prints, byte for byte.")
    save: dict[str, Any] = Field(description="The final save, as `rawdeal run -o` writes it.")


class DeckFile(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    text: str = Field(max_length=1 << 20)


class DecksIn(BaseModel):
    decks: list[DeckFile] = Field(min_length=1, max_length=100)
    pool: Literal["course"] = "course"


class DeckError(BaseModel):
    line: int
    rule: str
    message: str


class DeckVerdict(BaseModel):
    path: str
    valid: bool
    superstar: str | None
    cards: int
    errors: list[DeckError]


class DecksOut(BaseModel):
    decks: list[DeckVerdict]


class GameIn(BaseModel):
    decks: list[DeckFile] = Field(min_length=2, max_length=2, description="Player 1's deck, then player 2's.")
    seed: int = Field(0, ge=0, le=2**64 - 1)
    profile: Literal["course", "standard"] = "standard"


class GameOut(BaseModel):
    id: str
    decision: int = Field(description="Send it back with the next move: a move for an older number is stale (409).")
    over: bool
    player: str | None
    kind: str
    prompt: str
    cards: list[str]
    moves: list[str] = Field(description="The legal moves of whoever must decide.")
    winner: str | None
    history: list[str]
    transcript: str = Field(description="The lines the last move caused (the opening lines for a new game).")
    save: dict[str, Any]


class MoveIn(BaseModel):
    move: str = Field(min_length=1, max_length=1000, description="One move in move-file words, e.g. `end`.")
    decision: int = Field(ge=0)


class CourseIn(BaseModel):
    name: str = Field(min_length=1, max_length=200)


class StudentIn(BaseModel):
    name: str = Field(min_length=1, max_length=200)


class StudentOut(BaseModel):
    id: str
    name: str
    token: str | None = Field(default=None, description="Shown once, when the student is added; only its hash is kept.")


class TestInfo(BaseModel):
    name: str
    visibility: Visibility
    points: float


class AssignmentOut(BaseModel):
    id: str
    course: str
    name: str
    command: str
    timeout: float
    due: datetime | None
    tests: list[TestInfo]


class CourseOut(BaseModel):
    id: str
    name: str
    assignments: list[AssignmentOut]
    students: list[StudentOut]


class PublicTest(BaseModel):
    name: str
    inputs: list[str]
    expected: str


class Divergence(BaseModel):
    line: int
    rows: list[tuple[int, str | None, str | None]] = Field(description="[line, expected, got] around the first difference.")


class TestResult(BaseModel):
    name: str
    visibility: Visibility
    status: str
    score: float
    points: float
    seconds: float
    reason: str
    detail: str
    divergence: Divergence | None
    page: str | None = Field(None, description="The divergence page of a failing test (the board at the first "
                             "divergence, expected and got line by line), when there is one: a path on this server.")


class Phases(BaseModel):
    received: datetime
    queued: datetime | None
    running: datetime | None
    graded: datetime | None
    error: datetime | None


class SubmissionOut(BaseModel):
    id: str
    assignment: str
    student: str
    state: Literal["queued", "running", "graded", "error"]
    phases: Phases
    error: str | None
    score: float | None = Field(description="Over the tests shown to the caller (a student sees no hidden test).")
    max_score: float | None
    hidden_tests: int = Field(description="Tests graded but not shown to the caller.")
    tests: list[TestResult]


class QueueJob(BaseModel):
    submission: str
    assignment: str
    state: str
    wait: float = Field(description="Seconds from received to now (queued) or to the start of grading (running).")
    runs: int


class QueueOut(BaseModel):
    queued: int
    running: int
    jobs: list[QueueJob]


class GradeRow(BaseModel):
    student: str
    name: str
    scores: dict[str, float | None] = Field(description="Per assignment id: the latest graded submission's score.")


class GradesOut(BaseModel):
    assignments: list[AssignmentOut]
    rows: list[GradeRow]
