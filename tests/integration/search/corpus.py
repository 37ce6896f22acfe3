"""A small realistic corpus for search quality tests: build logs, test output, API JSON, docs,
ADRs, transcripts and diffs, with distractors sharing vocabulary across sources.

Each case is a query a coding agent would plausibly write (typos, synonyms, identifiers,
partial words included) and needles: substrings only the right chunk(s) contain.
"""

from __future__ import annotations

import attrs

from domain.chunk import Chunk
from domain.source_kind import SourceKind


@attrs.frozen
class Doc:
    label: str
    chunks: tuple[Chunk, ...]
    kind: SourceKind = SourceKind.DURABLE


@attrs.frozen
class Case:
    query: str
    needles: tuple[str, ...]
    label: str = ""


def _c(title: str, content: str, code: bool = False) -> Chunk:
    return Chunk(title=title, content=content.strip(), has_code=code)


DOCS: tuple[Doc, ...] = (
    Doc(
        "execute:shell:npm-build",
        (
            _c(
                "> webapp@3.2.0 build",
                """
> webapp@3.2.0 build
> tsc -p tsconfig.build.json && vite build
vite v5.1.4 building for production...
transforming (412) src/components/Dashboard.tsx
✓ 1204 modules transformed.
""",
            ),
            _c(
                "src/api/client.ts(88,17)",
                """
src/api/client.ts(88,17): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.
  Type 'undefined' is not assignable to type 'string'.
src/api/client.ts(102,5): error TS7006: Parameter 'retryCount' implicitly has an 'any' type.
Found 2 errors in the same file, starting at: src/api/client.ts:88
""",
            ),
            _c(
                "npm ERR! code 2",
                """
npm ERR! code 2
npm ERR! path /home/dev/webapp
npm ERR! command failed
npm ERR! command sh -c tsc -p tsconfig.build.json && vite build
npm ERR! A complete log of this run can be found in: /home/dev/.npm/_logs/2024-05-02T10_11_12_345Z-debug-0.log
""",
            ),
        ),
        SourceKind.EPHEMERAL,
    ),
    Doc(
        "execute:shell:pytest",
        (
            _c(
                "============================= test session starts",
                """
============================= test session starts ==============================
platform linux -- Python 3.12.2, pytest-8.1.1, pluggy-1.4.0
rootdir: /home/dev/billing
plugins: anyio-4.3.0, hypothesis-6.99.0
collected 214 items
""",
            ),
            _c(
                "tests/test_invoices.py",
                """
tests/test_invoices.py ......F...                                        [ 12%]
tests/test_payments.py ...................                               [ 30%]
tests/test_refunds.py ..........E.                                       [ 41%]
""",
            ),
            _c(
                "FAILURES test_invoice_total_rounding",
                """
___________________ test_invoice_total_rounding ___________________
    def test_invoice_total_rounding():
        invoice = Invoice(lines=[Line(amount=Decimal("10.005"), qty=3)])
>       assert invoice.total == Decimal("30.02")
E       AssertionError: assert Decimal('30.01') == Decimal('30.02')
tests/test_invoices.py:47: AssertionError
""",
                True,
            ),
            _c(
                "ERRORS test_refund_webhook",
                """
_________________ ERROR at setup of test_refund_webhook __________________
    @pytest.fixture
    def stripe_client(monkeypatch):
>       monkeypatch.setenv("STRIPE_API_KEY", os.environ["STRIPE_TEST_KEY"])
E       KeyError: 'STRIPE_TEST_KEY'
tests/conftest.py:31: KeyError
""",
            ),
            _c(
                "short test summary info",
                """
=========================== short test summary info ============================
FAILED tests/test_invoices.py::test_invoice_total_rounding - AssertionError: assert Decimal('30.01') == Decimal('30.02')
ERROR tests/test_refunds.py::test_refund_webhook - KeyError: 'STRIPE_TEST_KEY'
============= 1 failed, 211 passed, 1 skipped, 1 error in 8.43s ==============
""",
            ),
        ),
        SourceKind.EPHEMERAL,
    ),
    Doc(
        "api:github-issues",
        (
            _c(
                "items > 4211",
                """
[{"number": 4211, "title": "Login fails with SSO when the session cookie exceeds 4KB",
  "state": "open", "labels": ["bug", "auth"], "user": {"login": "mkovac"},
  "body": "After enabling Okta SSO the login redirect loops; the Set-Cookie header is dropped by nginx because the cookie is 4.3KB."}]
""",
                True,
            ),
            _c(
                "items > 4198",
                """
[{"number": 4198, "title": "Pagination returns duplicate rows on page boundaries",
  "state": "open", "labels": ["bug", "api"], "user": {"login": "tsato"},
  "body": "GET /v2/orders?page=3 repeats the last two orders of page 2 when orders are inserted concurrently. Use keyset pagination on (created_at, id)."}]
""",
                True,
            ),
            _c(
                "items > 4150",
                """
[{"number": 4150, "title": "Upgrade to PostgreSQL 16 breaks the nightly migration job",
  "state": "closed", "labels": ["infra", "database"], "user": {"login": "alee"},
  "body": "migration 0042_add_ledger_index fails: ERROR: CREATE INDEX CONCURRENTLY cannot run inside a transaction block."}]
""",
                True,
            ),
        ),
    ),
    Doc(
        "docs/deployment.md",
        (
            _c(
                "Deployment > Kubernetes",
                """
We deploy with Helm to the production cluster. Run `helm upgrade --install billing ./chart -f values.prod.yaml`.
Rolling updates use maxSurge 25% and maxUnavailable 0 so capacity never drops during a release.
""",
            ),
            _c(
                "Deployment > Rollback",
                """
If the readiness probe fails for more than 5 minutes, roll back with `helm rollback billing <REVISION>`.
List revisions with `helm history billing`. Never roll back past a migration without running its down step.
""",
            ),
            _c(
                "Deployment > Secrets",
                """
Secrets live in Vault under `kv/billing/prod`. The External Secrets operator syncs them into the
`billing-secrets` Kubernetes Secret every 60 seconds. Rotate STRIPE_API_KEY through Vault only.
""",
            ),
            _c(
                "Deployment > Environment variables",
                """
| Variable | Default | Meaning |
| DATABASE_URL | – | PostgreSQL DSN |
| REDIS_URL | redis://localhost:6379/0 | cache for rendered invoices |
| WORKER_CONCURRENCY | 4 | parallel invoice renderers |
| LOG_LEVEL | info | debug, info, warn, error |
""",
            ),
        ),
    ),
    Doc(
        "adr/0007-use-keyset-pagination.md",
        (
            _c(
                "ADR 0007 > Context",
                """
Offset pagination on the orders endpoint scans and discards `offset` rows; at page 500 a request
takes 2.3 s and concurrent inserts shift rows between pages, producing duplicates.
""",
            ),
            _c(
                "ADR 0007 > Decision",
                """
Paginate with a keyset cursor: `WHERE (created_at, id) > (:after_created_at, :after_id) ORDER BY created_at, id LIMIT :page_size`.
The cursor is an opaque base64 token returned in the `next` link header.
""",
            ),
            _c(
                "ADR 0007 > Consequences",
                """
Clients can no longer jump to an arbitrary page number. The composite index `orders_created_at_id_idx`
is required; without it the query falls back to a sequential scan.
""",
            ),
        ),
    ),
    Doc(
        "session:2024-05-01",
        (
            _c(
                "Turns 1-4",
                """
User: the redis connection keeps dropping in staging, can you look?
Assistant: The worker logs show `ConnectionResetError: [Errno 104] Connection reset by peer` every ~300 s.
That matches the idle timeout of the staging Redis (timeout 300). Setting `health_check_interval=30` on the client keeps the connection alive.
""",
            ),
            _c(
                "Turns 5-8",
                """
User: ok do it and also bump the pool size
Assistant: Changed `redis.ConnectionPool(max_connections=50, health_check_interval=30)` in billing/cache.py and
raised WORKER_CONCURRENCY to 8 in values.staging.yaml. The reconnect storm is gone in the last hour of logs.
""",
            ),
            _c(
                "Turns 9-12",
                """
User: why is the invoice PDF rendering so slow?
Assistant: Profiling shows 78% of the time in `weasyprint.HTML.write_pdf` loading fonts on every call.
Caching the FontConfiguration object at module level cut p95 latency from 4.1 s to 0.6 s.
""",
            ),
        ),
        SourceKind.SESSION,
    ),
    Doc(
        "git:diff HEAD~1",
        (
            _c(
                "billing/cache.py",
                """
diff --git a/billing/cache.py b/billing/cache.py
@@ -12,7 +12,9 @@ from redis import ConnectionPool, Redis
-POOL = ConnectionPool.from_url(settings.REDIS_URL)
+POOL = ConnectionPool.from_url(
+    settings.REDIS_URL, max_connections=50, health_check_interval=30
+)
""",
                True,
            ),
            _c(
                "billing/render.py",
                """
diff --git a/billing/render.py b/billing/render.py
@@ -1,6 +1,9 @@
+from functools import lru_cache
+from weasyprint.text.fonts import FontConfiguration
+
+@lru_cache(maxsize=1)
+def font_config() -> FontConfiguration:
+    return FontConfiguration()
""",
                True,
            ),
        ),
    ),
    Doc(
        "docs/architecture.md",
        (
            _c(
                "Architecture > Overview",
                """
billing is a Django service with Celery workers. Invoices are rendered to PDF by the worker pool,
stored in S3 and mailed through the notifications service. The API is versioned under /v2.
""",
            ),
            _c(
                "Architecture > Authentication",
                """
Requests are authenticated with short-lived JWTs issued by the identity service (RS256, 15 minute expiry).
Service-to-service calls use mTLS; the `X-Request-Id` header is propagated for tracing.
""",
            ),
            _c(
                "Architecture > Caching",
                """
Rendered invoices are cached in Redis for 24 hours keyed by `invoice:{id}:{version}`; the cache is
invalidated when an invoice line changes. Rate limits use a token bucket per tenant, also in Redis.
""",
            ),
            _c(
                "Architecture > Observability",
                """
Metrics are exported to Prometheus on /metrics; dashboards live in Grafana under "Billing".
Structured JSON logs go to Loki. Alerts page the on-call engineer when the 5xx rate exceeds 1% for 10 minutes.
""",
            ),
        ),
    ),
    Doc(
        "execute:shell:docker-compose",
        (
            _c(
                "docker compose up",
                """
[+] Running 3/3
 ✔ Container billing-db-1     Started
 ✔ Container billing-redis-1  Started
 ✘ Container billing-web-1    Error
Error response from daemon: driver failed programming external connectivity on endpoint billing-web-1:
Bind for 0.0.0.0:8000 failed: port is already allocated
""",
            ),
        ),
        SourceKind.EPHEMERAL,
    ),
    Doc(
        "file:src/settings.py",
        (
            _c(
                "settings > DATABASES",
                """
DATABASES = {
    "default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=600),
}
""",
                True,
            ),
            _c(
                "settings > CELERY",
                """
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "redis://localhost:6379/1")
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
""",
                True,
            ),
        ),
    ),
    Doc(
        "docs/contributing.md",
        (
            _c(
                "Contributing > Running tests",
                """
Run the whole suite with `make test`; a single file with `pytest tests/test_invoices.py -k rounding`.
Tests need a local PostgreSQL; `docker compose up db` starts one on port 5432.
""",
            ),
            _c(
                "Contributing > Code style",
                """
We format with ruff and check types with mypy --strict. Commit messages say why, not what.
""",
            ),
        ),
    ),
)

