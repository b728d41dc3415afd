"""schemathesis over the service's /openapi.json: every operation, generated requests, no 5xx, and
every response matching its documented schema (a small budget: a few examples an operation)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import servicekit  # noqa: F401 - skips without the serve extra

schemathesis = pytest.importorskip("schemathesis", reason="needs schemathesis (the test extra)")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance, response_headers_conformance, response_schema_conformance, status_code_conformance,
)

from rawdeal.service.app import create_app  # noqa: E402
from rawdeal.service.server import staff_token  # noqa: E402
from rawdeal.service.settings import Settings  # noqa: E402

DATA = Path(tempfile.mkdtemp(prefix="rawdeal-schemathesis-"))  # schemathesis reads the schema at collection
TOKEN = staff_token(Settings(DATA), "schemathesis")
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(Settings(DATA)))


# What the issue asks: no 5xx, and every status, content type, header and body as documented.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


@pytest.fixture(scope="module", autouse=True)
def _cleanup() -> Iterator[None]:
    yield
    shutil.rmtree(DATA, ignore_errors=True)


@schema.parametrize()  # type: ignore[untyped-decorator]
@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_api_keeps_its_schema(case: Any) -> None:
    case.call_and_validate(headers={"Authorization": f"Bearer {TOKEN}"}, checks=CHECKS)
