"""``capy team …``, ``capy index``, ``capy search`` and ``capy sources`` with a team server."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.installed import run_capy
from tests.support.team import MEMBER_PASSWORD, TeamServerForTests


def _member_env(team_server: TeamServerForTests, role: str, tmp_path: Path) -> dict[str, str]:
    """The member's URL without its password, which comes from a pgpass file as advised."""
    server = team_server.server
    pgpass = tmp_path / "pgpass"
    pgpass.write_text(f"127.0.0.1:{server.port}:capy:{role}:{MEMBER_PASSWORD}\n", encoding="utf-8")
    pgpass.chmod(0o600)
    url = server.url(role, MEMBER_PASSWORD).replace(f":{MEMBER_PASSWORD}@", "@")
    return {"CAPY_TEAM_URL": url, "PGPASSFILE": str(pgpass)}


def test_an_owner_sets_up_a_member_who_then_shares_what_they_index(
    team_server: TeamServerForTests, tmp_path: Path
) -> None:
    owner = team_server.server.owner_url()
    init = run_capy("team", "init", "--url", owner, cwd=tmp_path)
    assert init.returncode == 0, init.stderr
    assert "already up to date" in init.stdout or "applied" in init.stdout
    password = tmp_path / "password"
    password.write_text(MEMBER_PASSWORD + "\n", encoding="utf-8")
    added = run_capy(
        "team", "add-member", "--url", owner, "--role", "cli_alice",
        "--project", "example.org/cli/shop", "--password-file", str(password),
        cwd=tmp_path,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert "cli_alice (created) added to example.org/cli/shop" in added.stdout

    project = tmp_path / "shop"
    (project / ".capy").mkdir(parents=True)
    (project / ".capy" / "config.toml").write_text(
        '[team]\nproject = "example.org/cli/shop"\n', encoding="utf-8"
    )
    (project / "deploy.md").write_text(
        "# Deploying\n\nRoll out with `helm upgrade --atomic`; the canary runs for 15 minutes.\n",
        encoding="utf-8",
    )
    env = _member_env(team_server, "cli_alice", tmp_path)
    status = run_capy("team", "status", cwd=project, env=env)
    assert status.returncode == 0, status.stdout + status.stderr
    assert "TLS:      yes" in status.stdout and "RLS:      in force" in status.stdout
    assert "project:  example.org/cli/shop (from [team] project)" in status.stdout

    indexed = run_capy("index", "deploy.md", cwd=project, env=env)
    assert indexed.returncode == 0, indexed.stderr
    found = run_capy("search", "canary helm", cwd=project, env=env)
    assert found.returncode == 0, found.stderr
    assert "team:deploy.md" in found.stdout
    listed = run_capy("sources", cwd=project, env=env)
    assert "team:deploy.md" in listed.stdout

    doctor = run_capy("doctor", cwd=project, env=env)
    line = next(x for x in doctor.stdout.splitlines() if "Team store" in x)
    assert "TLS yes" in line and "RLS in force" in line and "example.org/cli/shop" in line

    # The owner's URL is refused as a store, and status says why (exit 1)
    as_owner = run_capy("team", "status", "--url", owner, cwd=project)
    assert as_owner.returncode == 1
    assert "owns capy's tables" in as_owner.stdout


def test_without_a_team_server_configured_status_says_how(tmp_path: Path) -> None:
    done = run_capy("team", "status", cwd=tmp_path)
    assert done.returncode == 1
    assert "CAPY_TEAM_URL" in done.stderr


def test_an_owner_removes_a_member_who_then_sees_nothing(
    team_server: TeamServerForTests, tmp_path: Path
) -> None:
    owner = team_server.server.owner_url()
    alice = team_server.member()
    bob = team_server.member(project=alice.project)
    project = tmp_path / "shop"
    (project / ".capy").mkdir(parents=True)
    (project / ".capy" / "config.toml").write_text(
        f'[team]\nproject = "{alice.project}"\n', encoding="utf-8"
    )
    (project / "oncall.md").write_text(
        "# On call\n\nPage the database team through the pagerduty rotation named saffron.\n",
        encoding="utf-8",
    )
    alice_env = _member_env(team_server, alice.role, tmp_path)
    assert run_capy("index", "oncall.md", cwd=project, env=alice_env).returncode == 0
    bob_home = tmp_path / "bob"
    bob_home.mkdir()
    bob_env = {**_member_env(team_server, bob.role, bob_home), "HOME": str(bob_home)}
    before = run_capy("search", "saffron rotation", cwd=project, env=bob_env)
    assert "team:oncall.md" in before.stdout, before.stdout + before.stderr

    removed = run_capy(
        "team", "remove-member", "--url", owner, "--role", bob.role, "--project", alice.project,
        cwd=tmp_path,
    )  # fmt: skip
    assert removed.returncode == 0, removed.stderr
    assert f"role {bob.role} removed from {alice.project}" in removed.stdout
    again = run_capy(
        "team", "remove-member", "--url", owner, "--role", bob.role, "--project", alice.project,
        cwd=tmp_path,
    )  # fmt: skip
    assert again.returncode == 0 and "was not a member" in again.stdout

    after = run_capy("search", "saffron rotation", cwd=project, env=bob_env)
    assert "team:oncall.md" not in after.stdout and "pagerduty" not in after.stdout
    assert "No results." in after.stdout
    assert "not a member" in after.stdout + after.stderr
    still = run_capy("search", "saffron rotation", cwd=project, env=alice_env)
    assert "team:oncall.md" in still.stdout


def test_cleanup_keeps_the_team_s_sources_unless_told_team(
    team_server: TeamServerForTests, tmp_path: Path
) -> None:
    member = team_server.member()
    project = tmp_path / "shop"
    (project / ".capy").mkdir(parents=True)
    config = project / ".capy" / "config.toml"
    config.write_text(f'[team]\nproject = "{member.project}"\n', encoding="utf-8")
    (project / "architecture.md").write_text(
        "# Architecture\n\n" + "The billing service owns invoices and talks to ledger. " * 20,
        encoding="utf-8",
    )
    env = _member_env(team_server, member.role, tmp_path)
    assert run_capy("index", "architecture.md", cwd=project, env=env).returncode == 0
    # This machine's size limit shrinks after the team indexed it: the source is now oversized
    config.write_text(config.read_text() + "\n[store]\nmax_source_bytes = 200\n")

    kept = run_capy("cleanup", "--force", cwd=project, env=env)
    assert kept.returncode == 0, kept.stderr
    assert "Kept 1 team source" in kept.stdout and "--team" in kept.stdout
    assert "team:architecture.md" in run_capy("sources", cwd=project, env=env).stdout
    refused = run_capy(
        "cleanup", "--source", "team:architecture.md", "--force", cwd=project, env=env
    )
    assert refused.returncode != 0 and "--team" in refused.stderr

    removed = run_capy("cleanup", "--force", "--team", cwd=project, env=env)
    assert removed.returncode == 0, removed.stderr
    assert "team:architecture.md" in removed.stdout and "oversized" in removed.stdout
    assert "team:architecture.md" not in run_capy("sources", cwd=project, env=env).stdout