CASES: tuple[Case, ...] = (
    Case("TS2345 argument not assignable", ("error TS2345",)),
    Case("typescript build errors client.ts", ("src/api/client.ts(88,17)",)),
    Case("which test failed", ("FAILED tests/test_invoices.py",)),
    Case("invoice rounding assertion", ("test_invoice_total_rounding",)),
    Case("STRIPE_TEST_KEY KeyError", ("KeyError: 'STRIPE_TEST_KEY'",)),
    Case("missing stripe key in fixture setup", ("STRIPE_TEST_KEY",)),
    Case("SSO login cookie too large", ("4211",)),
    Case("duplicate rows pagination", ("4198", "Offset pagination")),
    Case("postgres 16 migration fails concurently", ("CREATE INDEX CONCURRENTLY",)),
    Case("how to rollback a bad release", ("helm rollback",)),
    Case("rolling update maxSurge", ("maxSurge 25%",)),
    Case("where are secrets stored", ("kv/billing/prod",)),
    Case("rotate stripe api key", ("Rotate STRIPE_API_KEY",)),
    Case("environment variables worker concurrency default", ("| WORKER_CONCURRENCY | 4",)),
    Case("keyset cursor query", ("WHERE (created_at, id) >",)),
    Case("consequences of keyset pagination", ("arbitrary page number",)),
    Case("composite index orders_created_at_id_idx", ("orders_created_at_id_idx",)),
    Case("redis connection reset staging", ("Connection reset by peer",)),
    Case("health_check_interval", ("health_check_interval",)),
    Case("why is pdf rendering slow", ("write_pdf",)),
    Case("FontConfiguration cache", ("FontConfiguration",)),
    Case("pool size max_connections", ("max_connections=50",)),
    Case("how are requests authenticated", ("short-lived JWTs",)),
    Case("JWT expiry", ("15 minute expiry",)),
    Case("invoice cache invalidation", ("invalidated when an invoice line changes",)),
    Case("alerting on 5xx errors", ("5xx rate",)),
    Case("grafana dashboards", ("Grafana",)),
    Case("port already allocated", ("port is already allocated",)),
    Case("docker container failed to start", ("billing-web-1    Error",)),
    Case("database settings conn_max_age", ("conn_max_age=600",)),
    Case("celery broker configuration", ("CELERY_BROKER_URL",)),
    Case("run a single test file", ("pytest tests/test_invoices.py -k rounding",)),
    Case("type checking mypy", ("mypy --strict",)),
    Case("npm debug log location", ("_logs/2024-05-02",)),
    Case("vite modules transformed", ("1204 modules",)),
    Case("retryCount implicit any", ("retryCount",)),
    Case("kubernetes deploy helm", ("helm upgrade --install",)),
    Case("ratelimit token bucket", ("token bucket",)),
    Case("authentcation service tokens", ("short-lived JWTs",)),
    Case("perfomance of the renderer", ("write_pdf", "4.1 s to 0.6 s")),
    Case("ConnectionResetError", ("ConnectionResetError",)),
    Case("Errno 104", ("Errno 104",)),
    Case('"reconnect storm"', ("reconnect storm",)),
    Case("prefetch multiplier", ("PREFETCH_MULTIPLIER",)),
    Case("readiness probe failing", ("readiness probe",)),
)
