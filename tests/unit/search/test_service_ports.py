"""A service is found by the port it listens on by default: logs name the address they failed to
reach (``connect ETIMEDOUT 172.18.0.5:6379``), agents name the service ("redis timeout")."""

from __future__ import annotations

from domain.search.synonyms import synonyms_of
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS
from tests.support.searched_outputs import search_over

EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

# docker compose logs of a shop: the api cannot reach redis, nginx times out on the api.
API_LOG = """\
shop-api-1     | 2025-06-04T10:02:13.102Z GET /api/v2/cart 200 41ms
shop-api-1     | 2025-06-04T10:02:13.377Z POST /api/v2/cart/items 201 203ms
shop-redis-1   | 2025-06-04T10:02:13.500Z 96 changes in 60 seconds. Saving...
shop-api-1     | Error: connect ETIMEDOUT 172.18.0.5:6379
shop-api-1     |     at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)
"""
NGINX_LOG = """\
shop-redis-1   | 2025-06-04T10:07:29.010Z Background saving started by pid 617
shop-nginx-1   | 2025/06/04 10:07:30 [error] 29#29: *1182 upstream timed out (110: Connection \
timed out) while reading response header from upstream, request: "GET /api/v2/reports/sales"
shop-redis-1   | 2025-06-04T10:07:31.201Z DB saved on disk
"""


def test_a_service_and_its_default_port_find_each_other() -> None:
    assert "6379" in synonyms_of("Redis")
    assert "redis" in synonyms_of("6379")
    assert "5432" in synonyms_of("postgres")
    assert "27017" in synonyms_of("mongodb")


def test_ports_that_are_common_numbers_name_no_service() -> None:
    # 8080, 3000, 9000 are every framework's default: they say nothing about which service.
    for port in ("80", "443", "3000", "8000", "8080", "9000"):
        assert synonyms_of(port) == ()


def test_the_line_naming_the_services_address_answers_a_question_naming_the_service() -> None:
    """ "redis connection timeout from api": nginx's line holds "connection", "timed out" and
    "/api/" and its chunk names shop-redis-1, so it came first; the api's line says which
    address it could not reach, 6379 — redis's port."""
    search = search_over({"nginx.log": NGINX_LOG, "api.log": API_LOG})
    found = search.search("redis connection timeout from api", 3, EVERY_KIND)
    assert found.results[0].source == "api.log"
    assert "6379" in found.results[0].content
